import {
  expiresOn,
  failedRound,
  isRoundExpired,
  railRejected,
  startedRound,
  startRefusal,
  verified,
  type BankAccountStanding,
  type StartRefusal,
} from './bank-account-status.ts';
import type { RandomInt } from './microdeposits.ts';

/**
 * Instant (micro-deposit) verification as a pure state machine: one $0.01
 * credit carrying a 4-digit code (shown to the holder as `MV1234`), sent over
 * RTP or FedNow when the bank takes them (`instant`), else same-day ACH
 * (`ach`). The holder has 14 days and five tries to enter the code.
 *
 *   new ──credit accepted──▶ sent-credit ──right code──▶ successful
 *    │                          ├──5 wrong codes──▶ max-attempts-exceeded
 *    └──credit rejected──▶ failed       └──14 days──▶ expired
 */
export const INSTANT_VERIFICATION_STATUSES = [
  'new',
  'sent-credit',
  'max-attempts-exceeded',
  'failed',
  'expired',
  'successful',
] as const;
export type InstantVerificationStatus = (typeof INSTANT_VERIFICATION_STATUSES)[number];
export type VerificationMethod = 'instant' | 'ach';

export const MAX_CODE_ATTEMPTS = 5;
/** [Railyard] The sandbox always sends code 0000, as it always sends $0.00 micro-deposits. */
export const SANDBOX_VERIFICATION_CODE = '0000';
export const VERIFICATION_CREDIT_CENTS = 1;

/** SDK `BankAccountException`. */
export interface VerificationException {
  achReturnCode?: string;
  rtpRejectionCode?: string;
  fednowRejectionCode?: string;
  description: string;
}

export interface InstantVerificationRound {
  verificationMethod: VerificationMethod;
  status: InstantVerificationStatus;
  /** Four digits, without the `MV` prefix. */
  code: string;
  initiatedOn: Date;
  expiresOn: Date;
  failedAttempts: number;
  exceptionDetails?: VerificationException;
}

export interface InstantVerificationState {
  standing: BankAccountStanding;
  round?: InstantVerificationRound;
}

const OPEN_STATUSES: ReadonlySet<InstantVerificationStatus> = new Set(['new', 'sent-credit']);

export function isRoundOpen(round: InstantVerificationRound | undefined): boolean {
  return round !== undefined && OPEN_STATUSES.has(round.status);
}

/** Which rail carries the credit: an instant one when the bank is reachable on RTP or FedNow. */
export function verificationMethodFor(bank: { rtp: boolean; fedNow: boolean }): VerificationMethod {
  return bank.rtp || bank.fedNow ? 'instant' : 'ach';
}

export function verificationCode(sandbox: boolean, randomInt: RandomInt): string {
  if (sandbox) return SANDBOX_VERIFICATION_CODE;
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/**
 * `MV1234`, `mv1234` and `1234` are the documented forms; any mix of case
 * in the prefix is taken too. Returns the four digits, or undefined.
 */
export function parseVerificationCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:mv)?([0-9]{4})$/i.exec(value.trim());
  return match?.[1];
}

/**
 * Records an open round past its expiry: `expired`, and a failed round for
 * the account (`verification-expired`). Same object back when nothing is due.
 */
export function expireIfDue(state: InstantVerificationState, now: Date): InstantVerificationState {
  const round = state.round;
  if (round === undefined || !isRoundOpen(round) || !isRoundExpired(round.expiresOn, now)) return state;
  return { standing: failedRound(state.standing, 'verification-expired'), round: { ...round, status: 'expired' } };
}

export type InitiateOutcome =
  | { kind: 'initiated'; state: InstantVerificationState }
  /** `state`, when present, records an expiry found on the way and must be stored. */
  | { kind: 'refused'; reason: StartRefusal; state?: InstantVerificationState };

export function initiateInstantVerification(
  state: InstantVerificationState,
  input: { now: Date; sandbox: boolean; randomInt: RandomInt; bank: { rtp: boolean; fedNow: boolean } },
): InitiateOutcome {
  const current = expireIfDue(state, input.now);
  const refusal = startRefusal(current.standing, isRoundOpen(current.round));
  if (refusal !== undefined) return { kind: 'refused', reason: refusal, ...(current !== state ? { state: current } : {}) };
  const round: InstantVerificationRound = {
    verificationMethod: verificationMethodFor(input.bank),
    status: 'new',
    code: verificationCode(input.sandbox, input.randomInt),
    initiatedOn: input.now,
    expiresOn: expiresOn(input.now),
    failedAttempts: 0,
  };
  return { kind: 'initiated', state: { standing: startedRound(current.standing), round } };
}

/** The rail accepted the credit: the code is now in the holder's transaction history. */
export function creditSent(state: InstantVerificationState): InstantVerificationState {
  if (state.round?.status !== 'new') return state;
  return { ...state, round: { ...state.round, status: 'sent-credit' } };
}

/** The rail rejected or returned the credit. */
export function creditFailed(state: InstantVerificationState, exception: VerificationException): InstantVerificationState {
  const round = state.round;
  if (round === undefined || !isRoundOpen(round)) return state;
  const code = exception.rtpRejectionCode ?? exception.fednowRejectionCode ?? exception.achReturnCode ?? '';
  const reason =
    exception.rtpRejectionCode !== undefined
      ? 'rtp-credit-failure'
      : exception.fednowRejectionCode !== undefined
        ? 'fednow-credit-failure'
        : 'ach-credit-return';
  return {
    standing: railRejected(state.standing, reason, code),
    round: { ...round, status: 'failed', exceptionDetails: exception },
  };
}

export type CompleteOutcome =
  | { kind: 'invalid-code' }
  | { kind: 'refused'; reason: 'already-verified' | 'no-open-verification' | 'credit-not-sent' }
  | { kind: 'successful'; state: InstantVerificationState }
  | { kind: 'wrong-code'; state: InstantVerificationState; attemptsRemaining: number }
  | { kind: 'max-attempts-exceeded'; state: InstantVerificationState }
  | { kind: 'expired'; state: InstantVerificationState };

/**
 * Checks a submitted code. `invalid-code` (not a code at all) and `refused`
 * change nothing and use no attempt; every other outcome carries the state to
 * store.
 */
export function completeInstantVerification(state: InstantVerificationState, submitted: unknown, now: Date): CompleteOutcome {
  const code = parseVerificationCode(submitted);
  if (code === undefined) return { kind: 'invalid-code' };
  if (state.standing.status === 'verified') return { kind: 'refused', reason: 'already-verified' };
  const current = expireIfDue(state, now);
  if (current !== state) return { kind: 'expired', state: current };
  const round = state.round;
  if (round === undefined || !isRoundOpen(round)) return { kind: 'refused', reason: 'no-open-verification' };
  if (round.status !== 'sent-credit') return { kind: 'refused', reason: 'credit-not-sent' };

  if (code === round.code) {
    return { kind: 'successful', state: { standing: verified(state.standing), round: { ...round, status: 'successful' } } };
  }
  const failedAttempts = round.failedAttempts + 1;
  if (failedAttempts >= MAX_CODE_ATTEMPTS) {
    return {
      kind: 'max-attempts-exceeded',
      state: {
        standing: failedRound(state.standing, 'verification-attempts-exceeded'),
        round: { ...round, failedAttempts, status: 'max-attempts-exceeded' },
      },
    };
  }
  return {
    kind: 'wrong-code',
    state: { standing: state.standing, round: { ...round, failedAttempts } },
    attemptsRemaining: MAX_CODE_ATTEMPTS - failedAttempts,
  };
}
