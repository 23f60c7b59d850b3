import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { authorizedPayment, completedPayment, postRefund, postReversal, V2026, writtenCounts } from './helpers.ts';
import { assertLedgerOk, methodTransferBody as body, postTransfer, walletParty } from '../support/transfers.ts';
import { bankParty } from '../support/parties.ts';

// Refused refunds and reversals (docs/refunds.md "Errors"): each answers its
// exact status and body, and writes nothing (no refund, reversal, ledger
// entry, event; no refunded amount).

for (const kind of await storeKinds()) {
  describe(`refunds and reversals refused (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: assertLedgerOk });
    let paid: string;
    before(async () => {
      paid = (await completedPayment(s, 5_000)).transferID;
    });

    async function refusedWithoutWriting(request: () => Promise<{ status: number; json: any; text: string }>, status: number, check: (answer: { json: any; text: string }) => void) {
      const before = await writtenCounts(s);
      const answer = await request();
      assert.equal(answer.status, status, answer.text);
      check(answer);
      assert.deepEqual(await writtenCounts(s), before);
    }

    for (const [what, amount, message] of [
      ['zero', 0, /must be greater than zero/],
      ['negative', -100, /must be greater than zero/],
      ['fractional', 10.5, /whole number of cents/],
      ['more than the payment', 5_001, /no more than the 5000 cents still refundable/],
      ['far beyond any payment', 1e15, /is too large/],
    ] as const) {
      it(`refuses a ${what} refund amount with 422 {amount}`, async () => {
        await refusedWithoutWriting(() => postRefund(s, paid, { amount }), 422, ({ json }) => assert.match(json.amount, message));
      });
      it(`refuses a ${what} reversal amount with 422 {amount}`, async () => {
        await refusedWithoutWriting(() => postReversal(s, paid, { amount }), 422, ({ json }) => assert.match(json.amount, message));
      });
    }

    it('refuses a string amount and a body that is not an object', async () => {
      await refusedWithoutWriting(() => postRefund(s, paid, { body: { amount: '100' } }), 422, ({ json }) => assert.match(json.amount, /whole number of cents/));
      await refusedWithoutWriting(() => postRefund(s, paid, { rawBody: '[1]' }), 400, ({ json }) => assert.match(json.error, /request body/));
      await refusedWithoutWriting(() => postRefund(s, paid, { rawBody: '{"amount": ' }), 400, ({ json }) => assert.ok(json.error));
    });

    it('refuses a refund without X-Idempotency-Key (400)', async () => {
      await refusedWithoutWriting(
        () => s.request('POST', `/accounts/${s.platform.accountID}/transfers/${paid}/refunds`, { headers: V2026, body: { amount: 1 } }),
        400,
        ({ json }) => assert.match(json.error, /X-Idempotency-Key header is required/),
      );
    });

    it('refuses to refund a transfer that is not a card payment (wallet to wallet, ACH) with 400', async () => {
      const from = await walletParty(s, 1_000);
      const to = await walletParty(s);
      const moved = await postTransfer(s, body(from.paymentMethodID, to.paymentMethodID, 500));
      const payer = await bankParty(s, { verified: false, walletCents: 1_000 });
      const payee = await bankParty(s, { verified: false });
      const ach = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 300));
      for (const transferID of [moved.json.transferID, ach.json.transferID]) {
        await refusedWithoutWriting(() => postRefund(s, transferID, { amount: 100 }), 400, ({ json }) =>
          assert.equal(json.error, 'only card payments into a wallet can be refunded or reversed'),
        );
        await refusedWithoutWriting(() => postReversal(s, transferID), 400, ({ json }) => assert.equal(json.error, 'only card payments into a wallet can be refunded or reversed'));
      }
    });

    it('refuses to refund a card payment not yet captured (authorized, not settled) with 400; a partial reversal too', async () => {
      const { transferID } = await authorizedPayment(s, 2_000);
      await refusedWithoutWriting(() => postRefund(s, transferID, { amount: 100 }), 400, ({ json }) => assert.match(json.error, /has not settled yet and cannot be refunded/));
      await refusedWithoutWriting(() => postRefund(s, transferID), 400, ({ json }) => assert.match(json.error, /has not settled yet/));
      await refusedWithoutWriting(() => postReversal(s, transferID, { amount: 1_999 }), 400, ({ json }) => assert.match(json.error, /can only be reversed in full/));
    });

    it('refuses a declined (failed) card payment and a canceled one with 400', async () => {
      const { transferID } = await authorizedPayment(s, 1_000);
      const canceled = await s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations`, { headers: V2026 });
      assert.equal(canceled.status, 200);
      await refusedWithoutWriting(() => postRefund(s, transferID), 400, ({ json }) => assert.match(json.error, /was canceled: there is nothing to refund/));
      await refusedWithoutWriting(() => postReversal(s, transferID), 400, ({ json }) => assert.match(json.error, /was canceled/));
    });

    it('answers another platform’s transfer, or an unknown one, with the same empty 404', async () => {
      const other = { auth: s.otherPlatform.basic, accountID: s.otherPlatform.accountID };
      await refusedWithoutWriting(() => postRefund(s, paid, { amount: 100, ...other }), 404, ({ text }) => assert.equal(text, ''));
      await refusedWithoutWriting(() => postRefund(s, randomUUID(), { amount: 100 }), 404, ({ text }) => assert.equal(text, ''));
      // The first platform's account in the path with the other platform's credentials: not its own account.
      await refusedWithoutWriting(() => postRefund(s, paid, { amount: 100, auth: s.otherPlatform.basic }), 404, ({ text }) => assert.equal(text, ''));
      const reversal = await s.request('POST', `/accounts/${s.otherPlatform.accountID}/transfers/${paid}/reversals`, {
        auth: s.otherPlatform.basic,
        headers: { ...V2026, 'x-idempotency-key': randomUUID() },
      });
      assert.equal(reversal.status, 404);
      assert.equal(reversal.text, '');
      const reads = await s.request('GET', `/accounts/${s.otherPlatform.accountID}/transfers/${paid}/refunds`, { auth: s.otherPlatform.basic, headers: V2026 });
      assert.equal(reads.status, 404);
    });
  });
}
