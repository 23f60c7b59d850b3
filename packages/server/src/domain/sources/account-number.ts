import { isDigits, lengthBetween, MESSAGES } from './field-errors.ts';

/**
 * US bank account numbers as carried in an ACH entry's DFI account number
 * field: 17 positions at most. Fewer than 4 digits is not a real account and
 * would leave `lastFourAccountNumber` meaningless. Leading zeros are kept:
 * banks treat `0012345` and `12345` as different accounts.
 */
export const ACCOUNT_NUMBER_MIN_LENGTH = 4;
export const ACCOUNT_NUMBER_MAX_LENGTH = 17;

export const ACCOUNT_NUMBER_MESSAGES = {
  allZeros: 'must be a valid account number (cannot be all zeros)',
} as const;

export type AccountNumberCheck = { ok: true; accountNumber: string } | { ok: false; reason: string };

/** Validates an account number exactly as given: digits only, no separators. */
export function checkAccountNumber(value: string): AccountNumberCheck {
  if (value === '') return { ok: false, reason: MESSAGES.blank };
  if (!isDigits(value)) return { ok: false, reason: MESSAGES.digitsOnly };
  if (value.length < ACCOUNT_NUMBER_MIN_LENGTH || value.length > ACCOUNT_NUMBER_MAX_LENGTH) {
    return { ok: false, reason: lengthBetween(ACCOUNT_NUMBER_MIN_LENGTH, ACCOUNT_NUMBER_MAX_LENGTH) };
  }
  if (/^0+$/.test(value)) return { ok: false, reason: ACCOUNT_NUMBER_MESSAGES.allZeros };
  return { ok: true, accountNumber: value };
}

/** The last four characters: what `lastFourAccountNumber` shows and all that is shown. */
export function lastFour(accountNumber: string): string {
  if (accountNumber.length < ACCOUNT_NUMBER_MIN_LENGTH) {
    throw new RangeError('lastFour needs a validated account number of at least 4 digits');
  }
  return accountNumber.slice(-4);
}
