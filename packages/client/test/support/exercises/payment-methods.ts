import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, type Exercises } from './context.ts';
import { cardBody, walletParty } from './parties.ts';

export const paymentMethodExercises: Exercises = {
  'paymentMethods.list': async ({ server, client }) => {
    const party = await walletParty(server, client);
    const card = await client.cards.link({ accountID: party.accountID, body: cardBody() });
    const all = await client.paymentMethods.list({ accountID: party.accountID });
    assert.deepEqual(all.map((m) => m.paymentMethodType).sort(), ['card-payment', 'moov-wallet']);
    const ofCard = await client.paymentMethods.list({ accountID: party.accountID, sourceID: card.cardID });
    assert.equal(ofCard.length, 1);
    const method = ofCard[0]!;
    assert.ok('card' in method && method.card.cardID === card.cardID);
  },

  'paymentMethods.get': async ({ server, client }) => {
    const party = await walletParty(server, client);
    const method = await client.paymentMethods.get({ accountID: party.accountID, paymentMethodID: party.paymentMethodID });
    assert.equal(method.paymentMethodID, party.paymentMethodID);
    assert.ok(method.paymentMethodType === 'moov-wallet' && method.wallet.walletID === party.walletID);
    await assert.rejects(client.paymentMethods.get({ accountID: party.accountID, paymentMethodID: randomUUID() }), apiError(404));
  },
};
