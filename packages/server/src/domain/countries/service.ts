import type { AccountCountriesView } from '@railyard/contract';
import type { Clock } from '../../kernel/clock.ts';
import { ValidationFailed } from '../../kernel/errors.ts';
import type { Store } from '../../store/port.ts';
import { findAccountCountries, replaceAccountCountries } from '../../store/repos/account-countries.ts';
import { accessibleAccount, writableAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { findCountry, SANCTIONED } from './catalog.ts';

/**
 * Countries of operation of an account (GET/PUT /accounts/{accountID}/countries,
 * decision 1752). The caller sees and changes them for accounts it can see, as
 * for the account itself; a PUT replaces the whole list.
 */
export class CountryService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, accountID: string): Promise<AccountCountriesView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      return { countries: (await findAccountCountries(sql, accountID)) ?? [] };
    });
  }

  async assign(caller: Caller, accountID: string, requested: readonly string[]): Promise<AccountCountriesView> {
    const countries = normalise(requested);
    return this.store.write(async (sql) => {
      await writableAccount(sql, caller, accountID);
      await replaceAccountCountries(sql, accountID, countries, this.clock.now().toISOString());
      return { countries };
    });
  }
}

/**
 * Each entry as the country's English name, first occurrence kept; every
 * refused entry is reported at its index, so a caller fixes them all at once.
 */
function normalise(requested: readonly string[]): string[] {
  const problems: Record<string, string> = {};
  const names: string[] = [];
  requested.forEach((text, index) => {
    const country = findCountry(text);
    if (!country) problems[String(index)] = 'must be a country name such as United States, or an ISO 3166-1 alpha-2 code such as US';
    else if (SANCTIONED.has(country.code)) problems[String(index)] = `${country.name} is not supported: it is under comprehensive US sanctions`;
    else if (!names.includes(country.name)) names.push(country.name);
  });
  if (Object.keys(problems).length > 0) throw new ValidationFailed({ countries: problems });
  return names;
}
