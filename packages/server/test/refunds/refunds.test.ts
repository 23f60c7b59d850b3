import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { completedPayment, eventsOf, postRefund, refundPath, V2026, walletBalance } from './helpers.ts';
import { advance, assertLedgerOk, getTransfer } from '../support/transfers.ts';

// Refunds of card payments (docs/refunds.md) on the default `fast` pacing:
// a card payment completes 2 s after authorization; a refund is confirmed in
// the creating request, settles 1 s later and completes 1 s after that.

for (const kind of await storeKinds()) {
  describe(`refunds (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('refunds part of a completed payment at once from the merchant wallet, then completes on the clock', async () => {
      const { merchant, transferID } = await completedPayment(s, 10_000);
      assert.equal(await walletBalance(s, merchant), 10_000);
      const created = await postRefund(s, transferID, { amount: 2_500, waitFor: true });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'pending');
      assert.deepEqual(created.json.amount, { currency: 'USD', value: 2_500 });
      assert.equal(created.json.cardDetails.status, 'confirmed');
      assert.ok(created.json.cardDetails.initiatedOn && created.json.cardDetails.confirmedOn);
      const refundID = created.json.refundID as string;
      // The wallet pays at once; the transfer shows what was refunded and stays completed.
      assert.equal(await walletBalance(s, merchant), 7_500);
      const transfer = await getTransfer(s, transferID);
      assert.deepEqual(transfer.refundedAmount, { currency: 'USD', value: 2_500 });
      assert.equal(transfer.status, 'completed');
      assert.deepEqual(transfer.refunds.map((r: any) => [r.refundID, r.status]), [[created.json.refundID, 'pending']]);

      await advance(s, { seconds: 1 });
      const settled = await s.request('GET', `${refundPath(s, transferID)}/${refundID}`, { headers: V2026 });
      assert.equal(settled.json.status, 'pending');
      assert.equal(settled.json.cardDetails.status, 'settled');
      await advance(s, { seconds: 1 });
      const done = await s.request('GET', `${refundPath(s, transferID)}/${refundID}`, { headers: V2026 });
      assert.equal(done.json.status, 'completed');
      assert.equal(done.json.cardDetails.status, 'completed');
      assert.ok(done.json.cardDetails.settledOn && done.json.cardDetails.completedOn);

      const created_ = (await eventsOf(s, 'refund.created')).filter((e) => e.refundID === refundID);
      assert.deepEqual(created_, [{ accountID: s.platform.accountID, transferID, refundID }]);
      const updated = (await eventsOf(s, 'refund.updated')).filter((e) => e.refundID === refundID).map((e) => e.status);
      assert.deepEqual(updated, ['pending', 'completed']);

      // The wallet shows the refund as its own transaction, sourced from the transfer.
      const txs = await s.request('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions?transactionType=refund`, { headers: V2026 });
      assert.equal(txs.json.length, 1);
      assert.equal(txs.json[0].netAmount, -2_500);
      assert.equal(txs.json[0].sourceType, 'transfer');
      assert.equal(txs.json[0].sourceID, transferID);
      assert.equal(txs.json[0].status, 'completed');
      assert.equal(txs.json[0].availableBalance, 7_500);
      await assertLedgerOk(s);
    });

    it('takes several partial refunds up to the payment, never beyond, and a full refund of what remains', async () => {
      const { merchant, transferID } = await completedPayment(s, 3_000);
      assert.equal((await postRefund(s, transferID, { amount: 1_000 })).status, 200);
      const second = await postRefund(s, transferID, { amount: 1_200 });
      assert.equal(second.status, 200);
      // Without X-Wait-For: the short answer.
      assert.deepEqual(Object.keys(second.json).sort(), ['amount', 'createdOn', 'refundID']);
      const tooMuch = await postRefund(s, transferID, { amount: 801 });
      assert.equal(tooMuch.status, 422);
      assert.match(tooMuch.json.amount, /no more than the 800 cents still refundable/);
      const rest = await postRefund(s, transferID, { waitFor: true });
      assert.equal(rest.status, 200);
      assert.equal(rest.json.amount.value, 800);
      assert.equal(await walletBalance(s, merchant), 0);
      const nothing = await postRefund(s, transferID);
      assert.equal(nothing.status, 422);
      assert.match(nothing.json.amount, /nothing is left to refund/);
      const list = await s.request('GET', refundPath(s, transferID), { headers: V2026 });
      assert.deepEqual(list.json.map((r: any) => r.amount.value), [1_000, 1_200, 800]);
      assert.deepEqual((await getTransfer(s, transferID)).refundedAmount, { currency: 'USD', value: 3_000 });
      const refunded = await s.request('GET', `/accounts/${s.platform.accountID}/transfers?refunded=true`, { headers: V2026 });
      assert.ok(refunded.json.some((t: any) => t.transferID === transferID));
      await assertLedgerOk(s);
    });

    it('overdraws the merchant wallet when it already spent the money, and the wallet then cannot send', async () => {
      const { merchant, transferID } = await completedPayment(s, 5_000);
      // The merchant pays out everything it received.
      const payee = await completedPayment(s, 100);
      const out = await s.request('POST', `/accounts/${s.platform.accountID}/transfers`, {
        headers: { ...V2026, 'x-idempotency-key': randomUUID() },
        body: { source: { paymentMethodID: merchant.paymentMethodID }, destination: { paymentMethodID: payee.merchant.paymentMethodID }, amount: { currency: 'USD', value: 5_000 } },
      });
      assert.equal(out.status, 200, out.text);
      assert.equal(await walletBalance(s, merchant), 0);
      const refund = await postRefund(s, transferID, { amount: 2_000, waitFor: true });
      assert.equal(refund.status, 200, refund.text);
      assert.equal(await walletBalance(s, merchant), -2_000);
      // A negative wallet cannot send: the transfer fails for insufficient funds.
      const blocked = await s.request('POST', `/accounts/${s.platform.accountID}/transfers`, {
        headers: { ...V2026, 'x-idempotency-key': randomUUID(), 'x-wait-for': 'rail-response' },
        body: { source: { paymentMethodID: merchant.paymentMethodID }, destination: { paymentMethodID: payee.merchant.paymentMethodID }, amount: { currency: 'USD', value: 1 } },
      });
      assert.equal(blocked.json.status, 'failed');
      assert.equal(blocked.json.failureReason, 'wallet-insufficient-funds');
      assert.equal(await walletBalance(s, merchant), -2_000);
      await assertLedgerOk(s);
    });

    it('answers a replayed idempotency key with 409 and the refund as it stands, moving nothing', async () => {
      const { merchant, transferID } = await completedPayment(s, 4_000);
      const key = randomUUID();
      const first = await postRefund(s, transferID, { amount: 1_000, key, waitFor: true });
      assert.equal(first.status, 200);
      await advance(s, { seconds: 2 });
      const replay = await postRefund(s, transferID, { amount: 3_000, key });
      assert.equal(replay.status, 409);
      assert.equal(replay.json.refundID, first.json.refundID);
      assert.equal(replay.json.status, 'completed');
      assert.equal(replay.json.amount.value, 1_000);
      assert.equal(await walletBalance(s, merchant), 3_000);
      await assertLedgerOk(s);
    });

    it('fails a refund on the sandbox amounts: at the network answer, or at settlement, and gives the money back', async () => {
      const { merchant, transferID } = await completedPayment(s, 20_000);
      const refused = await postRefund(s, transferID, { amount: 88_01, waitFor: true });
      assert.equal(refused.status, 200);
      assert.equal(refused.json.status, 'failed');
      assert.equal(refused.json.cardDetails.status, 'failed');
      assert.equal(refused.json.cardDetails.failureCode, 'cardholder-account-closed');
      assert.ok(refused.json.cardDetails.failedOn);
      assert.equal(await walletBalance(s, merchant), 20_000);
      assert.equal((await getTransfer(s, transferID)).refundedAmount, undefined);

      const late = await postRefund(s, transferID, { amount: 88_03, waitFor: true });
      assert.equal(late.json.status, 'pending');
      assert.equal(await walletBalance(s, merchant), 20_000 - 88_03);
      await advance(s, { seconds: 2 });
      const failed = await s.request('GET', `${refundPath(s, transferID)}/${late.json.refundID}`, { headers: V2026 });
      assert.equal(failed.json.status, 'failed');
      assert.equal(failed.json.cardDetails.failureCode, 'invalid-transaction');
      assert.equal(await walletBalance(s, merchant), 20_000);
      const statuses = (await eventsOf(s, 'refund.updated')).filter((e) => e.refundID === late.json.refundID).map((e) => e.status);
      assert.deepEqual(statuses, ['pending', 'failed']);
      const failures = await s.request('GET', `/accounts/${merchant.accountID}/wallets/${merchant.walletID}/transactions?transactionType=refund-failure`, { headers: V2026 });
      assert.deepEqual(failures.json.map((t: any) => t.netAmount).sort(), [88_01, 88_03].sort());
      // A failed refund may be tried again: the whole payment is still refundable.
      const again = await postRefund(s, transferID, { waitFor: true });
      assert.equal(again.json.amount.value, 20_000);
      await assertLedgerOk(s);
    });

    it('never refunds what a dispute already took back', async () => {
      const { transferID } = await completedPayment(s, 4_000);
      // As the disputes area records a dispute's amount on the transfer (docs/refunds.md "Refunds").
      await s.testStore.store.write((sql) => sql.run('UPDATE transfers SET disputed_amount = ? WHERE transfer_id = ?', [3_000, transferID]));
      const tooMuch = await postRefund(s, transferID, { amount: 1_001 });
      assert.equal(tooMuch.status, 422);
      assert.match(tooMuch.json.amount, /no more than the 1000 cents still refundable/);
      const rest = await postRefund(s, transferID, { waitFor: true });
      assert.equal(rest.json.amount.value, 1_000);
      await assertLedgerOk(s);
    });

    it('lets the transfer parties read refunds and hides them from another platform', async () => {
      const { merchant, transferID } = await completedPayment(s, 1_500);
      const refund = await postRefund(s, transferID, { amount: 500 });
      const byMerchant = await s.request('GET', refundPath(s, transferID, merchant.accountID), { headers: V2026 });
      assert.equal(byMerchant.status, 200);
      assert.equal(byMerchant.json.length, 1);
      const other = { auth: s.otherPlatform.basic, headers: V2026 };
      const list = await s.request('GET', refundPath(s, transferID, s.otherPlatform.accountID), other);
      assert.equal(list.status, 404);
      assert.equal(list.text, '');
      const one = await s.request('GET', `${refundPath(s, transferID, s.otherPlatform.accountID)}/${refund.json.refundID}`, other);
      assert.equal(one.status, 404);
      const missing = await s.request('GET', `${refundPath(s, transferID)}/${randomUUID()}`, { headers: V2026 });
      assert.equal(missing.status, 404);
    });
  });
}
