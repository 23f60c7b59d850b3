import type { AccountView } from '@railyard/contract';
import * as rules from './rules.ts';
import { optionalText, type Problems } from './problems.ts';

/*
 * Builds validated, normalised profiles from request input. Create and PATCH
 * share this code: PATCH first merges the change into the stored profile
 * (see merge.ts), then the merged profile is checked as a whole, so an account
 * can never hold a profile that create would refuse.
 */

export type IndividualProfileDoc = NonNullable<AccountView['profile']['individual']>;
export type BusinessProfileDoc = NonNullable<AccountView['profile']['business']>;
export type AddressDoc = NonNullable<IndividualProfileDoc['address']>;
export type PhoneDoc = NonNullable<IndividualProfileDoc['phone']>;

export interface PhoneInput {
  number?: string | undefined;
  countryCode?: string | undefined;
}
export interface AddressInput {
  addressLine1?: string | undefined;
  addressLine2?: string | undefined;
  city?: string | undefined;
  stateOrProvince?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
}
export interface IdNumberInput {
  full?: string | undefined;
  lastFour?: string | undefined;
}
export interface GovernmentIDInput {
  ssn?: IdNumberInput | undefined;
  itin?: IdNumberInput | undefined;
}
export interface BirthDateInput {
  day?: number | undefined;
  month?: number | undefined;
  year?: number | undefined;
}
export interface IndividualInput {
  name?: { firstName?: string | undefined; middleName?: string | undefined; lastName?: string | undefined; suffix?: string | undefined } | undefined;
  phone?: PhoneInput | undefined;
  email?: string | undefined;
  address?: AddressInput | undefined;
  birthDate?: BirthDateInput | undefined;
  governmentID?: GovernmentIDInput | undefined;
}
export interface BusinessInput {
  legalBusinessName?: string | undefined;
  doingBusinessAs?: string | undefined;
  businessType?: BusinessProfileDoc['businessType'];
  address?: AddressInput | undefined;
  phone?: PhoneInput | undefined;
  email?: string | undefined;
  website?: string | undefined;
  description?: string | undefined;
  taxID?: { ein?: { number?: string | undefined } | undefined } | undefined;
  ownersProvided?: boolean | undefined;
  industryCodes?: { naics?: string | undefined; sic?: string | undefined; mcc?: string | undefined } | undefined;
  industry?: string | undefined;
  primaryRegulator?: BusinessProfileDoc['primaryRegulator'];
}

/** Values kept only in the `sensitive` column, never in a response. */
export interface SensitiveIndividual {
  birthDate?: { day: number; month: number; year: number };
  governmentID?: { ssn?: { full?: string; lastFour: string }; itin?: { full?: string; lastFour: string } };
}
export interface SensitiveBusiness {
  taxID?: { ein: { number: string } };
}

const blank = 'cannot be blank';

export function buildPhone(input: PhoneInput | undefined, path: string[], problems: Problems): PhoneDoc | undefined {
  const raw = optionalText(input?.number);
  if (raw === undefined) return undefined;
  const countryCode = digitsOrSelf(optionalText(input?.countryCode) ?? '1');
  const number = rules.digitsOf(raw);
  if (number === undefined) {
    problems.add([...path, 'number'], 'must be a valid phone number');
    return undefined;
  }
  const found = rules.phone(number, countryCode);
  problems.addAll(path, found);
  return { number, countryCode };
}

function digitsOrSelf(value: string): string {
  return value.replace(/^\+/, '');
}

export function buildAddress(input: AddressInput | undefined, path: string[], problems: Problems): AddressDoc | undefined {
  if (!input) return undefined;
  const line1 = optionalText(input.addressLine1);
  const line2 = optionalText(input.addressLine2);
  const city = optionalText(input.city);
  const state = optionalText(input.stateOrProvince)?.toUpperCase();
  const postal = optionalText(input.postalCode);
  const country = optionalText(input.country)?.toUpperCase();
  if ([line1, line2, city, state, postal, country].every((v) => v === undefined)) return undefined;
  problems.add([...path, 'addressLine1'], line1 === undefined ? blank : rules.printable(line1));
  if (line2 !== undefined) problems.add([...path, 'addressLine2'], rules.printable(line2));
  problems.add([...path, 'city'], city === undefined ? blank : rules.printable(city));
  problems.add([...path, 'stateOrProvince'], state === undefined ? blank : rules.usState(state));
  problems.add([...path, 'postalCode'], postal === undefined ? blank : rules.usPostalCode(postal));
  problems.add([...path, 'country'], country === undefined ? blank : country === 'US' ? undefined : 'must be US: only US addresses are supported');
  return {
    addressLine1: line1 ?? '',
    ...(line2 !== undefined ? { addressLine2: line2 } : {}),
    city: city ?? '',
    stateOrProvince: state ?? '',
    postalCode: postal ?? '',
    country: country ?? '',
  };
}

export function buildEmail(value: string | undefined, path: string[], problems: Problems): string | undefined {
  const email = optionalText(value);
  if (email !== undefined) problems.add(path, rules.email(email));
  return email;
}

function buildIdNumber(
  input: IdNumberInput | undefined,
  path: string[],
  problems: Problems,
  check: (full: string) => string | undefined,
): { full?: string; lastFour: string } | undefined {
  const full = optionalText(input?.full);
  const lastFour = optionalText(input?.lastFour);
  if (full === undefined && lastFour === undefined) return undefined;
  if (full !== undefined) {
    const problem = check(full);
    problems.add([...path, 'full'], problem);
    if (problem) return undefined;
    const digits = rules.nineDigits(full)!;
    if (lastFour !== undefined && lastFour !== digits.slice(5)) problems.add([...path, 'lastFour'], 'must match the last four digits of full');
    return { full: digits, lastFour: digits.slice(5) };
  }
  const problem = rules.lastFour(lastFour!);
  problems.add([...path, 'lastFour'], problem);
  return problem ? undefined : { lastFour: lastFour! };
}

export function buildIndividual(
  input: IndividualInput,
  path: string[],
  problems: Problems,
  today: Date,
): { profile: IndividualProfileDoc; sensitive: SensitiveIndividual } {
  const namePath = [...path, 'name'];
  const firstName = optionalText(input.name?.firstName);
  const middleName = optionalText(input.name?.middleName);
  const lastName = optionalText(input.name?.lastName);
  const suffix = optionalText(input.name?.suffix);
  problems.add([...namePath, 'firstName'], firstName === undefined ? blank : rules.personName(firstName));
  if (middleName !== undefined) problems.add([...namePath, 'middleName'], rules.personName(middleName));
  problems.add([...namePath, 'lastName'], lastName === undefined ? blank : rules.personName(lastName));
  if (suffix !== undefined) problems.add([...namePath, 'suffix'], rules.personName(suffix));

  const profile: IndividualProfileDoc = {
    name: {
      firstName: firstName ?? '',
      ...(middleName !== undefined ? { middleName } : {}),
      lastName: lastName ?? '',
      ...(suffix !== undefined ? { suffix } : {}),
    },
  };
  const phone = buildPhone(input.phone, [...path, 'phone'], problems);
  if (phone) profile.phone = phone;
  const email = buildEmail(input.email, [...path, 'email'], problems);
  if (email !== undefined) profile.email = email;
  const address = buildAddress(input.address, [...path, 'address'], problems);
  if (address) profile.address = address;

  const sensitive: SensitiveIndividual = {};
  const birth = input.birthDate;
  if (birth && (birth.day !== undefined || birth.month !== undefined || birth.year !== undefined)) {
    const birthPath = [...path, 'birthDate'];
    if (birth.day === undefined || birth.month === undefined || birth.year === undefined) {
      for (const part of ['day', 'month', 'year'] as const) if (birth[part] === undefined) problems.add([...birthPath, part], blank);
    } else {
      const date = { day: birth.day, month: birth.month, year: birth.year };
      const found = rules.birthDate(date, today);
      problems.addAll(birthPath, found);
      if (Object.keys(found).length === 0) sensitive.birthDate = date;
    }
  }
  if (input.governmentID) {
    const idPath = [...path, 'governmentID'];
    const ssn = buildIdNumber(input.governmentID.ssn, [...idPath, 'ssn'], problems, rules.ssn);
    const itin = buildIdNumber(input.governmentID.itin, [...idPath, 'itin'], problems, rules.itin);
    if (ssn || itin) sensitive.governmentID = { ...(ssn ? { ssn } : {}), ...(itin ? { itin } : {}) };
  }
  if (sensitive.birthDate) profile.birthDateProvided = true;
  if (sensitive.governmentID) profile.governmentIDProvided = true;
  return { profile, sensitive };
}

export function buildBusiness(
  input: BusinessInput,
  path: string[],
  problems: Problems,
): { profile: BusinessProfileDoc; sensitive: SensitiveBusiness } {
  const legalBusinessName = optionalText(input.legalBusinessName);
  problems.add([...path, 'legalBusinessName'], legalBusinessName === undefined ? blank : rules.printable(legalBusinessName));
  const profile: BusinessProfileDoc = { legalBusinessName: legalBusinessName ?? '', ownersProvided: input.ownersProvided ?? false };

  const dba = optionalText(input.doingBusinessAs);
  if (dba !== undefined) {
    problems.add([...path, 'doingBusinessAs'], rules.printable(dba));
    profile.doingBusinessAs = dba;
  }
  if (input.businessType !== undefined) profile.businessType = input.businessType;
  const address = buildAddress(input.address, [...path, 'address'], problems);
  if (address) profile.address = address;
  const phone = buildPhone(input.phone, [...path, 'phone'], problems);
  if (phone) profile.phone = phone;
  const email = buildEmail(input.email, [...path, 'email'], problems);
  if (email !== undefined) profile.email = email;
  const site = optionalText(input.website);
  if (site !== undefined) {
    problems.add([...path, 'website'], rules.website(site));
    profile.website = site;
  }
  const description = optionalText(input.description);
  if (description !== undefined) {
    problems.add([...path, 'description'], rules.lengthBetween(description, 10, 100) ?? rules.printable(description));
    profile.description = description;
  }
  const codes = input.industryCodes;
  if (codes) {
    const cleaned = {
      ...(optionalText(codes.naics) !== undefined ? { naics: optionalText(codes.naics)! } : {}),
      ...(optionalText(codes.sic) !== undefined ? { sic: optionalText(codes.sic)! } : {}),
      ...(optionalText(codes.mcc) !== undefined ? { mcc: optionalText(codes.mcc)! } : {}),
    };
    problems.addAll([...path, 'industryCodes'], rules.industryCodes(cleaned));
    if (Object.keys(cleaned).length > 0) profile.industryCodes = cleaned;
  }
  const industry = optionalText(input.industry);
  if (industry !== undefined) profile.industry = industry;
  if (input.primaryRegulator !== undefined) profile.primaryRegulator = input.primaryRegulator;

  const sensitive: SensitiveBusiness = {};
  const einNumber = optionalText(input.taxID?.ein?.number);
  if (einNumber !== undefined) {
    const problem = rules.ein(einNumber, input.businessType === 'soleProprietorship');
    problems.add([...path, 'taxID', 'ein', 'number'], problem);
    if (!problem) sensitive.taxID = { ein: { number: einNumber.replace(/-/g, '') } };
  }
  if (sensitive.taxID) profile.taxIDProvided = true;
  return { profile, sensitive };
}

/** What the account is called in lists: "First Last" for people, the DBA or legal name for businesses. */
export function displayNameOf(profile: AccountView['profile']): string {
  if (profile.individual) return `${profile.individual.name.firstName} ${profile.individual.name.lastName}`.trim();
  if (profile.business) return profile.business.doingBusinessAs ?? profile.business.legalBusinessName;
  return profile.guest?.name ?? '';
}

/** Every name `name` search matches, lower-cased. */
export function searchNameOf(displayName: string, profile: AccountView['profile']): string {
  const names = [displayName];
  const person = profile.individual?.name;
  if (person) names.push(person.firstName, person.middleName ?? '', person.lastName);
  if (profile.business) names.push(profile.business.legalBusinessName, profile.business.doingBusinessAs ?? '');
  return names
    .filter((n) => n !== '')
    .join('\n')
    .toLowerCase();
}
