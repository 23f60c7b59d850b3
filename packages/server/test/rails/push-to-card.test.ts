import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { advance, body, cardMethod, getTransfer, moneyWallet, updateStatuses, v2024TransferValidator } from './helpers.ts';

// Push to card: the wallet is held at creation, the network answers on the
// clock: completed (hold paid out) or failed for the failing push cards (hold released).
const validate = v2024TransferValidator();

for (const kind of await storeKinds()) {
  describe(`push to card (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('holds the wallet, then completes', async () => {
      const payer = await moneyWallet(s, 5_000);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const created = await postTransfer(s, body(payer.paymentMethodID, card.paymentMethodID, 2_000, { destination: { paymentMethodID: card.paymentMethodID, cardDetails: { dynamicDescriptor: 'PAYOUT' } } }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'pending');
      assert.equal(created.json.destination.cardDetails.status, 'initiated');
      assert.equal(created.json.destination.cardDetails.dynamicDescriptor, 'PAYOUT');
      assert.equal(await balance(s, payer), 3_000);
      assert.ok(validate(await getTransfer(s, created.json.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
      await advance(s, { seconds: 2 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(done.destination.cardDetails.status, 'completed');
      assert.ok(done.destination.cardDetails.completedOn);
      assert.equal(await balance(s, payer), 3_000);
      assert.deepEqual((await updateStatuses(s, done.transferID)).sort(), ['completed', 'destination.completed', 'destination.initiated', 'pending']);
      assert.ok(validate(await getTransfer(s, done.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
      await assertLedgerOk(s);
    });

    for (const pan of ['4111100010002018', '5555000010002010']) {
      it(`fails on the failing push card ${pan} and releases the hold`, async () => {
        const payer = await moneyWallet(s, 5_000);
        const card = await cardMethod(s, 'push-to-card', { cardNumber: pan });
        const created = await postTransfer(s, body(payer.paymentMethodID, card.paymentMethodID, 1_200), { waitFor: 'rail-response' });
        assert.equal(created.json.status, 'pending');
        assert.equal(await balance(s, payer), 3_800);
        await advance(s, { seconds: 2 });
        const failed = await getTransfer(s, created.json.transferID);
        assert.equal(failed.status, 'failed');
        assert.equal(failed.failureReason, 'destination-payment-error');
        assert.equal(failed.destination.cardDetails.status, 'failed');
        assert.equal(failed.destination.cardDetails.failureCode, 'do-not-honor');
        assert.equal(await balance(s, payer), 5_000);
        assert.deepEqual((await updateStatuses(s, failed.transferID)).sort(), ['destination.failed', 'destination.initiated', 'failed', 'pending']);
        assert.ok(validate(await getTransfer(s, failed.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
        await assertLedgerOk(s);
      });
    }

    it('fails at once when the wallet lacks the money', async () => {
      const payer = await moneyWallet(s, 100);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '5555000010002002' });
      const created = await postTransfer(s, body(payer.paymentMethodID, card.paymentMethodID, 101), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'failed');
      assert.equal(created.json.failureReason, 'wallet-insufficient-funds');
      assert.equal(await balance(s, payer), 100);
      await assertLedgerOk(s);
    });

    it('refuses a push above the push limit and a card that cannot take pushes', async () => {
      const payer = await moneyWallet(s, 100);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const big = await postTransfer(s, body(payer.paymentMethodID, card.paymentMethodID, 5_000_001));
      assert.equal(big.status, 422);
      assert.ok(big.json.amount);
      const credit = await cardMethod(s, 'card-payment');
      const refused = await postTransfer(s, body(payer.paymentMethodID, credit.paymentMethodID, 100));
      assert.equal(refused.status, 400);
      await assertLedgerOk(s);
    });
  });
}
