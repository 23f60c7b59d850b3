import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { completedPayment, postRefund, postReversal, walletBalance } from './helpers.ts';
import { assertLedgerOk, getTransfer } from '../support/transfers.ts';

// Refunds of one payment fired at once (docs/refunds.md "Several refunds"):
// together they never refund more than the payment, and the merchant wallet,
// the transfer's refundedAmount and the refunds agree to the cent.

const PARALLEL = 12;

for (const kind of await storeKinds()) {
  describe(`concurrent refunds (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it(`lets ${PARALLEL} racing partial refunds (refunds and reversals) take at most the payment`, async () => {
      const { merchant, transferID } = await completedPayment(s, 10_000);
      // 12 × 1,000 cents asked for, 10,000 refundable: exactly 10 may succeed.
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => (i % 3 === 0 ? postReversal(s, transferID, { amount: 1_000 }) : postRefund(s, transferID, { amount: 1_000 }))),
      );
      const statuses = answers.map((a) => a.status).sort();
      assert.equal(statuses.filter((code) => code === 200).length, 10, JSON.stringify(answers.map((a) => [a.status, a.text])));
      assert.equal(statuses.filter((code) => code === 422).length, PARALLEL - 10);
      for (const refused of answers.filter((a) => a.status === 422)) assert.match(refused.json.amount, /refundable/);
      assert.equal(await walletBalance(s, merchant), 0);
      assert.deepEqual((await getTransfer(s, transferID)).refundedAmount, { currency: 'USD', value: 10_000 });
      const listed = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}/refunds`, { headers: { 'x-moov-version': 'v2026.01.00' } });
      assert.equal(listed.json.length, 10);
      await assertLedgerOk(s);
    });

    it('answers racing replays of one idempotency key with one refund: the others get 409 and it', async () => {
      const { merchant, transferID } = await completedPayment(s, 5_000);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 6 }, () => postRefund(s, transferID, { amount: 1_500, key })));
      const ids = new Set(answers.map((a) => a.json.refundID));
      assert.equal(ids.size, 1);
      assert.equal(answers.filter((a) => a.status === 200).length, 1);
      assert.equal(answers.filter((a) => a.status === 409).length, 5);
      assert.equal(await walletBalance(s, merchant), 3_500);
      await assertLedgerOk(s);
    });
  });
}
