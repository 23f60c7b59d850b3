import { BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_STATUS_REASONS } from '@railyard/contract';

/**
 * A bank account's verification standing (`status` + `statusReason`) and the
 * rules shared by both ways of verifying it (micro-deposits and instant
 * verification). Vocabulary from SDK 26.2.0, as the contract defines it; meanings from Moov's bank
 * account status guide:
 *   new → pending → verified
 *   pending → verificationFailed (reverify) | errored (link a new account)
 */
export { BANK_ACCOUNT_STATUSES, BANK_ACCOUNT_STATUS_REASONS };
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
export type BankAccountStatusReason = (typeof BANK_ACCOUNT_STATUS_REASONS)[number];

/** What a bank account row remembers about verification across rounds. */
export interface BankAccountStanding {
  status: BankAccountStatus;
  statusReason: BankAccountStatusReason;
  /** Verification rounds (of either method) that ended without success. */
  failedRounds: number;
}

/** "Verification can be attempted a total of three times per bank account." */
export const MAX_FAILED_ROUNDS = 3;

/** Days a round (micro-deposit amounts or an instant code) stays usable. */
export const VERIFICATION_VALID_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const NEW_BANK_ACCOUNT: BankAccountStanding = {
  status: 'new',
  statusReason: 'bank-account-created',
  failedRounds: 0,
};

export type StartRefusal = 'already-verified' | 'verification-in-progress' | 'errored';

/**
 * Whether a new verification round may start. `roundActive` is true when the
 * current round is still usable (not finished, not expired): starting another
 * would strand amounts or a code the holder may already see.
 */
export function startRefusal(standing: BankAccountStanding, roundActive: boolean): StartRefusal | undefined {
  if (standing.status === 'verified') return 'already-verified';
  if (standing.status === 'errored') return 'errored';
  if (standing.status === 'pending' && roundActive) return 'verification-in-progress';
  return undefined;
}

export function startedRound(standing: BankAccountStanding): BankAccountStanding {
  return { ...standing, status: 'pending', statusReason: 'verification-initiated' };
}

export function verified(standing: BankAccountStanding): BankAccountStanding {
  return { ...standing, status: 'verified', statusReason: 'verification-successful' };
}

/**
 * A round ended without success: the holder may reverify
 * (`verificationFailed` with the round's reason) until the third failed round,
 * after which the account is `errored` with `max-verification-failures`.
 */
export function failedRound(standing: BankAccountStanding, reason: BankAccountStatusReason): BankAccountStanding {
  const failedRounds = standing.failedRounds + 1;
  if (failedRounds >= MAX_FAILED_ROUNDS) {
    return { status: 'errored', statusReason: 'max-verification-failures', failedRounds };
  }
  return { status: 'verificationFailed', statusReason: reason, failedRounds };
}

/**
 * A verification credit (or micro-deposit) was rejected or returned by the
 * holder's bank. Codes that say the account cannot take money (closed, not
 * found, invalid, frozen, holder deceased) make the account `errored`: a new
 * account must be linked. Any other rejection counts as a failed round.
 */
export const ACCOUNT_UNUSABLE_CODES: ReadonlySet<string> = new Set([
  // ACH returns
  'R02', 'R03', 'R04', 'R14', 'R15', 'R16', 'R20',
  // RTP rejections
  'AC03', 'AC04', 'AC06', 'AC14', 'MD07',
]);

export function railRejected(
  standing: BankAccountStanding,
  reason: Extract<BankAccountStatusReason, 'micro-deposit-return' | 'ach-credit-return' | 'rtp-credit-failure' | 'fednow-credit-failure'>,
  code: string,
): BankAccountStanding {
  if (ACCOUNT_UNUSABLE_CODES.has(code)) return { ...standing, status: 'errored', statusReason: reason };
  return failedRound(standing, reason);
}

export function expiresOn(initiatedOn: Date): Date {
  return new Date(initiatedOn.getTime() + VERIFICATION_VALID_DAYS * DAY_MS);
}

/** A round expires at the instant `expiresOn`: from then on it is gone. */
export function isRoundExpired(roundExpiresOn: Date, now: Date): boolean {
  return now.getTime() >= roundExpiresOn.getTime();
}
