import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, UUID, type Exercises } from './context.ts';
import { cardBody } from './parties.ts';

export const cardExercises: Exercises = {
  'cards.link': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const card = await client.cards.link({ accountID: account.accountID, xWaitFor: 'payment-method', body: { ...cardBody(), cardCvv: '222' } });
    assert.match(card.cardID, UUID);
    assert.deepEqual([card.brand, card.cardType, card.lastFourCardNumber, card.bin], ['Visa', 'credit', '1111', '411111']);
    assert.equal(card.cardVerification.cvv, 'noMatch');
    assert.deepEqual(card.paymentMethods?.map((m) => m.paymentMethodType), ['card-payment']);
    await assert.rejects(
      client.cards.link({ accountID: account.accountID, body: cardBody() }),
      apiError(409, (e) => (e.body as { existingCardID?: string }).existingCardID === card.cardID),
    );
    await assert.rejects(
      client.cards.link({ accountID: account.accountID, body: { ...cardBody(), cardNumber: '4111111111111112' } }),
      apiError(422, (e) => e.fields?.['cardNumber'] !== undefined),
    );
  },

  'cards.list': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    assert.deepEqual(await client.cards.list({ accountID: account.accountID }), []);
    const visa = await client.cards.link({ accountID: account.accountID, body: cardBody() });
    const mastercard = await client.cards.link({ accountID: account.accountID, body: { ...cardBody(), cardNumber: '5555555555554444' } });
    const cards = await client.cards.list({ accountID: account.accountID });
    assert.deepEqual(cards.map((c) => [c.cardID, c.brand]), [[visa.cardID, 'Visa'], [mastercard.cardID, 'Mastercard']]);
  },

  'cards.get': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const linked = await client.cards.link({ accountID: account.accountID, body: { ...cardBody(), holderName: 'Alex Nora Irwin' } });
    const card = await client.cards.get({ accountID: account.accountID, cardID: linked.cardID });
    assert.deepEqual([card.cardID, card.holderName, card.fingerprint], [linked.cardID, 'Alex Nora Irwin', linked.fingerprint]);
    assert.deepEqual(card.expiration, { month: '09', year: '35' });
    await assert.rejects(client.cards.get({ accountID: account.accountID, cardID: randomUUID() }), apiError(404));
  },

  'cards.update': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const linked = await client.cards.link({ accountID: account.accountID, body: cardBody() });
    const updated = await client.cards.update({
      accountID: account.accountID,
      cardID: linked.cardID,
      body: { billingAddress: { postalCode: '22222' }, cardOnFile: true },
    });
    assert.equal(updated.billingAddress.postalCode, '22222');
    assert.equal(updated.billingAddress.addressLine1, '123 Main Street', 'the address is merged field by field');
    assert.equal(updated.cardOnFile, true);
    assert.equal(updated.cardVerification.addressLine1, 'noMatch');
    await assert.rejects(
      client.cards.update({ accountID: account.accountID, cardID: linked.cardID, body: { expiration: { month: '13' } } }),
      apiError(422, (e) => e.fields?.['expiration'] !== undefined),
    );
  },

  'cards.disable': async ({ client }) => {
    const account = await client.accounts.create({ body: individualAccountBody() });
    const linked = await client.cards.link({ accountID: account.accountID, body: cardBody() });
    assert.equal(await client.cards.disable({ accountID: account.accountID, cardID: linked.cardID }), undefined);
    assert.deepEqual(await client.cards.list({ accountID: account.accountID }), []);
    assert.deepEqual(await client.paymentMethods.list({ accountID: account.accountID, sourceID: linked.cardID }), []);
    await assert.rejects(client.cards.disable({ accountID: account.accountID, cardID: linked.cardID }), apiError(404));
  },
};
