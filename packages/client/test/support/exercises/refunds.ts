import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, UUID, type Exercises } from './context.ts';
import { authorizedPayment, completedPayment } from '../../../../server/test/refunds/helpers.ts';

/**
 * Refunds, reversals and adjustments through the client (docs/refunds.md).
 * The card payments come from the server tests' helpers: a merchant wallet
 * paid by a card, authorized or completed on the platform clock.
 */
export const refundExercises: Exercises = {
  'transfers.initiateRefund': async ({ server, client }) => {
    const accountID = server.platform.accountID;
    const { transferID } = await completedPayment(server, 3_000);
    const full = await client.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), xWaitFor: 'rail-response', body: { amount: 1_000 } });
    assert.ok('status' in full);
    assert.equal(full.status, 'pending');
    const quick = await client.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID() });
    assert.match(quick.refundID, UUID);
    assert.equal(quick.amount.value, 2_000);
    await assert.rejects(client.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), body: { amount: 1 } }), apiError(422));
  },

  'transfers.listRefunds': async ({ server, client }) => {
    const accountID = server.platform.accountID;
    const { transferID } = await completedPayment(server, 2_000);
    await client.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), body: { amount: 500 } });
    const listed = await client.transfers.listRefunds({ accountID, transferID });
    assert.deepEqual(listed.map((r) => r.amount.value), [500]);
  },

  'transfers.getRefund': async ({ server, client }) => {
    const accountID = server.platform.accountID;
    const { transferID } = await completedPayment(server, 2_000);
    const created = await client.transfers.initiateRefund({ accountID, transferID, xIdempotencyKey: randomUUID(), body: { amount: 700 } });
    const got = await client.transfers.getRefund({ accountID, transferID, refundID: created.refundID });
    assert.equal(got.cardDetails?.status, 'confirmed');
    await assert.rejects(client.transfers.getRefund({ accountID, transferID, refundID: randomUUID() }), apiError(404));
  },

  'transfers.createReversal': async ({ server, client }) => {
    const accountID = server.platform.accountID;
    const authorized = await authorizedPayment(server, 1_500);
    const canceled = await client.transfers.createReversal({ accountID, transferID: authorized.transferID, xIdempotencyKey: randomUUID() });
    assert.ok('cancellation' in canceled && canceled.cancellation.status === 'completed');
    const settled = await completedPayment(server, 1_500);
    const refunded = await client.transfers.createReversal({ accountID, transferID: settled.transferID, xIdempotencyKey: randomUUID(), body: { amount: 500 } });
    assert.ok('refund' in refunded && refunded.refund.amount.value === 500);
  },

  'adjustments.list': async ({ server, client }) => {
    const { merchant } = await completedPayment(server, 1_000);
    await client.sandbox.createAdjustment({ accountID: merchant.accountID, body: { walletID: merchant.walletID, amount: { currency: 'USD', value: 250 } } });
    const listed = await client.adjustments.list({ accountID: merchant.accountID, walletID: merchant.walletID });
    assert.deepEqual(listed.map((a) => a.amount.valueDecimal), ['2.50']);
  },

  'adjustments.get': async ({ server, client }) => {
    const { merchant } = await completedPayment(server, 1_000);
    const made = await client.sandbox.createAdjustment({ accountID: merchant.accountID, body: { walletID: merchant.walletID, amount: { currency: 'USD', value: -50 } } });
    assert.deepEqual(await client.adjustments.get({ accountID: merchant.accountID, adjustmentID: made.adjustmentID }), made);
  },

  'sandbox.createAdjustment': async ({ server, client }) => {
    const { merchant } = await completedPayment(server, 1_000);
    const made = await client.sandbox.createAdjustment({ accountID: merchant.accountID, body: { walletID: merchant.walletID, amount: { currency: 'USD', value: -1_500 }, memo: 'chargeback fee' } });
    assert.equal(made.amount.valueDecimal, '-15.00');
    assert.equal((await client.wallets.get({ accountID: merchant.accountID, walletID: merchant.walletID })).availableBalance.value, -500);
    await assert.rejects(
      client.sandbox.createAdjustment({ accountID: merchant.accountID, body: { walletID: merchant.walletID, amount: { currency: 'USD', value: 0 } } }),
      apiError(422),
    );
  },
};
