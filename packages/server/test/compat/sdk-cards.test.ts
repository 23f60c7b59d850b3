import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { APIError, DuplicateCardError, GenericError, LinkCardError, UpdateCardError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';

// The official SDK (v2026.01.00) against a running server: every cards
// operation, and every error it documents, must parse with the SDK's schemas.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk cards compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    let accountID: string;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
      const account = await moov.accounts.create({ accountType: 'individual', profile: { individual: { name: { firstName: 'Jordan', lastName: 'Lee' } } } });
      accountID = account.result.accountID;
    });

    const linkCard = {
      cardNumber: '4111100010002000',
      cardCvv: '123',
      expiration: { month: '09', year: '35' },
      holderName: 'Alex Nora Irwin',
      billingAddress: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
      cardOnFile: true,
      verifyName: true,
    };

    it('runs every cards operation through the SDK', async () => {
      const linked = await moov.cards.link({ accountID, xWaitFor: 'payment-method', linkCard });
      const card = linked.result;
      assert.equal(card.brand, 'Visa');
      assert.equal(card.cardType, 'debit');
      assert.equal(card.domesticPushToCard, 'fast-funds');
      assert.equal(card.cardVerification.accountName?.fullName, 'match');
      assert.deepEqual(card.paymentMethods?.map((m) => m.paymentMethodType).sort(), ['card-payment', 'pull-from-card', 'push-to-card']);

      const plain = await moov.cards.link({ accountID, linkCard: { ...linkCard, cardNumber: '5555555555554444', verifyName: false } });
      assert.equal(plain.result.paymentMethods, undefined);

      const listed = await moov.cards.list({ accountID });
      assert.deepEqual(listed.result.map((c) => c.cardID), [card.cardID, plain.result.cardID]);

      const got = await moov.cards.get({ accountID, cardID: card.cardID });
      assert.equal(got.result.fingerprint, card.fingerprint);

      const updated = await moov.cards.update({
        accountID,
        cardID: card.cardID,
        updateCard: { billingAddress: { postalCode: '22222' }, expiration: { year: '36' }, cardCvv: '222', holderName: 'Alex Irwin', verifyName: true },
      });
      assert.equal(updated.result.cardVerification.cvv, 'noMatch');
      assert.equal(updated.result.cardVerification.postalCode, 'noMatch');
      assert.deepEqual(updated.result.expiration, { month: '09', year: '36' });

      // The card inside a PaymentMethod parses as the SDK's PaymentMethodsCard.
      const methods = await moov.paymentMethods.list({ accountID, sourceID: card.cardID });
      assert.deepEqual(methods.result.map((m) => m.paymentMethodType).sort(), ['card-payment', 'pull-from-card', 'push-to-card']);
      for (const method of methods.result) {
        assert.ok('card' in method && method.card.cardID === card.cardID, JSON.stringify(method));
      }

      await moov.cards.disable({ accountID, cardID: plain.result.cardID });
      const after = await moov.cards.list({ accountID });
      assert.deepEqual(after.result.map((c) => c.cardID), [card.cardID]);
    });

    it('documented errors parse as the SDK’s error types', async () => {
      const existing = await moov.cards.link({ accountID, linkCard: { ...linkCard, cardNumber: '6011111111111117', verifyName: false } });
      await assert.rejects(moov.cards.link({ accountID, linkCard: { ...linkCard, cardNumber: '6011111111111117', verifyName: false } }), (error: unknown) => {
        assert.ok(error instanceof DuplicateCardError, String(error));
        assert.equal(error.data$.existingCardID, existing.result.cardID);
        return true;
      });
      await assert.rejects(moov.cards.link({ accountID, linkCard: { ...linkCard, expiration: { month: '01', year: '20' } } }), (error: unknown) => {
        assert.ok(error instanceof LinkCardError, String(error));
        assert.equal(error.data$.expiration, 'card is expired');
        return true;
      });
      await assert.rejects(moov.cards.link({ accountID, linkCard: { ...linkCard, cardNumber: '4111111111111112' } }), (error: unknown) => {
        assert.ok(error instanceof LinkCardError, String(error));
        assert.equal(typeof error.data$.cardNumber, 'string');
        return true;
      });
      await assert.rejects(
        moov.cards.update({ accountID, cardID: existing.result.cardID, updateCard: { expiration: { month: '13' }, billingAddress: { postalCode: 'x' } } }),
        (error: unknown) => {
          assert.ok(error instanceof UpdateCardError, String(error));
          assert.equal(typeof error.data$.expiration, 'string');
          assert.equal(typeof error.data$.billingAddress, 'string');
          return true;
        },
      );
      await moov.cards.disable({ accountID, cardID: existing.result.cardID });
      await assert.rejects(moov.cards.disable({ accountID, cardID: existing.result.cardID }), (error: unknown) => {
        assert.ok(error instanceof APIError && !(error instanceof GenericError), String(error));
        assert.equal(error.statusCode, 404);
        return true;
      });
    });
  });
}
