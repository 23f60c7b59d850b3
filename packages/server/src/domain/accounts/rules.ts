import { isIP } from 'node:net';

/*
 * Field rules of account profiles. Each answers undefined when the value is
 * good, else the message for the 422 map (worded like Moov's, which come from
 * Go's ozzo-validation). Values arrive trimmed.
 */

/** USPS codes: 50 states, DC, territories and military "states". */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP AA AE AP'
  ).split(' '),
);

export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 120;

// Pragmatic email shape: local@domain.tld, no spaces, one @, a dot in the domain.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
// Moov's name pattern: Latin-1 letters, digits, spaces and a few punctuation marks.
const PERSON_NAME = /^[À-ÖØ-öø-ÿ"'(),\-.0-9A-Za-z~ &!]+$/;
// Moov's pattern for business names, descriptions and address lines: printable ASCII.
const PRINTABLE = /^[a-zA-Z0-9,./?:'"|~!@#$%^&*()\-+_= ]+$/;
const STATEMENT_DESCRIPTOR = /^[a-zA-Z0-9.!*\-+_ ]+$/;
const ACH_COMPANY_NAME = /^[a-zA-Z0-9\- ]+$/;
// IRS campus prefixes that are never assigned to an EIN.
const UNASSIGNED_EIN_PREFIXES = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);

export function email(value: string): string | undefined {
  if (value.length > 255 || !EMAIL.test(value)) return 'must be a valid email address';
  return undefined;
}

export function personName(value: string): string | undefined {
  return PERSON_NAME.test(value) ? undefined : 'must be in a valid format';
}

export function printable(value: string): string | undefined {
  return PRINTABLE.test(value) ? undefined : 'must be in a valid format';
}

export function lengthBetween(value: string, min: number, max: number): string | undefined {
  return value.length < min || value.length > max ? `the length must be between ${min} and ${max}` : undefined;
}

/** Digits only: callers may format numbers with spaces, dashes, dots or parentheses. */
export function digitsOf(value: string): string | undefined {
  const stripped = value.replace(/[\s\-.()]/g, '').replace(/^\+/, '');
  return /^\d+$/.test(stripped) ? stripped : undefined;
}

/** A phone number; US/Canada (country code 1) numbers follow the NANP: ten digits, area and exchange not starting 0/1. */
export function phone(number: string, countryCode: string): { number?: string; countryCode?: string } {
  const problems: { number?: string; countryCode?: string } = {};
  if (!/^\d{1,3}$/.test(countryCode)) problems.countryCode = 'must be a valid country calling code';
  if (countryCode === '1') {
    if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(number)) problems.number = 'must be a valid US phone number';
  } else if (!/^\d{4,14}$/.test(number)) {
    problems.number = 'must be a valid phone number';
  }
  return problems;
}

export function usState(value: string): string | undefined {
  return US_STATE_CODES.has(value) ? undefined : 'must be a valid US state code';
}

export function usPostalCode(value: string): string | undefined {
  return /^\d{5}$/.test(value) && value !== '00000' ? undefined : 'must be a valid five-digit US postal code';
}

/** A website: http(s) URL, or a bare host name that becomes one. */
export function website(value: string): string | undefined {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return 'must be a valid URL';
    return undefined;
  } catch {
    return 'must be a valid URL';
  }
}

export function ipAddress(value: string): string | undefined {
  return isIP(value) === 0 ? 'must be a valid IP address' : undefined;
}

/** A birth date that exists in the calendar, is not in the future and gives a plausible age. */
export function birthDate(
  date: { day: number; month: number; year: number },
  today: Date,
): { day?: string; month?: string; year?: string } {
  if (date.month < 1 || date.month > 12) return { month: 'must be between 1 and 12' };
  if (date.year < 1000 || date.year > 9999) return { year: 'must be a four-digit year' };
  const daysInMonth = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
  if (date.day < 1 || date.day > daysInMonth) return { day: `must be between 1 and ${daysInMonth} for that month` };
  const born = Date.UTC(date.year, date.month - 1, date.day);
  if (born > today.getTime()) return { year: 'must not be in the future' };
  const age = ageOn(date, today);
  if (age < MIN_AGE_YEARS) return { year: `must give an age of at least ${MIN_AGE_YEARS} years` };
  if (age > MAX_AGE_YEARS) return { year: `must give an age of at most ${MAX_AGE_YEARS} years` };
  return {};
}

function ageOn(date: { day: number; month: number; year: number }, today: Date): number {
  const beforeBirthday =
    today.getUTCMonth() + 1 < date.month || (today.getUTCMonth() + 1 === date.month && today.getUTCDate() < date.day);
  return today.getUTCFullYear() - date.year - (beforeBirthday ? 1 : 0);
}

/** Nine digits, optionally dashed 3-2-4; answers the digits. */
export function nineDigits(value: string): string | undefined {
  return /^\d{3}-?\d{2}-?\d{4}$/.test(value) ? value.replace(/-/g, '') : undefined;
}

/** SSA rules: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssn(value: string): string | undefined {
  const digits = nineDigits(value);
  if (!digits) return 'must be a valid social security number';
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area.startsWith('9') || digits.slice(3, 5) === '00' || digits.slice(5) === '0000') {
    return 'must be a valid social security number';
  }
  return undefined;
}

/** IRS rules: starts with 9, digits 4-5 in 50-65, 70-88, 90-92 or 94-99. */
export function itin(value: string): string | undefined {
  const digits = nineDigits(value);
  if (!digits || !digits.startsWith('9')) return 'must be a valid individual taxpayer identification number';
  const group = Number(digits.slice(3, 5));
  const ok = (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94;
  return ok ? undefined : 'must be a valid individual taxpayer identification number';
}

export function lastFour(value: string): string | undefined {
  return /^\d{4}$/.test(value) ? undefined : 'must be the last four digits';
}

/** An EIN (NN-NNNNNNN with an assigned prefix); a sole proprietor may give an SSN instead. */
export function ein(value: string, soleProprietor: boolean): string | undefined {
  if (/^\d{2}-?\d{7}$/.test(value) && !UNASSIGNED_EIN_PREFIXES.has(value.slice(0, 2))) return undefined;
  if (soleProprietor && ssn(value) === undefined) return undefined;
  return 'must be a valid employer identification number';
}

export function statementDescriptor(value: string): string | undefined {
  return lengthBetween(value, 4, 22) ?? (STATEMENT_DESCRIPTOR.test(value) ? undefined : 'must be in a valid format');
}

export function achCompanyName(value: string): string | undefined {
  return lengthBetween(value, 1, 16) ?? (ACH_COMPANY_NAME.test(value) ? undefined : 'must be in a valid format');
}

export function foreignID(value: string): string | undefined {
  return lengthBetween(value, 1, 64) ?? printable(value);
}

export function industryCodes(codes: { naics?: string; sic?: string; mcc?: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (codes.naics !== undefined && !/^\d{2,6}$/.test(codes.naics)) problems['naics'] = 'must be 2 to 6 digits';
  if (codes.sic !== undefined && !/^\d{4}$/.test(codes.sic)) problems['sic'] = 'must be 4 digits';
  if (codes.mcc !== undefined && !/^\d{4}$/.test(codes.mcc)) problems['mcc'] = 'must be 4 digits';
  return problems;
}
