import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { cardBody, eventsAbout, link, linked, newAccount, PUSH_PULL_VISA, V2026 } from './helpers.ts';

for (const kind of await storeKinds()) {
  describe(`cards: list, get, update, disable (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: { now: () => now } }));
    // A movable test clock: 2026-06-15, so a card expiring 06/26 lapses when it moves to July.
    let now = new Date('2026-06-15T12:00:00Z');

    const path = (accountID: string, cardID?: string) => `/accounts/${accountID}/cards${cardID ? `/${cardID}` : ''}`;
    const patch = (accountID: string, cardID: string, body: unknown) => s.request('PATCH', path(accountID, cardID), { body, headers: V2026 });
    const get = (accountID: string, cardID: string) => s.request('GET', path(accountID, cardID), { headers: V2026 });

    it('lists live cards oldest first; get answers one; other accounts’ cards are 404', async () => {
      const accountID = await newAccount(s);
      const first = await linked(s, accountID);
      now = new Date(now.getTime() + 1000);
      const second = await linked(s, accountID, { cardNumber: '5555555555554444' });
      const list = await s.request('GET', path(accountID), { headers: V2026 });
      assert.equal(list.status, 200);
      assert.deepEqual(list.json.map((c: any) => c.cardID), [first.cardID, second.cardID]);
      assert.deepEqual((await get(accountID, second.cardID)).json, second);

      const otherAccount = await newAccount(s);
      const wrongAccount = await get(otherAccount, first.cardID);
      assert.equal(wrongAccount.status, 404);
      assert.equal(wrongAccount.text, '');
      const otherPlatform = await s.request('GET', path(accountID, first.cardID), { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(otherPlatform.status, 404);
      assert.equal((await get(accountID, 'not-a-uuid')).status, 404);
      assert.deepEqual((await s.request('GET', path(otherAccount), { headers: V2026 })).json, []);
    });

    it('PATCH merges the billing address and re-runs address verification; a new CVV re-verifies the CVV', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID, { holderName: 'Alex Nora Irwin', verifyName: true });
      assert.equal(card.cardVerification.accountName.fullName, 'match');
      const moved = await patch(accountID, card.cardID, { billingAddress: { postalCode: '22222', city: 'Denver' } });
      assert.equal(moved.status, 200, moved.text);
      assert.deepEqual(moved.json.billingAddress, { addressLine1: '123 Main Street', city: 'Denver', postalCode: '22222' });
      assert.equal(moved.json.cardVerification.postalCode, 'noMatch');
      assert.equal(moved.json.cardVerification.addressLine1, 'noMatch');
      assert.equal(moved.json.cardVerification.cvv, 'match', 'no CVV sent: the CVV result stands');
      const cvv = await patch(accountID, card.cardID, { cardCvv: '999' });
      assert.equal(cvv.json.cardVerification.cvv, 'unavailable');
      const renamed = await patch(accountID, card.cardID, { holderName: 'Jules Jackson' });
      assert.equal(renamed.json.holderName, 'Jules Jackson');
      assert.equal(renamed.json.cardVerification.accountName, undefined, 'the old name result described the old name');
      const verified = await patch(accountID, card.cardID, { holderName: 'Alex Irwin', verifyName: true, cardOnFile: true });
      assert.deepEqual(verified.json.cardVerification.accountName, {
        firstName: 'match',
        middleName: 'notChecked',
        lastName: 'match',
        fullName: 'match',
      });
      assert.equal(verified.json.cardOnFile, true);
      assert.equal(verified.json.merchantAccountID, s.platform.accountID);
      assert.deepEqual((await get(accountID, card.cardID)).json, verified.json);
      const unchanged = await patch(accountID, card.cardID, {});
      assert.deepEqual(unchanged.json, verified.json);
    });

    it('PATCH refusals are one string per field and change nothing', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID, { cardNumber: '371111111111114', cardCvv: '1234' });
      const refused = await patch(accountID, card.cardID, {
        billingAddress: { postalCode: '' },
        expiration: { month: '01', year: '20' },
        cardCvv: '123',
        cardOnFile: 'yes',
        merchantAccountID: 'x',
        verifyName: true,
        holderName: 7,
      });
      assert.equal(refused.status, 422, refused.text);
      for (const field of ['billingAddress', 'expiration', 'cardCvv', 'cardOnFile', 'merchantAccountID', 'verifyName', 'holderName']) {
        assert.equal(typeof refused.json[field], 'string', `${field}: ${refused.text}`);
      }
      assert.equal(refused.json.expiration, 'card is expired');
      const shapes = await patch(accountID, card.cardID, { billingAddress: 'x', expiration: [1] });
      assert.equal(shapes.status, 422);
      assert.deepEqual(Object.keys(shapes.json).sort(), ['billingAddress', 'expiration']);
      const e2ee = await patch(accountID, card.cardID, { e2ee: { token: 'x' } });
      assert.equal(e2ee.status, 422);
      assert.deepEqual((await get(accountID, card.cardID)).json, card);
      assert.equal((await patch(accountID, '00000000-0000-4000-8000-000000000000', { cardOnFile: true })).status, 404);
    });

    it('an expired card loses its payment methods; a new expiration brings them back', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID, { cardNumber: PUSH_PULL_VISA, expiration: { month: '06', year: '26' } });
      now = new Date('2026-07-01T00:00:00Z');
      // Any refresh of the account (here: a PATCH) notices the lapse.
      const touched = await patch(accountID, card.cardID, { cardOnFile: true });
      assert.equal(touched.status, 200, touched.text);
      let events = await eventsAbout(s, card.cardID);
      assert.equal(events.filter((e) => e.type === 'paymentMethod.disabled').length, 3);
      const renewed = await patch(accountID, card.cardID, { expiration: { year: '29' } });
      assert.deepEqual(renewed.json.expiration, { month: '06', year: '29' });
      events = await eventsAbout(s, card.cardID);
      assert.equal(events.filter((e) => e.type === 'paymentMethod.enabled').length, 6);
      now = new Date('2026-06-15T12:00:00Z');
    });

    it('DELETE disables: 204, its payment methods disabled, then gone; again is 404; it can be linked anew', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID, { cardNumber: PUSH_PULL_VISA });
      const disabled = await s.request('DELETE', path(accountID, card.cardID), { headers: V2026 });
      assert.equal(disabled.status, 204);
      assert.equal(disabled.text, '');
      const events = await eventsAbout(s, card.cardID);
      assert.deepEqual(events.map((e) => e.type).sort(), [
        'paymentMethod.disabled',
        'paymentMethod.disabled',
        'paymentMethod.disabled',
        'paymentMethod.enabled',
        'paymentMethod.enabled',
        'paymentMethod.enabled',
      ]);
      assert.equal((await get(accountID, card.cardID)).status, 404);
      assert.deepEqual((await s.request('GET', path(accountID), { headers: V2026 })).json, []);
      const again = await s.request('DELETE', path(accountID, card.cardID), { headers: V2026 });
      assert.equal(again.status, 404);
      assert.equal(again.text, '');
      assert.equal((await eventsAbout(s, card.cardID)).length, 6, 'a second disable writes nothing');
      assert.equal((await patch(accountID, card.cardID, { cardOnFile: true })).status, 404);
      const relinked = await linked(s, accountID, { cardNumber: PUSH_PULL_VISA });
      assert.notEqual(relinked.cardID, card.cardID);
      assert.equal(relinked.fingerprint, card.fingerprint);
    });

    it('another platform cannot disable or change a card', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID);
      const other = { headers: V2026, auth: s.otherPlatform.basic };
      assert.equal((await s.request('DELETE', path(accountID, card.cardID), other)).status, 404);
      assert.equal((await s.request('PATCH', path(accountID, card.cardID), { ...other, body: { cardOnFile: true } })).status, 404);
      assert.deepEqual((await get(accountID, card.cardID)).json, card);
    });

    it('a disconnected account’s cards stay readable but cannot change (409)', async () => {
      const accountID = await newAccount(s);
      const card = await linked(s, accountID);
      assert.equal((await s.request('DELETE', `/accounts/${accountID}`, { headers: V2026 })).status, 204);
      assert.equal((await get(accountID, card.cardID)).status, 200);
      const linkAgain = await link(s, accountID, cardBody({ cardNumber: '5555555555554444' }));
      assert.equal(linkAgain.status, 409);
      assert.equal(typeof linkAgain.json.error, 'string');
      assert.equal((await patch(accountID, card.cardID, { cardOnFile: true })).status, 409);
      assert.equal((await s.request('DELETE', path(accountID, card.cardID), { headers: V2026 })).status, 409);
    });
  });
}
