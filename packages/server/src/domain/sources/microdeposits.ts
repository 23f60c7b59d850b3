import {
  expiresOn,
  failedRound,
  isRoundExpired,
  startedRound,
  startRefusal,
  verified,
  type BankAccountStanding,
  type StartRefusal,
} from './bank-account-status.ts';

/**
 * Traditional micro-deposit verification as a pure state machine: two small
 * credits, the holder reports both amounts, three wrong reports end the round.
 *
 * Amounts: the sandbox always sends $0.00 / $0.00 (Moov's documented sandbox
 * behaviour); otherwise two different amounts of 1 to 49 cents (Moov: "each
 * micro-deposit can be up to .49¢", "two unique values").
 */
export const MICRO_DEPOSIT_MAX_CENTS = 49;
export const MICRO_DEPOSIT_MIN_CENTS = 1;
export const SANDBOX_MICRO_DEPOSIT_AMOUNTS: MicroDepositAmounts = [0, 0];
/** Wrong reports allowed per round ("max 3 tries"). */
export const MAX_MICRO_DEPOSIT_ATTEMPTS = 3;

export type MicroDepositAmounts = readonly [number, number];

/** The current round, stored beside the bank account's standing. */
export interface MicroDepositRound {
  amounts: MicroDepositAmounts;
  initiatedOn: Date;
  expiresOn: Date;
  failedAttempts: number;
  /** False once the round ended (verified, attempts exceeded, expired). */
  open: boolean;
}

export interface MicroDepositState {
  standing: BankAccountStanding;
  round?: MicroDepositRound;
}

/** `crypto.randomInt` or a seeded stand-in: an integer in [min, max). */
export type RandomInt = (min: number, max: number) => number;

export function microDepositAmounts(sandbox: boolean, randomInt: RandomInt): MicroDepositAmounts {
  if (sandbox) return SANDBOX_MICRO_DEPOSIT_AMOUNTS;
  const first = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS + 1);
  // Draw the second from the remaining 48 values so the two always differ.
  let second = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS);
  if (second >= first) second += 1;
  return [first, second];
}

/** What the recouping debit takes back. */
export function recoupAmount(amounts: MicroDepositAmounts): number {
  return amounts[0] + amounts[1];
}

function roundActive(round: MicroDepositRound | undefined, now: Date): boolean {
  return round !== undefined && round.open && !isRoundExpired(round.expiresOn, now);
}

/**
 * Records a round left open past its expiry as a failed round
 * (`micro-deposit-expired`). Returns the same object when nothing is due, so
 * callers can tell whether there is a change to store. Apply it on reads too.
 */
export function expireIfDue(state: MicroDepositState, now: Date): MicroDepositState {
  const round = state.round;
  if (round === undefined || !round.open || !isRoundExpired(round.expiresOn, now)) return state;
  return { standing: failedRound(state.standing, 'micro-deposit-expired'), round: { ...round, open: false } };
}

export type InitiateOutcome =
  | { kind: 'initiated'; state: MicroDepositState; amounts: MicroDepositAmounts }
  /** `state`, when present, records an expiry found on the way and must be stored. */
  | { kind: 'refused'; reason: StartRefusal; state?: MicroDepositState };

/** Starts a round on a `new` or `verificationFailed` account, or a `pending` one whose round is over. */
export function initiateMicroDeposits(
  state: MicroDepositState,
  input: { now: Date; sandbox: boolean; randomInt: RandomInt },
): InitiateOutcome {
  const current = expireIfDue(state, input.now);
  const refusal = startRefusal(current.standing, roundActive(current.round, input.now));
  if (refusal !== undefined) return { kind: 'refused', reason: refusal, ...(current !== state ? { state: current } : {}) };
  const amounts = microDepositAmounts(input.sandbox, input.randomInt);
  const round: MicroDepositRound = {
    amounts,
    initiatedOn: input.now,
    expiresOn: expiresOn(input.now),
    failedAttempts: 0,
    open: true,
  };
  return { kind: 'initiated', state: { standing: startedRound(current.standing), round }, amounts };
}

export const MICRO_DEPOSIT_MESSAGES = {
  shape: 'must be two whole numbers of cents',
  range: `each amount must be from 0 to ${MICRO_DEPOSIT_MAX_CENTS} cents`,
} as const;

/** The body's `amounts`, or the 422 message for `MicroDepositValidationError.amounts`. */
export function parseSubmittedAmounts(value: unknown): { ok: true; amounts: MicroDepositAmounts } | { ok: false; reason: string } {
  if (!Array.isArray(value) || value.length !== 2) return { ok: false, reason: MICRO_DEPOSIT_MESSAGES.shape };
  const [first, second] = value as unknown[];
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second)) return { ok: false, reason: MICRO_DEPOSIT_MESSAGES.shape };
  const amounts = [first, second] as [number, number];
  if (amounts.some((cents) => cents < 0 || cents > MICRO_DEPOSIT_MAX_CENTS)) return { ok: false, reason: MICRO_DEPOSIT_MESSAGES.range };
  return { ok: true, amounts };
}

/** The holder may report the two amounts in either order. */
export function amountsMatch(sent: MicroDepositAmounts, reported: MicroDepositAmounts): boolean {
  return (
    (sent[0] === reported[0] && sent[1] === reported[1]) || (sent[0] === reported[1] && sent[1] === reported[0])
  );
}

export type CompleteOutcome =
  | { kind: 'invalid'; reason: string }
  | { kind: 'refused'; reason: 'already-verified' | 'not-pending' }
  | { kind: 'verified'; state: MicroDepositState }
  | { kind: 'mismatch'; state: MicroDepositState; attemptsRemaining: number }
  | { kind: 'attempts-exceeded'; state: MicroDepositState }
  | { kind: 'expired'; state: MicroDepositState };

/**
 * Checks a report of the amounts. `invalid` and `refused` change nothing and
 * use no attempt; every other outcome carries the state to store.
 */
export function completeMicroDeposits(state: MicroDepositState, submitted: unknown, now: Date): CompleteOutcome {
  const parsed = parseSubmittedAmounts(submitted);
  if (!parsed.ok) return { kind: 'invalid', reason: parsed.reason };
  if (state.standing.status === 'verified') return { kind: 'refused', reason: 'already-verified' };
  const round = state.round;
  if (state.standing.status !== 'pending' || round === undefined || !round.open) return { kind: 'refused', reason: 'not-pending' };

  const current = expireIfDue(state, now);
  if (current !== state) return { kind: 'expired', state: current };
  if (amountsMatch(round.amounts, parsed.amounts)) {
    return { kind: 'verified', state: { standing: verified(state.standing), round: { ...round, open: false } } };
  }
  const failedAttempts = round.failedAttempts + 1;
  if (failedAttempts >= MAX_MICRO_DEPOSIT_ATTEMPTS) {
    return {
      kind: 'attempts-exceeded',
      state: {
        // Three wrong reports lock the account (`errored`): the holder links a new
        // bank account. Moov lists this reason under both errored and
        // verificationFailed; the stricter answer is the one a thief cannot retry.
        standing: attemptsExceeded(state.standing),
        round: { ...round, failedAttempts, open: false },
      },
    };
  }
  return {
    kind: 'mismatch',
    state: { standing: state.standing, round: { ...round, failedAttempts } },
    attemptsRemaining: MAX_MICRO_DEPOSIT_ATTEMPTS - failedAttempts,
  };
}

function attemptsExceeded(standing: MicroDepositState['standing']): MicroDepositState['standing'] {
  return { status: 'errored', statusReason: 'micro-deposit-attempts-exceeded', failedRounds: standing.failedRounds + 1 };
}
