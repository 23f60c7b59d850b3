import { z } from 'zod';

/*
 * Countries of operation (docs/onboarding.md, decision 1752): SDK 26.2.0
 * `AccountCountries` and `AssignCountriesError`. A country is named as Moov
 * shows it ("United States") or by its ISO 3166-1 alpha-2 code ("US").
 */

export const MAX_OPERATING_COUNTRIES = 50;

export const AccountCountries = z
  .object({ countries: z.array(z.string().max(64, 'the length must be no more than 64')).max(MAX_OPERATING_COUNTRIES) })
  .meta({ id: 'AccountCountries' });
export type AccountCountriesView = z.output<typeof AccountCountries>;

export const AssignCountriesError = z
  .object({ countries: z.record(z.string(), z.string()).optional(), error: z.string().optional() })
  .meta({ id: 'AssignCountriesError' });
