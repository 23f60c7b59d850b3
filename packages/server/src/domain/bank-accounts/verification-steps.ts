import type { StartRefusal } from '../sources/bank-account-status.ts';
import { BadRequest, Conflict, ValidationFailed, type DomainError } from '../../kernel/errors.ts';
import {
  completeInstantVerification,
  creditSent,
  expireIfDue as expireInstantIfDue,
  initiateInstantVerification,
  isRoundOpen,
  type InstantVerificationRound,
  type InstantVerificationState,
} from '../sources/instant-verification.ts';
import {
  completeMicroDeposits,
  expireIfDue as expireMicroIfDue,
  initiateMicroDeposits,
  type MicroDepositState,
  type RandomInt,
} from '../sources/microdeposits.ts';
import type { VerificationRecord } from '../sources/bank-account-record.ts';

/**
 * The verification operations as pure steps over a bank account's record:
 * each answers the record to store and either the response value or the
 * error to send once the record is stored (a wrong report still uses a try).
 * The rules themselves are the state machines of `domain/sources/`.
 */
export interface StepResult<T> {
  record: VerificationRecord;
  outcome: { ok: true; value: T } | { ok: false; error: DomainError };
}

export interface VerificationView {
  verificationMethod: InstantVerificationRound['verificationMethod'];
  status: InstantVerificationRound['status'];
  exceptionDetails?: InstantVerificationRound['exceptionDetails'];
}

export function verificationView(round: InstantVerificationRound): VerificationView {
  return {
    verificationMethod: round.verificationMethod,
    status: round.status,
    ...(round.exceptionDetails ? { exceptionDetails: round.exceptionDetails } : {}),
  };
}

const ok = <T>(record: VerificationRecord, value: T): StepResult<T> => ({ record, outcome: { ok: true, value } });
const fail = <T>(record: VerificationRecord, error: DomainError): StepResult<T> => ({ record, outcome: { ok: false, error } });

const withMicro = (record: VerificationRecord, state: MicroDepositState): VerificationRecord => ({
  ...record,
  standing: state.standing,
  micro: state.round,
});
const withInstant = (record: VerificationRecord, state: InstantVerificationState): VerificationRecord => ({
  ...record,
  standing: state.standing,
  instant: state.round,
});

/**
 * Records rounds of either method that outlived their 14 days. Answers the
 * same object when nothing fell due, so callers can tell there is nothing to store.
 */
export function expireRounds(record: VerificationRecord, now: Date): VerificationRecord {
  let next = record;
  const micro: MicroDepositState = { standing: next.standing, round: next.micro };
  const microAfter = expireMicroIfDue(micro, now);
  if (microAfter !== micro) next = withMicro(next, microAfter);
  const instant: InstantVerificationState = { standing: next.standing, round: next.instant };
  const instantAfter = expireInstantIfDue(instant, now);
  if (instantAfter !== instant) next = withInstant(next, instantAfter);
  return next;
}

const START_REFUSALS: Record<StartRefusal, string> = {
  'already-verified': 'the bank account is already verified',
  'verification-in-progress': 'a verification of this bank account is already in progress',
  errored: 'the bank account is errored and cannot be verified: link a new bank account',
};
const ALREADY_VERIFIED = 'the bank account is already verified';

/** One round at a time across both methods: a live round of the other method also blocks a start. */
function otherRoundLive(record: VerificationRecord, starting: 'micro' | 'instant'): boolean {
  if (record.standing.status !== 'pending') return false;
  return starting === 'micro' ? isRoundOpen(record.instant) : record.micro?.open === true;
}

export function initiateMicro(
  record: VerificationRecord,
  input: { now: Date; sandbox: boolean; randomInt: RandomInt },
): StepResult<undefined> {
  if (otherRoundLive(record, 'micro')) return fail(record, new Conflict(START_REFUSALS['verification-in-progress']));
  const outcome = initiateMicroDeposits({ standing: record.standing, round: record.micro }, input);
  if (outcome.kind === 'refused') return fail(record, new Conflict(START_REFUSALS[outcome.reason]));
  return ok({ ...withMicro(record, outcome.state), exceptionDetails: undefined }, undefined);
}

export function completeMicro(record: VerificationRecord, amounts: unknown, now: Date): StepResult<{ status: 'verified' }> {
  const outcome = completeMicroDeposits({ standing: record.standing, round: record.micro }, amounts, now);
  switch (outcome.kind) {
    case 'invalid':
      return fail(record, new ValidationFailed({ amounts: outcome.reason }));
    case 'refused':
      return fail(
        record,
        new Conflict(outcome.reason === 'already-verified' ? ALREADY_VERIFIED : 'no micro-deposits are waiting to be confirmed for this bank account'),
      );
    case 'verified':
      return ok(withMicro(record, outcome.state), { status: 'verified' });
    case 'mismatch':
      return fail(
        withMicro(record, outcome.state),
        new BadRequest(`the amounts do not match the micro-deposits; ${tries(outcome.attemptsRemaining)} left`),
      );
    case 'attempts-exceeded':
      return fail(withMicro(record, outcome.state), new BadRequest(`the amounts do not match the micro-deposits; ${roundOver(outcome.state.standing.status)}`));
    case 'expired':
      return fail(withMicro(record, outcome.state), new Conflict(`the micro-deposits expired; ${roundOver(outcome.state.standing.status)}`));
  }
}

export function initiateInstant(
  record: VerificationRecord,
  input: { now: Date; sandbox: boolean; randomInt: RandomInt; bank: { rtp: boolean; fedNow: boolean } },
): StepResult<VerificationView> {
  if (otherRoundLive(record, 'instant')) return fail(record, new Conflict(START_REFUSALS['verification-in-progress']));
  const outcome = initiateInstantVerification({ standing: record.standing, round: record.instant }, input);
  if (outcome.kind === 'refused') return fail(record, new Conflict(START_REFUSALS[outcome.reason]));
  // The sandbox rails take the credit at once, so the round leaves `new` in the same unit of work.
  const sent = creditSent(outcome.state);
  const next = { ...withInstant(record, sent), exceptionDetails: undefined };
  return ok(next, verificationView(sent.round as InstantVerificationRound));
}

export function completeInstant(record: VerificationRecord, code: unknown, now: Date): StepResult<VerificationView> {
  const outcome = completeInstantVerification({ standing: record.standing, round: record.instant }, code, now);
  switch (outcome.kind) {
    case 'invalid-code':
      return fail(record, new ValidationFailed({ error: 'code must be four digits, written MV1234, mv1234 or 1234' }));
    case 'refused':
      return fail(record, new Conflict(REFUSED_CODES[outcome.reason]));
    case 'wrong-code':
      return fail(withInstant(record, outcome.state), new BadRequest(`the code does not match; ${tries(outcome.attemptsRemaining)} left`));
    case 'successful':
    case 'max-attempts-exceeded':
    case 'expired':
      return ok(withInstant(record, outcome.state), verificationView(outcome.state.round as InstantVerificationRound));
  }
}

const REFUSED_CODES = {
  'already-verified': ALREADY_VERIFIED,
  'no-open-verification': 'no instant verification of this bank account is waiting for a code',
  'credit-not-sent': 'the verification credit has not been sent yet',
} as const;

function tries(n: number): string {
  return n === 1 ? '1 try' : `${n} tries`;
}

function roundOver(status: string): string {
  return status === 'errored'
    ? 'verification failed three times and the bank account is now errored: link a new bank account'
    : 'no tries left: start a new verification';
}
