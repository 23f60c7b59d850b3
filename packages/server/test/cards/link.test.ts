import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { cardBody, cardRowCount, eventsAbout, link, linked, newAccount, PUSH_PULL_VISA, V2026, VISA } from './helpers.ts';

/** Every string in rows, with JSON columns opened (a CVV is short: look for it as a whole value). */
function storedStrings(value: unknown): string[] {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null) return storedStrings(parsed);
    } catch {
      // not JSON: a plain column
    }
    return [value];
  }
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(storedStrings);
  return [];
}

for (const kind of await storeKinds()) {
  describe(`cards: link (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('links a sandbox Visa and answers the Card without the number or CVV', async () => {
      const accountID = await newAccount(s);
      const response = await link(s, accountID, cardBody({ holderName: 'Jules Jackson', cardCvv: '321' }));
      assert.equal(response.status, 200, response.text);
      const card = response.json;
      assert.match(card.cardID, /^[0-9a-f-]{36}$/);
      assert.match(card.fingerprint, /^[0-9a-f]{64}$/);
      assert.equal(card.brand, 'Visa');
      assert.equal(card.cardType, 'credit');
      assert.equal(card.bin, '411111');
      assert.equal(card.lastFourCardNumber, '1111');
      assert.deepEqual(card.expiration, { month: '09', year: '35' });
      assert.equal(card.holderName, 'Jules Jackson');
      assert.deepEqual(card.billingAddress, { addressLine1: '123 Main Street', postalCode: '80301' });
      assert.deepEqual(card.cardVerification, { cvv: 'match', addressLine1: 'match', postalCode: 'match' });
      assert.equal(card.domesticPushToCard, 'not-supported');
      assert.equal(card.domesticPullFromCard, 'not-supported');
      assert.equal(card.cardOnFile, false);
      assert.equal(card.paymentMethods, undefined, 'only X-Wait-For: payment-method lists payment methods');
      assert.ok(!response.text.includes(VISA), 'the full number is never echoed');
      assert.ok(!('cardNumber' in card) && !('cardCvv' in card));

      // Nothing stored holds the PAN or the CVV: not the card row, not an event.
      const stored = await s.testStore.store.read(async (sql) => [
        ...(await sql.all('SELECT * FROM cards WHERE card_id = ?', [card.cardID])),
        ...(await sql.all('SELECT * FROM events WHERE data LIKE ?', [`%${card.cardID}%`])),
      ]);
      assert.ok(JSON.stringify(stored).includes(card.cardID));
      assert.ok(!JSON.stringify(stored).includes(VISA), 'the PAN is not stored');
      assert.ok(!storedStrings(stored).includes('321'), 'the CVV is not stored');

      const got = await s.request('GET', `/accounts/${accountID}/cards/${card.cardID}`, { headers: V2026 });
      assert.deepEqual(got.json, card);
    });

    it('sandbox magic values drive the verification results', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID, {
        cardNumber: '5555555555554444',
        cardCvv: '222',
        billingAddress: { postalCode: '99999' },
        holderName: 'Alex Noraa Irwin',
        verifyName: true,
      });
      assert.equal(card.brand, 'Mastercard');
      assert.deepEqual(card.cardVerification, {
        cvv: 'noMatch',
        addressLine1: 'notChecked',
        postalCode: 'unavailable',
        accountName: { firstName: 'match', middleName: 'partialMatch', lastName: 'match', fullName: 'match' },
      });
      const amex = await linked(s, accountID, { cardNumber: '371111111111114', cardCvv: '8888', billingAddress: { postalCode: '22222', addressLine1: '1 Elm St' } });
      assert.equal(amex.brand, 'American Express');
      assert.deepEqual(amex.cardVerification, { cvv: 'notChecked', addressLine1: 'noMatch', postalCode: 'noMatch' });
    });

    it('a push/pull debit card yields card-payment, push-to-card and pull-from-card, with events', async () => {
      const accountID = await newAccount(s);
      const response = await link(s, accountID, cardBody({ cardNumber: PUSH_PULL_VISA }), { headers: { 'x-wait-for': 'payment-method' } });
      assert.equal(response.status, 200, response.text);
      const card = response.json;
      assert.equal(card.cardType, 'debit');
      assert.equal(card.domesticPushToCard, 'fast-funds');
      assert.equal(card.domesticPullFromCard, 'supported');
      assert.equal(card.issuer, 'Railyard Sandbox Bank');
      const types = card.paymentMethods.map((m: any) => m.paymentMethodType).sort();
      assert.deepEqual(types, ['card-payment', 'pull-from-card', 'push-to-card']);

      const events = await eventsAbout(s, card.cardID);
      assert.equal(events.length, 3);
      for (const event of events) {
        assert.equal(event.type, 'paymentMethod.enabled');
        assert.equal(event.data['accountID'], accountID);
        assert.equal(event.data['sourceID'], card.cardID);
      }
      assert.deepEqual(
        events.map((e) => e.data['paymentMethodID']).sort(),
        card.paymentMethods.map((m: any) => m.paymentMethodID).sort(),
      );
    });

    it('a plain credit card yields only card-payment; an unknown-issuer card links with unknown eligibility', async () => {
      const accountID = await newAccount(s);
      const response = await link(s, accountID, cardBody(), { headers: { 'x-wait-for': 'payment-method' } });
      assert.deepEqual(response.json.paymentMethods.map((m: any) => m.paymentMethodType), ['card-payment']);
      const other = await linked(s, accountID, { cardNumber: '4242424242424242' });
      assert.equal(other.cardType, 'unknown');
      assert.equal(other.domesticPushToCard, 'unknown');
      assert.equal(other.issuer, undefined);
    });

    it('refuses an expired card and a bad check digit with 422, writing nothing', async () => {
      const accountID = await newAccount(s);
      const before = await cardRowCount(s);
      const expired = await link(s, accountID, cardBody({ expiration: { month: '01', year: '20' } }));
      assert.equal(expired.status, 422);
      assert.deepEqual(expired.json, { expiration: 'card is expired' });
      const luhn = await link(s, accountID, cardBody({ cardNumber: '4111111111111112' }));
      assert.equal(luhn.status, 422);
      assert.deepEqual(Object.keys(luhn.json), ['cardNumber']);
      assert.match(luhn.json.cardNumber, /check digit/);
      assert.equal(await cardRowCount(s), before);
      assert.deepEqual(await eventsAbout(s, accountID).then((events) => events.filter((e) => e.type.startsWith('paymentMethod'))), []);
    });

    it('reports every bad field as one string, never a nested map', async () => {
      const accountID = await newAccount(s);
      const response = await link(s, accountID, {
        cardNumber: '12ab',
        cardCvv: 7,
        expiration: { month: '13', year: '30' },
        billingAddress: { postalCode: 'ABCDE', country: 'USA' },
        holderName: 5,
        cardOnFile: 'yes',
        verifyName: 'no',
        merchantAccountID: 'not-a-uuid',
      });
      assert.equal(response.status, 422, response.text);
      for (const field of ['cardNumber', 'cardCvv', 'expiration', 'billingAddress', 'holderName', 'cardOnFile', 'verifyName', 'merchantAccountID']) {
        assert.equal(typeof response.json[field], 'string', `${field}: ${response.text}`);
      }
      const shapes = await link(s, accountID, { cardNumber: VISA, cardCvv: '123', expiration: 5, billingAddress: 'x' });
      assert.equal(shapes.status, 422);
      assert.equal(typeof shapes.json.expiration, 'string');
      assert.equal(typeof shapes.json.billingAddress, 'string');
      const missing = await link(s, accountID, {});
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.json, {
        cardNumber: 'cannot be blank',
        cardCvv: 'cannot be blank',
        expiration: 'cannot be blank',
        billingAddress: 'cannot be blank',
      });
      const notObject = await link(s, accountID, [1, 2]);
      assert.equal(notObject.status, 400);
      assert.equal(typeof notObject.json.error, 'string');
      const e2ee = await link(s, accountID, cardBody({ e2ee: { token: 'eyJ…' } }));
      assert.equal(e2ee.status, 422);
      assert.equal(typeof e2ee.json.e2ee.token, 'string');
      const verifyAmex = await link(s, accountID, cardBody({ cardNumber: '371111111111114', cardCvv: '1234', verifyName: true, holderName: 'Alex Nora Irwin' }));
      assert.equal(verifyAmex.status, 422);
      assert.match(verifyAmex.json.verifyName, /Visa and Mastercard/);
      const waitFor = await link(s, accountID, cardBody(), { headers: { 'x-wait-for': 'rail-response' } });
      assert.equal(waitFor.status, 400);
      assert.equal(await s.request('GET', `/accounts/${accountID}/cards`, { headers: V2026 }).then((r) => r.json.length), 0);
    });

    it('the same card twice on one account is 409 with existingCardID; other accounts may link it', async () => {
      const accountID = await newAccount(s);
      const first = await linked(s, accountID);
      const again = await link(s, accountID, cardBody({ cardCvv: '999', expiration: { month: '10', year: '36' } }));
      assert.equal(again.status, 409);
      assert.deepEqual(again.json, { error: 'card already exists on this account', existingCardID: first.cardID });
      const otherAccount = await newAccount(s);
      const elsewhere = await linked(s, otherAccount);
      assert.equal(elsewhere.fingerprint, first.fingerprint, 'one card, one fingerprint across a platform’s accounts');
      const otherPlatformAccount = await newAccount(s, s.otherPlatform.basic);
      const response = await link(s, otherPlatformAccount, cardBody(), { auth: s.otherPlatform.basic });
      assert.equal(response.status, 200);
      assert.notEqual(response.json.fingerprint, first.fingerprint, 'fingerprints differ between platforms');
    });

    it('two concurrent links of one card: one card, one 409', async () => {
      const accountID = await newAccount(s);
      const answers = await Promise.all([link(s, accountID, cardBody()), link(s, accountID, cardBody())]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
      const winner = answers.find((a) => a.status === 200)!.json;
      assert.equal(answers.find((a) => a.status === 409)!.json.existingCardID, winner.cardID);
      const list = await s.request('GET', `/accounts/${accountID}/cards`, { headers: V2026 });
      assert.equal(list.json.length, 1);
    });

    it('another platform’s account, a missing account and a malformed ID are 404 with no body', async () => {
      const foreign = await newAccount(s, s.otherPlatform.basic);
      for (const path of [`/accounts/${foreign}/cards`, '/accounts/00000000-0000-4000-8000-000000000000/cards', '/accounts/nope/cards']) {
        const response = await s.request('POST', path, { body: cardBody(), headers: V2026 });
        assert.equal(response.status, 404, path);
        assert.equal(response.text, '');
      }
      assert.equal(await s.request('GET', `/accounts/${foreign}/cards`, { headers: V2026 }).then((r) => r.status), 404);
    });

    it('merchantAccountID must be an account the caller may use; cardOnFile defaults it to the platform', async () => {
      const accountID = await newAccount(s);
      const foreign = await newAccount(s, s.otherPlatform.basic);
      const refused = await link(s, accountID, cardBody({ merchantAccountID: foreign }));
      assert.equal(refused.status, 422);
      assert.equal(typeof refused.json.merchantAccountID, 'string');
      const onFile = await linked(s, accountID, { cardOnFile: true });
      assert.equal(onFile.merchantAccountID, s.platform.accountID);
      const merchant = await newAccount(s);
      const withMerchant = await linked(s, accountID, { cardNumber: '6011111111111117', merchantAccountID: merchant.toUpperCase() });
      assert.equal(withMerchant.merchantAccountID, merchant);
    });

    it('the platform can link a card to its own account; v2024.01.00 callers get the same Card', async () => {
      const response = await s.request('POST', `/accounts/${s.platform.accountID}/cards`, { body: cardBody({ cardNumber: '5555000010002002' }) });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.brand, 'Mastercard');
      const listed = await s.request('GET', `/accounts/${s.platform.accountID}/cards`);
      assert.deepEqual(listed.json, [response.json]);
    });
  });
}
