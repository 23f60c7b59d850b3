import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEW_BANK_ACCOUNT } from '../../src/domain/sources/bank-account-status.ts';
import {
  completeInstantVerification,
  creditFailed,
  creditSent,
  expireIfDue,
  initiateInstantVerification,
  parseVerificationCode,
  verificationCode,
  verificationMethodFor,
  type InstantVerificationState,
} from '../../src/domain/sources/instant-verification.ts';

const t0 = new Date('2026-06-15T12:00:00Z');
const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);
const fixed = (value: number) => (min: number, max: number) => {
  assert.ok(value >= min && value < max);
  return value;
};
const bothRails = { rtp: true, fedNow: true };

function sent(sandbox = true, random = fixed(42)): InstantVerificationState {
  const outcome = initiateInstantVerification({ standing: NEW_BANK_ACCOUNT }, { now: t0, sandbox, randomInt: random, bank: bothRails });
  assert.ok(outcome.kind === 'initiated');
  assert.equal(outcome.state.round?.status, 'new');
  return creditSent(outcome.state);
}

test('codes: MV1234, mv1234 and 1234 are the same code; anything else is not a code', () => {
  for (const code of ['MV1234', 'mv1234', '1234', 'Mv1234', ' MV1234 ']) assert.equal(parseVerificationCode(code), '1234', code);
  for (const bad of ['', 'MV123', '12345', 'MV12345', 'XV1234', 'MV 1234', '12a4', 1234, null, undefined]) {
    assert.equal(parseVerificationCode(bad), undefined, String(bad));
  }
  assert.equal(verificationCode(true, fixed(1)), '0000');
  assert.equal(verificationCode(false, fixed(42)), '0042');
  assert.equal(verificationCode(false, fixed(9999)), '9999');
});

test('the rail: instant when the bank takes RTP or FedNow, else same-day ACH', () => {
  assert.equal(verificationMethodFor({ rtp: true, fedNow: false }), 'instant');
  assert.equal(verificationMethodFor({ rtp: false, fedNow: true }), 'instant');
  assert.equal(verificationMethodFor({ rtp: false, fedNow: false }), 'ach');
  const outcome = initiateInstantVerification({ standing: NEW_BANK_ACCOUNT }, { now: t0, sandbox: true, randomInt: fixed(0), bank: { rtp: false, fedNow: false } });
  assert.ok(outcome.kind === 'initiated' && outcome.state.round?.verificationMethod === 'ach');
});

test('new → sent-credit → successful, and the bank account is verified', () => {
  const state = sent();
  assert.equal(state.round?.status, 'sent-credit');
  assert.deepEqual(state.standing, { status: 'pending', statusReason: 'verification-initiated', failedRounds: 0 });
  const outcome = completeInstantVerification(state, 'MV0000', later(1));
  assert.ok(outcome.kind === 'successful');
  assert.equal(outcome.state.round?.status, 'successful');
  assert.deepEqual(outcome.state.standing, { status: 'verified', statusReason: 'verification-successful', failedRounds: 0 });
  assert.deepEqual(completeInstantVerification(outcome.state, '0000', later(1)), { kind: 'refused', reason: 'already-verified' });
});

test('a code cannot be completed before the credit went out', () => {
  const outcome = initiateInstantVerification({ standing: NEW_BANK_ACCOUNT }, { now: t0, sandbox: true, randomInt: fixed(0), bank: bothRails });
  assert.ok(outcome.kind === 'initiated');
  assert.deepEqual(completeInstantVerification(outcome.state, '0000', t0), { kind: 'refused', reason: 'credit-not-sent' });
  assert.deepEqual(completeInstantVerification({ standing: NEW_BANK_ACCOUNT }, '0000', t0), { kind: 'refused', reason: 'no-open-verification' });
});

test('five wrong codes: max-attempts-exceeded, and the account may reverify', () => {
  let state = sent(false, fixed(4321));
  for (const remaining of [4, 3, 2, 1]) {
    const outcome = completeInstantVerification(state, 'MV1234', t0);
    assert.ok(outcome.kind === 'wrong-code' && outcome.attemptsRemaining === remaining);
    state = outcome.state;
  }
  const fifth = completeInstantVerification(state, '0000', t0);
  assert.ok(fifth.kind === 'max-attempts-exceeded');
  assert.equal(fifth.state.round?.status, 'max-attempts-exceeded');
  assert.deepEqual(fifth.state.standing, { status: 'verificationFailed', statusReason: 'verification-attempts-exceeded', failedRounds: 1 });
  assert.deepEqual(completeInstantVerification(fifth.state, '4321', t0), { kind: 'refused', reason: 'no-open-verification' });
  const again = initiateInstantVerification(fifth.state, { now: t0, sandbox: false, randomInt: fixed(7), bank: bothRails });
  assert.ok(again.kind === 'initiated' && again.state.round?.code === '0007' && again.state.round.failedAttempts === 0);
});

test('an invalid code uses no attempt', () => {
  const state = sent();
  assert.deepEqual(completeInstantVerification(state, 'nope', t0), { kind: 'invalid-code' });
  assert.deepEqual(completeInstantVerification(state, undefined, t0), { kind: 'invalid-code' });
  assert.equal(state.round?.failedAttempts, 0);
});

test('codes expire after 14 days', () => {
  const state = sent();
  assert.equal(completeInstantVerification(state, '0000', new Date(later(14).getTime() - 1)).kind, 'successful');
  const outcome = completeInstantVerification(state, '0000', later(14));
  assert.ok(outcome.kind === 'expired');
  assert.equal(outcome.state.round?.status, 'expired');
  assert.deepEqual(outcome.state.standing, { status: 'verificationFailed', statusReason: 'verification-expired', failedRounds: 1 });
  assert.equal(expireIfDue(state, later(2)), state);
});

test('starting again is refused while a verification is open, unless it expired', () => {
  const state = sent();
  const input = { sandbox: true, randomInt: fixed(0), bank: bothRails };
  assert.deepEqual(initiateInstantVerification(state, { ...input, now: later(1) }), { kind: 'refused', reason: 'verification-in-progress' });
  const again = initiateInstantVerification(state, { ...input, now: later(15) });
  assert.ok(again.kind === 'initiated');
  assert.equal(again.state.standing.failedRounds, 1);
});

test('three failed rounds make the account errored', () => {
  let state = sent();
  for (let round = 1; round <= 3; round++) {
    const outcome = completeInstantVerification(state, '0000', later(15));
    assert.ok(outcome.kind === 'expired');
    state = outcome.state;
    if (round < 3) {
      const again = initiateInstantVerification(state, { now: later(15), sandbox: true, randomInt: fixed(0), bank: bothRails });
      assert.ok(again.kind === 'initiated');
      state = creditSent({ ...again.state, round: { ...again.state.round!, expiresOn: later(15) } });
    }
  }
  assert.deepEqual(state.standing, { status: 'errored', statusReason: 'max-verification-failures', failedRounds: 3 });
  const refused = initiateInstantVerification(state, { now: later(16), sandbox: true, randomInt: fixed(0), bank: bothRails });
  assert.deepEqual(refused, { kind: 'refused', reason: 'errored' });
});

test('a rejected credit fails the verification; a closed account is errored', () => {
  const started = initiateInstantVerification({ standing: NEW_BANK_ACCOUNT }, { now: t0, sandbox: true, randomInt: fixed(0), bank: bothRails });
  assert.ok(started.kind === 'initiated');
  const closed = creditFailed(started.state, { rtpRejectionCode: 'AC04', description: 'closed account' });
  assert.equal(closed.round?.status, 'failed');
  assert.deepEqual(closed.round?.exceptionDetails, { rtpRejectionCode: 'AC04', description: 'closed account' });
  assert.deepEqual(closed.standing, { status: 'errored', statusReason: 'rtp-credit-failure', failedRounds: 0 });
  const forbidden = creditFailed(started.state, { rtpRejectionCode: 'AG01', description: 'transaction forbidden' });
  assert.deepEqual(forbidden.standing, { status: 'verificationFailed', statusReason: 'rtp-credit-failure', failedRounds: 1 });
  const ach = creditFailed(started.state, { achReturnCode: 'R02', description: 'account closed' });
  assert.deepEqual(ach.standing, { status: 'errored', statusReason: 'ach-credit-return', failedRounds: 0 });
  const fednow = creditFailed(started.state, { fednowRejectionCode: 'AM04', description: 'insufficient funds' });
  assert.deepEqual(fednow.standing.statusReason, 'fednow-credit-failure');
  // After the round is over, late rail news changes nothing.
  assert.equal(creditFailed(closed, { achReturnCode: 'R01', description: 'x' }), closed);
  assert.equal(creditSent(closed), closed);
});
