import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { cardPaymentMethods } from '../../src/domain/payment-methods/card-methods.ts';
import { expiresOn, type StoredCard } from '../../src/domain/sources/stored-card.ts';
import { verifyCard } from '../../src/domain/sources/verify-card.ts';
import { insertCard, disableCardRow } from '../../src/store/repos/cards.ts';

const clock = { now: () => new Date('2026-06-15T12:00:00Z') };

function verified(cardNumber: string, expiration = { month: '09', year: '35' }): StoredCard {
  const outcome = verifyCard({ cardNumber, cardCvv: '123', expiration, billingAddress: { postalCode: '80301' } }, clock);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.card;
}

for (const kind of await storeKinds()) {
  describe(`cards: payment-method provider (${kind})`, () => {
    const t = storePerSuite(kind);
    const accountID = randomUUID();
    const ids = { plain: randomUUID(), pushPull: randomUUID(), prepaid: randomUUID(), lapsing: randomUUID(), disabled: randomUUID() };
    before(async () => {
      const platform = randomUUID();
      await t.store.write(async (sql) => {
        await sql.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', [platform, 'P', '2026-01-01T00:00:00.000Z']);
        const cards: [string, StoredCard][] = [
          [ids.plain, verified('4111111111111111')],
          [ids.pushPull, verified('4111100010002000')],
          [ids.prepaid, verified('4111100010003008')],
          [ids.lapsing, verified('5555000010002002', { month: '06', year: '26' })],
          [ids.disabled, verified('6011111111111117')],
        ];
        for (const [cardID, card] of cards) {
          await insertCard(sql, {
            card_id: cardID,
            account_id: accountID,
            platform_id: platform,
            fingerprint: `fp-${cardID}`,
            document: JSON.stringify(card),
            expires_on: expiresOn(card, clock.now()),
            declines: null,
            created_on: '2026-06-01T00:00:00.000Z',
            updated_on: '2026-06-01T00:00:00.000Z',
          });
        }
        await disableCardRow(sql, ids.disabled, '2026-06-02T00:00:00.000Z');
      });
    });

    const desired = (capabilities: string[], now: Date) =>
      t.store.read(async (sql) => {
        const out = await cardPaymentMethods.desired(sql, { accountID, enabledCapabilities: new Set(capabilities), now });
        return Object.fromEntries(out.map((d) => [d.sourceID, [...d.types]]));
      });

    it('gates push and pull on eligibility and capabilities; disabled cards yield nothing', async () => {
      assert.deepEqual(await desired(['transfers'], clock.now()), {
        [ids.plain]: ['card-payment'],
        [ids.pushPull]: ['card-payment', 'push-to-card', 'pull-from-card'],
        [ids.prepaid]: ['card-payment', 'push-to-card'],
        [ids.lapsing]: ['card-payment', 'push-to-card', 'pull-from-card'],
      });
      const none = await desired([], clock.now());
      for (const id of [ids.plain, ids.pushPull, ids.prepaid, ids.lapsing]) assert.deepEqual(none[id], ['card-payment']);
      const granular = await desired(['money-transfer.pull-from-card'], clock.now());
      assert.deepEqual(granular[ids.pushPull], ['card-payment', 'pull-from-card']);
    });

    it('a card past its expiry month yields nothing', async () => {
      const july = await desired(['transfers'], new Date('2026-07-01T00:00:00Z'));
      assert.deepEqual(july[ids.lapsing], []);
      assert.deepEqual(july[ids.plain], ['card-payment']);
    });

    it('renders PaymentMethodsCard for live and disabled cards, never another account’s', async () => {
      const rendered = await t.store.read((sql) =>
        cardPaymentMethods.render(sql, { accountID, sourceIDs: [ids.pushPull, ids.disabled, randomUUID()] }),
      );
      assert.deepEqual([...rendered.keys()].sort(), [ids.pushPull, ids.disabled].sort());
      const card = rendered.get(ids.pushPull) as Record<string, unknown>;
      assert.equal(card['cardID'], ids.pushPull);
      assert.equal(card['domesticPushToCard'], 'fast-funds');
      for (const field of ['paymentMethods', 'issuerURL', 'issuerPhone', 'commercial', 'regulated', 'cardCategory']) assert.ok(!(field in card), field);
      const elsewhere = await t.store.read((sql) => cardPaymentMethods.render(sql, { accountID: randomUUID(), sourceIDs: [ids.pushPull] }));
      assert.equal(elsewhere.size, 0);
    });
  });
}
