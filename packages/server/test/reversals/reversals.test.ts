import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { advance, assertLedgerOk, getTransfer } from '../support/transfers.ts';
import { authorizedPayment, completedPayment, eventsOf, postReversal, V2026, walletBalance } from '../support/refunds.ts';

// Reversals (docs/refunds.md "Reversals"): a cancellation while the card
// payment is only authorized, a refund once it settled; the answer says which.

for (const kind of await storeKinds()) {
  describe(`reversals (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: assertLedgerOk });

    it('cancels an authorized payment reversed in full (no body, or the whole amount)', async () => {
      for (const amount of [undefined, 2_500]) {
        const { merchant, transferID } = await authorizedPayment(s, 2_500);
        const key = randomUUID();
        const reversed = await postReversal(s, transferID, { key, ...(amount === undefined ? {} : { amount }) });
        assert.equal(reversed.status, 200, reversed.text);
        assert.deepEqual(Object.keys(reversed.json), ['cancellation']);
        assert.equal(reversed.json.cancellation.status, 'completed');
        const transfer = await getTransfer(s, transferID);
        assert.equal(transfer.status, 'canceled');
        assert.equal(transfer.cancellations[0].cancellationID, reversed.json.cancellation.cancellationID);
        // Nothing reached the merchant, nothing is taken back; the payment never completes.
        await advance(s, { seconds: 5 });
        assert.equal(await walletBalance(s, merchant), 0);
        assert.ok((await eventsOf(s, 'cancellation.created')).some((e) => e.transferID === transferID));
        // A replay answers the same cancellation, and moves nothing.
        const replay = await postReversal(s, transferID, { key });
        assert.equal(replay.status, 200);
        assert.deepEqual(replay.json, reversed.json);
      }
    });

    it('refunds a settled payment, in full or in part, and says so', async () => {
      const { merchant, transferID } = await completedPayment(s, 6_000);
      const part = await postReversal(s, transferID, { amount: 1_000 });
      assert.equal(part.status, 200, part.text);
      assert.deepEqual(Object.keys(part.json), ['refund']);
      assert.equal(part.json.refund.status, 'pending');
      assert.equal(part.json.refund.cardDetails.status, 'confirmed');
      assert.equal(part.json.refund.amount.value, 1_000);
      assert.equal(await walletBalance(s, merchant), 5_000);
      const rest = await postReversal(s, transferID);
      assert.equal(rest.json.refund.amount.value, 5_000);
      assert.equal(await walletBalance(s, merchant), 0);
      const refunds = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}/refunds`, { headers: V2026 });
      assert.deepEqual(refunds.json.map((r: any) => r.refundID), [part.json.refund.refundID, rest.json.refund.refundID]);
      assert.deepEqual((await getTransfer(s, transferID)).refundedAmount, { currency: 'USD', value: 6_000 });
      const nothing = await postReversal(s, transferID);
      assert.equal(nothing.status, 422);
      assert.match(nothing.json.amount, /nothing is left to refund/);
    });

    it('refunds a payment that settled but is not yet credited to the wallet (settling)', async () => {
      const { merchant, transferID } = await authorizedPayment(s, 4_000);
      await advance(s, { seconds: 1 });
      assert.equal((await getTransfer(s, transferID)).source.cardDetails.status, 'settled');
      const reversed = await postReversal(s, transferID);
      assert.equal(reversed.json.refund.amount.value, 4_000);
      // The refund is settled from the wallet at once; the payment's credit then covers it.
      assert.equal(await walletBalance(s, merchant), -4_000);
      await advance(s, { seconds: 1 });
      assert.equal((await getTransfer(s, transferID)).status, 'completed');
      assert.equal(await walletBalance(s, merchant), 0);
    });

    it('answers a replay with what the first request became, even after it moved on, and refuses the key for another transfer', async () => {
      const first = await completedPayment(s, 3_000);
      const second = await completedPayment(s, 3_000);
      const key = randomUUID();
      const reversed = await postReversal(s, first.transferID, { key, amount: 700 });
      await advance(s, { seconds: 2 });
      const replay = await postReversal(s, first.transferID, { key, amount: 700 });
      assert.equal(replay.status, 200);
      assert.equal(replay.json.refund.refundID, reversed.json.refund.refundID);
      assert.equal(replay.json.refund.status, 'completed');
      assert.equal(await walletBalance(s, first.merchant), 2_300);
      const elsewhere = await postReversal(s, second.transferID, { key, amount: 700 });
      assert.equal(elsewhere.status, 409);
      assert.match(elsewhere.json.error, /used to reverse another transfer/);
      assert.equal(await walletBalance(s, second.merchant), 3_000);
    });
  });
}
