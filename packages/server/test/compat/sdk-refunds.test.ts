import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import {
  APIError,
  CardAcquiringRefund as DuplicateRefundError,
  GenericError,
  RefundValidationError,
  ReversalValidationError,
} from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { advance, assertLedgerOk } from '../support/transfers.ts';
import { authorizedPayment, completedPayment, walletBalance } from '../support/refunds.ts';

// The official SDK (v2026.01.00) refunds, reverses and reads adjustments
// against a real server and parses every answer and error with its own
// schemas (closed enums, exact success codes): docs/refunds.md.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk refunds, reversals and adjustments (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: assertLedgerOk });
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('initiates, lists and gets refunds; a replay and a refused amount are the SDK’s errors', async () => {
      const accountID = s.platform.accountID;
      const { merchant, transferID } = await completedPayment(s, 5_000);
      const key = randomUUID();
      const waited = await moov.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: key, xWaitFor: 'rail-response', createRefund: { amount: 1_200 } });
      const refund = waited.result as { refundID: string; status: string; cardDetails?: { status: string; confirmedOn?: Date } };
      assert.equal(refund.status, 'pending');
      assert.equal(refund.cardDetails?.status, 'confirmed');
      assert.ok(refund.cardDetails?.confirmedOn instanceof Date);
      const quick = await moov.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), createRefund: { amount: 800 } });
      assert.ok(quick.result.refundID);
      assert.equal(await walletBalance(s, merchant), 3_000);

      await assert.rejects(
        moov.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: key, createRefund: { amount: 1_200 } }),
        (error: unknown) => error instanceof DuplicateRefundError && error.data$.refundID === refund.refundID,
      );
      await assert.rejects(
        moov.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), createRefund: { amount: 3_001 } }),
        (error: unknown) => error instanceof RefundValidationError && /refundable/.test(error.amount ?? ''),
      );
      await assert.rejects(
        moov.transfers.initiateRefund({ accountID, transferID: randomUUID(), xIdempotencyKey: randomUUID(), createRefund: { amount: 1 } }),
        (error: unknown) => error instanceof APIError && error.statusCode === 404,
      );

      await advance(s, { seconds: 2 });
      const listed = await moov.transfers.listRefunds({ accountID, transferID });
      assert.deepEqual(listed.result.map((r) => [r.amount.value, r.status, r.cardDetails?.status]), [
        [1_200, 'completed', 'completed'],
        [800, 'completed', 'completed'],
      ]);
      const one = await moov.transfers.getRefund({ accountID, transferID, refundID: refund.refundID });
      assert.equal(one.result.status, 'completed');
      assert.ok(one.result.cardDetails?.completedOn instanceof Date);
      const transfer = await moov.transfers.get({ accountID, transferID });
      assert.equal(transfer.result.refundedAmount?.value, 2_000);
      assert.deepEqual(transfer.result.refunds?.map((r) => r.amount.value), [1_200, 800]);
      const listedTransfers = await moov.transfers.list({ accountID, refunded: true });
      assert.ok(listedTransfers.result.some((t) => t.transferID === transferID && t.refunds?.length === 2));
    });

    it('reverses: a cancellation before settlement, a refund after; refused for what cannot be reversed', async () => {
      const accountID = s.platform.accountID;
      const authorized = await authorizedPayment(s, 2_000);
      const canceled = await moov.transfers.createReversal({ accountID, transferID: authorized.transferID, xIdempotencyKey: randomUUID() });
      assert.ok('cancellation' in canceled.result);
      assert.equal(canceled.result.cancellation.status, 'completed');

      const settled = await completedPayment(s, 3_000);
      const refunded = await moov.transfers.createReversal({ accountID, transferID: settled.transferID, xIdempotencyKey: randomUUID(), createReversal: { amount: 1_000 } });
      assert.ok('refund' in refunded.result);
      assert.equal(refunded.result.refund.amount.value, 1_000);
      assert.equal(refunded.result.refund.status, 'pending');

      await assert.rejects(
        moov.transfers.createReversal({ accountID, transferID: authorized.transferID, xIdempotencyKey: randomUUID() }),
        (error: unknown) => error instanceof GenericError && /canceled/.test(error.error),
      );
      await assert.rejects(
        moov.transfers.createReversal({ accountID, transferID: settled.transferID, xIdempotencyKey: randomUUID(), createReversal: { amount: 2_001 } }),
        (error: unknown) => error instanceof ReversalValidationError && /refundable/.test(error.amount ?? ''),
      );
    });

    it('lists and gets adjustments posted with the Railyard-only operation', async () => {
      const { merchant } = await completedPayment(s, 1_000);
      const posted = await s.request('POST', `/railyard/accounts/${merchant.accountID}/adjustments`, {
        headers: { 'x-moov-version': 'v2026.01.00' },
        body: { walletID: merchant.walletID, amount: { currency: 'USD', value: -1_250 } },
      });
      assert.equal(posted.status, 200, posted.text);
      const listed = await moov.adjustments.list({ accountID: merchant.accountID, walletID: merchant.walletID });
      assert.equal(listed.result.length, 1);
      assert.equal(listed.result[0]!.amount.valueDecimal, '-12.50');
      assert.ok(listed.result[0]!.createdOn instanceof Date);
      const one = await moov.adjustments.get({ accountID: merchant.accountID, adjustmentID: posted.json.adjustmentID });
      assert.equal(one.result.walletID, merchant.walletID);
      const wallet = await moov.wallets.get({ accountID: merchant.accountID, walletID: merchant.walletID });
      assert.equal(wallet.result.availableBalance.value, -250);
      const txs = await moov.walletTransactions.list({ accountID: merchant.accountID, walletID: merchant.walletID, transactionType: 'adjustment' });
      assert.equal(txs.result[0]!.netAmount, -1_250);
    });
  });
}
