import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer, type WalletParty } from '../support/transfers.ts';
import { advance, body, cardMethod, getTransfer, moneyWallet, updateStatuses, v2024TransferValidator } from './helpers.ts';

// Card payments and pulls from a card into a wallet on the default (fast)
// pacing, walked with the platform clock: authorized at creation, settled a
// second later, the wallet credited a second after that. Every sandbox decline
// trigger fails the transfer at creation with its failure code.
const validate = v2024TransferValidator();

for (const kind of await storeKinds()) {
  describe(`card payments and pulls (${kind})`, () => {
    let s: TestServer;
    let merchant: WalletParty;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
      merchant = await moneyWallet(s);
    });
    after(async () => {
      await s.close();
    });

    it('authorizes at creation (X-Wait-For), settles, then credits the wallet', async () => {
      const card = await cardMethod(s, 'card-payment');
      const before = await balance(s, merchant);
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 2_500, { facilitatorFee: { total: 100 } }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      const t = created.json;
      assert.equal(t.status, 'pending');
      assert.equal(t.source.cardDetails.status, 'confirmed');
      assert.match(t.source.cardDetails.authorizationCode, /^[0-9A-F]{6}$/);
      assert.ok(t.source.cardDetails.initiatedOn && t.source.cardDetails.confirmedOn);
      assert.equal(await balance(s, merchant), before);

      await advance(s, { seconds: 1 });
      const settled = await getTransfer(s, t.transferID);
      assert.equal(settled.source.cardDetails.status, 'settled');
      assert.ok(settled.source.cardDetails.settledOn);
      assert.equal(settled.status, 'pending');
      assert.ok(validate(await getTransfer(s, t.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));

      await advance(s, { seconds: 1 });
      const done = await getTransfer(s, t.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(done.source.cardDetails.status, 'completed');
      assert.ok(done.completedOn && done.source.cardDetails.completedOn);
      assert.equal(await balance(s, merchant), before + 2_400);

      const v2024 = await getTransfer(s, t.transferID, 'v2024.01.00');
      assert.ok(validate(v2024), JSON.stringify(validate.errors));
      assert.equal(v2024.source.cardDetails.authorizationCode, undefined);
      assert.deepEqual(
        (await updateStatuses(s, t.transferID)).sort(),
        ['completed', 'pending', 'source.completed', 'source.confirmed', 'source.initiated', 'source.settled'],
      );
      await assertLedgerOk(s);
    });

    it('without X-Wait-For answers the async shape and the same lifecycle follows', async () => {
      const card = await cardMethod(s, 'card-payment', { cardNumber: '5555555555554444' });
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 700));
      assert.equal(created.status, 200);
      assert.deepEqual(Object.keys(created.json).sort(), ['createdOn', 'transferID']);
      await advance(s, { seconds: 2 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
    });

    it('pulls from a push/pull debit card into a wallet', async () => {
      const card = await cardMethod(s, 'pull-from-card', { cardNumber: '4111100010002000' });
      const before = await balance(s, merchant);
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_000), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.source.paymentMethodType, 'pull-from-card');
      assert.equal(created.json.source.cardDetails.status, 'confirmed');
      await advance(s, { seconds: 1 });
      await advance(s, { seconds: 1 });
      assert.equal((await getTransfer(s, created.json.transferID)).status, 'completed');
      assert.equal(await balance(s, merchant), before + 1_000);
      await assertLedgerOk(s);
    });

    const declines: Array<[string, string, Record<string, unknown>, string]> = [
      ['the Visa decline card', 'card-payment', { cardNumber: '4000020000000000' }, 'do-not-honor'],
      ['the Mastercard decline card', 'card-payment', { cardNumber: '5555000022220022' }, 'do-not-honor'],
      ['the Amex decline card', 'card-payment', { cardNumber: '371100002222007', cardCvv: '1234' }, 'do-not-honor'],
      ['a CVV that did not match (222)', 'card-payment', { cardCvv: '222' }, 'cvv-mismatch'],
      ['a postal code that did not match (22222)', 'card-payment', { billingAddress: { addressLine1: '1 Main St', postalCode: '22222' } }, 'do-not-honor'],
      ['the failing pull card', 'pull-from-card', { cardNumber: '4111100010002018' }, 'do-not-honor'],
    ];
    for (const [name, type, overrides, failureCode] of declines) {
      it(`declines ${name} with ${failureCode}`, async () => {
        const card = await cardMethod(s, type, overrides);
        const before = await balance(s, merchant);
        const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
        assert.equal(created.status, 200, created.text);
        assert.equal(created.json.status, 'failed');
        assert.equal(created.json.failureReason, 'source-payment-error');
        assert.equal(created.json.source.cardDetails.status, 'failed');
        assert.equal(created.json.source.cardDetails.failureCode, failureCode);
        assert.ok(created.json.source.cardDetails.failedOn);
        assert.ok(validate(await getTransfer(s, created.json.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
        await advance(s, { seconds: 5 });
        assert.equal(await balance(s, merchant), before);
        assert.deepEqual((await updateStatuses(s, created.json.transferID)).sort(), ['failed', 'pending', 'source.failed', 'source.initiated']);
        await assertLedgerOk(s);
      });
    }

    it('approves CVV and postal codes that were not checked or unavailable', async () => {
      for (const overrides of [{ cardCvv: '888' }, { cardCvv: '999' }, { billingAddress: { addressLine1: '1 Main St', postalCode: '88888' } }, { billingAddress: { addressLine1: '1 Main St', postalCode: '99999' } }]) {
        const card = await cardMethod(s, 'card-payment', overrides);
        const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 300), { waitFor: 'rail-response' });
        assert.equal(created.json.source.cardDetails.status, 'confirmed', JSON.stringify(overrides));
      }
    });

    it('declines a card that expired after it was linked with expired-card', async () => {
      const now = new Date((await s.request('GET', '/railyard/clock', { headers: { 'x-moov-version': 'v2026.01.00' } })).json.now);
      const month = now.getUTCMonth() + 1; // the card is good through the end of this month
      const expiration = { month: String(month).padStart(2, '0'), year: String(now.getUTCFullYear() % 100).padStart(2, '0') };
      const card = await cardMethod(s, 'card-payment', { expiration });
      const firstOfNextMonth = new Date(Date.UTC(now.getUTCFullYear(), month, 1, 0, 0, 1));
      await advance(s, { until: firstOfNextMonth.toISOString() });
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 500), { waitFor: 'rail-response' });
      if (created.status === 422) {
        // The payment method was disabled by a refresh once the card expired: refused, equally correct.
        assert.ok(created.json.sourcePaymentMethodID);
        return;
      }
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'failed');
      assert.equal(created.json.source.cardDetails.failureCode, 'expired-card');
      await assertLedgerOk(s);
    });

    it('enforces the Amex minimum and the card limit (422 amount)', async () => {
      const amex = await cardMethod(s, 'card-payment', { cardNumber: '371111111111114', cardCvv: '1234' });
      const small = await postTransfer(s, body(amex.paymentMethodID, merchant.paymentMethodID, 99));
      assert.equal(small.status, 422, small.text);
      assert.match(small.json.amount, /American Express/);
      const dollar = await postTransfer(s, body(amex.paymentMethodID, merchant.paymentMethodID, 100), { waitFor: 'rail-response' });
      assert.equal(dollar.status, 200);
      assert.equal(dollar.json.source.cardDetails.status, 'confirmed');
      const visa = await cardMethod(s, 'card-payment');
      const big = await postTransfer(s, body(visa.paymentMethodID, merchant.paymentMethodID, 10_000_001));
      assert.equal(big.status, 422);
      assert.ok(big.json.amount);
      const limit = await postTransfer(s, body(visa.paymentMethodID, merchant.paymentMethodID, 10_000_000), { waitFor: 'rail-response' });
      assert.equal(limit.json.source.cardDetails.status, 'confirmed');
    });

    it('checks and repeats the card options', async () => {
      const card = await cardMethod(s, 'card-payment');
      const list = async () => (await s.request('GET', `/accounts/${s.platform.accountID}/transfers?accountIDs=${card.accountID}`, { headers: { 'x-moov-version': 'v2026.01.00' } })).json.length;
      const count = await list();
      for (const cardDetails of [
        { dynamicDescriptor: 'abc' },
        { dynamicDescriptor: 'x'.repeat(23) },
        { dynamicDescriptor: 42 },
        { dynamicDescriptor: 'bad\u0007descriptor' },
        { transactionSource: 'sometimes' },
        { surprise: true },
      ]) {
        const refused = await postTransfer(s, { ...body(card.paymentMethodID, merchant.paymentMethodID, 200), source: { paymentMethodID: card.paymentMethodID, cardDetails } });
        assert.equal(refused.status, 422, JSON.stringify(cardDetails));
        assert.ok(refused.json.source, refused.text);
      }
      assert.equal(await list(), count, 'a refused transfer leaves no row');
      const ok = await postTransfer(
        s,
        { ...body(card.paymentMethodID, merchant.paymentMethodID, 200), source: { paymentMethodID: card.paymentMethodID, cardDetails: { dynamicDescriptor: 'RAILYARD*COFFEE', transactionSource: 'recurring' } } },
        { waitFor: 'rail-response' },
      );
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.json.source.cardDetails.dynamicDescriptor, 'RAILYARD*COFFEE');
      assert.equal(ok.json.source.cardDetails.transactionSource, 'recurring');
      assert.ok(validate(await getTransfer(s, ok.json.transferID, 'v2024.01.00')), JSON.stringify(validate.errors));
    });

    it('refuses a card paying anything but a wallet', async () => {
      const card = await cardMethod(s, 'card-payment');
      const other = await cardMethod(s, 'card-payment');
      const refused = await postTransfer(s, body(card.paymentMethodID, other.paymentMethodID, 200));
      assert.equal(refused.status, 400);
      assert.ok(refused.json.error);
    });
  });
}
