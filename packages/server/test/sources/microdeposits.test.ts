import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { NEW_BANK_ACCOUNT, railRejected, type BankAccountStanding } from '../../src/domain/sources/bank-account-status.ts';
import {
  amountsMatch,
  completeMicroDeposits,
  expireIfDue,
  initiateMicroDeposits,
  MICRO_DEPOSIT_MESSAGES,
  microDepositAmounts,
  parseSubmittedAmounts,
  recoupAmount,
  type MicroDepositState,
} from '../../src/domain/sources/microdeposits.ts';

const t0 = new Date('2026-06-15T12:00:00Z');
const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);
const sequence = (...values: number[]) => {
  const queue = [...values];
  return (min: number, max: number) => {
    const value = queue.shift();
    assert.ok(value !== undefined && value >= min && value < max, `random ${value} outside [${min}, ${max})`);
    return value;
  };
};

function started(sandbox = true, amounts = sequence(10, 20)): MicroDepositState {
  const outcome = initiateMicroDeposits({ standing: NEW_BANK_ACCOUNT }, { now: t0, sandbox, randomInt: amounts });
  assert.equal(outcome.kind, 'initiated');
  assert.ok(outcome.kind === 'initiated');
  return outcome.state;
}

test('sandbox micro-deposits are $0.00 / $0.00 and verify with [0, 0]', () => {
  const state = started();
  assert.deepEqual(state.standing, { status: 'pending', statusReason: 'verification-initiated', failedRounds: 0 });
  assert.deepEqual(state.round?.amounts, [0, 0]);
  assert.equal(state.round?.expiresOn.toISOString(), '2026-06-29T12:00:00.000Z');
  const outcome = completeMicroDeposits(state, [0, 0], later(1));
  assert.equal(outcome.kind, 'verified');
  assert.ok(outcome.kind === 'verified');
  assert.deepEqual(outcome.state.standing, { status: 'verified', statusReason: 'verification-successful', failedRounds: 0 });
  assert.equal(outcome.state.round?.open, false);
});

test('outside the sandbox: two different amounts of 1 to 49 cents, in either order, recouped together', () => {
  assert.deepEqual(microDepositAmounts(false, sequence(12, 11)), [12, 11]);
  assert.deepEqual(microDepositAmounts(false, sequence(12, 30)), [12, 31]);
  assert.deepEqual(microDepositAmounts(false, sequence(12, 12)), [12, 13], 'the second skips the first');
  assert.deepEqual(microDepositAmounts(false, sequence(49, 48)), [49, 48]);
  assert.deepEqual(microDepositAmounts(false, sequence(1, 1)), [1, 2]);
  for (let i = 0; i < 500; i++) {
    const [a, b] = microDepositAmounts(false, randomInt);
    assert.ok(a >= 1 && a <= 49 && b >= 1 && b <= 49 && a !== b, `${a} ${b}`);
  }
  const state = started(false, sequence(7, 31));
  assert.deepEqual(state.round?.amounts, [7, 32]);
  assert.equal(recoupAmount([7, 32]), 39);
  assert.equal(completeMicroDeposits(state, [32, 7], t0).kind, 'verified');
  assert.equal(amountsMatch([7, 32], [7, 33]), false);
});

test('three wrong reports end the round: errored, micro-deposit-attempts-exceeded', () => {
  let state = started(false, sequence(10, 20));
  for (const remaining of [2, 1]) {
    const outcome = completeMicroDeposits(state, [10, 20], t0);
    assert.deepEqual(outcome.kind === 'mismatch' && outcome.attemptsRemaining, remaining);
    assert.ok(outcome.kind === 'mismatch');
    state = outcome.state;
    assert.equal(state.standing.status, 'pending');
  }
  const third = completeMicroDeposits(state, [1, 2], t0);
  assert.equal(third.kind, 'attempts-exceeded');
  assert.ok(third.kind === 'attempts-exceeded');
  assert.deepEqual(third.state.standing, {
    status: 'errored',
    statusReason: 'micro-deposit-attempts-exceeded',
    failedRounds: 1,
  });
  // An errored account cannot start again: a new bank account is needed.
  assert.deepEqual(initiateMicroDeposits(third.state, { now: t0, sandbox: true, randomInt }), { kind: 'refused', reason: 'errored' });
  // The round is over: even the right amounts do nothing now.
  assert.deepEqual(completeMicroDeposits(third.state, [10, 21], t0), { kind: 'refused', reason: 'not-pending' });
});

test('a reverify after an expired round starts fresh attempts; the third failed round makes the account errored', () => {
  let state = started();
  for (let round = 1; round <= 3; round++) {
    // Two wrong reports, then the round expires unused.
    for (let attempt = 0; attempt < 2; attempt++) {
      const outcome = completeMicroDeposits(state, [1, 1], t0);
      assert.ok(outcome.kind === 'mismatch');
      state = outcome.state;
    }
    const expired = expireIfDue(state, new Date(state.round!.initiatedOn.getTime() + 15 * 86_400_000));
    state = expired;
    if (round < 3) {
      assert.deepEqual(state.standing, { status: 'verificationFailed', statusReason: 'micro-deposit-expired', failedRounds: round });
      const again = initiateMicroDeposits(state, { now: t0, sandbox: true, randomInt });
      assert.ok(again.kind === 'initiated');
      state = again.state;
      assert.equal(state.round?.failedAttempts, 0);
    }
  }
  assert.deepEqual(state.standing, { status: 'errored', statusReason: 'max-verification-failures', failedRounds: 3 });
  assert.deepEqual(initiateMicroDeposits(state, { now: t0, sandbox: true, randomInt }), { kind: 'refused', reason: 'errored' });
});

test('amounts expire after 14 days', () => {
  const state = started();
  assert.equal(completeMicroDeposits(state, [0, 0], new Date(later(14).getTime() - 1)).kind, 'verified');
  const outcome = completeMicroDeposits(state, [0, 0], later(14));
  assert.equal(outcome.kind, 'expired');
  assert.ok(outcome.kind === 'expired');
  assert.deepEqual(outcome.state.standing, { status: 'verificationFailed', statusReason: 'micro-deposit-expired', failedRounds: 1 });
  assert.equal(expireIfDue(state, later(13)), state, 'nothing due: same object');
  assert.deepEqual(expireIfDue(state, later(15)), outcome.state);
});

test('initiating: refused while a round is live, allowed again once it expired', () => {
  const state = started();
  assert.deepEqual(initiateMicroDeposits(state, { now: later(1), sandbox: true, randomInt }), {
    kind: 'refused',
    reason: 'verification-in-progress',
  });
  const again = initiateMicroDeposits(state, { now: later(20), sandbox: true, randomInt });
  assert.ok(again.kind === 'initiated');
  assert.deepEqual(again.state.standing, { status: 'pending', statusReason: 'verification-initiated', failedRounds: 1 });
  assert.equal(again.state.round?.initiatedOn.toISOString(), later(20).toISOString());
  const verified = completeMicroDeposits(state, [0, 0], t0);
  assert.ok(verified.kind === 'verified');
  assert.deepEqual(initiateMicroDeposits(verified.state, { now: t0, sandbox: true, randomInt }), { kind: 'refused', reason: 'already-verified' });
  assert.deepEqual(completeMicroDeposits(verified.state, [0, 0], t0), { kind: 'refused', reason: 'already-verified' });
});

test('an expiry found while refusing is handed back to be stored', () => {
  const twoFailures: BankAccountStanding = { status: 'pending', statusReason: 'verification-initiated', failedRounds: 2 };
  const state: MicroDepositState = { ...started(), standing: twoFailures };
  const outcome = initiateMicroDeposits(state, { now: later(30), sandbox: true, randomInt });
  assert.equal(outcome.kind, 'refused');
  assert.ok(outcome.kind === 'refused');
  assert.equal(outcome.reason, 'errored');
  assert.deepEqual(outcome.state?.standing, { status: 'errored', statusReason: 'max-verification-failures', failedRounds: 3 });
});

test('completing a bank account that never started is refused without using an attempt', () => {
  assert.deepEqual(completeMicroDeposits({ standing: NEW_BANK_ACCOUNT }, [0, 0], t0), { kind: 'refused', reason: 'not-pending' });
});

test('submitted amounts must be two whole cents from 0 to 49; a bad shape uses no attempt', () => {
  const state = started();
  const shapes: Array<[unknown, string]> = [
    [undefined, MICRO_DEPOSIT_MESSAGES.shape],
    [[0], MICRO_DEPOSIT_MESSAGES.shape],
    [[0, 0, 0], MICRO_DEPOSIT_MESSAGES.shape],
    [['0', 0], MICRO_DEPOSIT_MESSAGES.shape],
    [[0.5, 0], MICRO_DEPOSIT_MESSAGES.shape],
    [[0, Number.NaN], MICRO_DEPOSIT_MESSAGES.shape],
    [{ 0: 0, 1: 0, length: 2 }, MICRO_DEPOSIT_MESSAGES.shape],
    [[-1, 0], MICRO_DEPOSIT_MESSAGES.range],
    [[0, 50], MICRO_DEPOSIT_MESSAGES.range],
  ];
  for (const [amounts, reason] of shapes) {
    assert.deepEqual(completeMicroDeposits(state, amounts, t0), { kind: 'invalid', reason }, JSON.stringify(amounts));
  }
  assert.deepEqual(parseSubmittedAmounts([49, 0]), { ok: true, amounts: [49, 0] });
  assert.equal(state.round?.failedAttempts, 0);
});

test('returned micro-deposits: closed or unknown accounts are errored, other returns a failed round', () => {
  const pending: BankAccountStanding = { status: 'pending', statusReason: 'verification-initiated', failedRounds: 0 };
  assert.deepEqual(railRejected(pending, 'micro-deposit-return', 'R03'), { status: 'errored', statusReason: 'micro-deposit-return', failedRounds: 0 });
  assert.deepEqual(railRejected(pending, 'micro-deposit-return', 'R01'), {
    status: 'verificationFailed',
    statusReason: 'micro-deposit-return',
    failedRounds: 1,
  });
});
