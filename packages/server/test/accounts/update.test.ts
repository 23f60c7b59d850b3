import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2026, assertMatches, business, create, individual } from './helpers.ts';

for (const kind of await storeKinds()) {
  describe(`accounts: update, disconnect, ToS (${kind})`, () => {
    const s = serverPerSuite(kind);

    const patch = (id: string, body: unknown) => s.request('PATCH', `/accounts/${id}`, { body, headers: V2026 });

    it('changes only the fields sent and recomputes the display name', async () => {
      const account = await create(s, individual({ metadata: { a: '1' }, foreignID: 'f-1' }, { email: 'a@example.com' }));
      const response = await patch(account.accountID, { profile: { individual: { name: { lastName: 'Smith' }, phone: { number: '8185551212' } } } });
      assert.equal(response.status, 200, response.text);
      const updated = response.json;
      assert.equal(updated.displayName, 'Jordan Smith');
      assert.equal(updated.profile.individual.email, 'a@example.com');
      assert.deepEqual(updated.metadata, { a: '1' });
      assert.equal(updated.foreignID, 'f-1');
      assert.equal(updated.createdOn, account.createdOn);
      assert.ok(updated.updatedOn >= account.updatedOn);
      const got = await s.request('GET', `/accounts/${account.accountID}`, { headers: V2026 });
      assert.deepEqual(got.json, updated);
    });

    it('null clears metadata and customerSupport; an empty string removes an optional field', async () => {
      const account = await create(
        s,
        business({ metadata: { a: '1' }, customerSupport: { email: 'help@example.com' } }, { doingBusinessAs: 'WBF', email: 'x@example.com' }),
      );
      const response = await patch(account.accountID, { metadata: null, customerSupport: null, profile: { business: { doingBusinessAs: '' } } });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.metadata, undefined);
      assert.equal(response.json.customerSupport, undefined);
      assert.equal(response.json.profile.business.doingBusinessAs, undefined);
      assert.equal(response.json.displayName, 'Whole Body Fitness LLC');
    });

    it('merges birth date parts with the stored date and validates the whole', async () => {
      const account = await create(s, individual({}, { birthDate: { day: 31, month: 1, year: 1990 } }));
      const bad = await patch(account.accountID, { profile: { individual: { birthDate: { month: 2 } } } });
      assert.equal(bad.status, 422);
      assertMatches(bad.json, { profile: { individual: { birthDate: { day: /for that month/ } } } });
      const good = await patch(account.accountID, { profile: { individual: { birthDate: { month: 3 } } } });
      assert.equal(good.status, 200);
    });

    it('accountType cannot change: the other profile is refused', async () => {
      const account = await create(s, individual());
      const response = await patch(account.accountID, { profile: { business: { legalBusinessName: 'X Corp' } } });
      assert.equal(response.status, 422);
      assert.equal(response.json.error, 'profile.business cannot be set on an individual account');
      const ignored = await patch(account.accountID, { accountType: 'business' });
      assert.equal(ignored.status, 200);
      assert.equal(ignored.json.accountType, 'individual');
    });

    it('422s keyed like the request', async () => {
      const account = await create(s, business());
      const cases: [unknown, unknown][] = [
        [{ profile: { business: { email: 'bad' } } }, { profile: { business: { email: 'must be a valid email address' } } }],
        [{ profile: { business: { legalBusinessName: '' } } }, { profile: { business: { legalBusinessName: 'cannot be blank' } } }],
        [{ profile: { business: { address: { city: 'Boulder' } } } }, { profile: { business: { address: { addressLine1: 'cannot be blank' } } } }],
        [{ metadata: 'x' }, { metadata: /must be an object/ }],
        [{ customerSupport: { phone: { number: '12' } } }, { customerSupport: { phone: { number: 'must be a valid US phone number' } } }],
        [{ settings: { achPayment: { companyName: 'Bad_Name!' } } }, { settings: { achPayment: { companyName: 'must be in a valid format' } } }],
        [{ termsOfService: { token: 'forged' } }, { termsOfService: { token: /valid, unused/ } }],
      ];
      for (const [body, expected] of cases) {
        const response = await patch(account.accountID, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        assertMatches(response.json, expected);
      }
      const missingBody = await s.request('PATCH', `/accounts/${account.accountID}`);
      assert.equal(missingBody.status, 400);
    });

    it('ToS token: Origin or Referer required, stored hashed, usable once, attached by PATCH', async () => {
      const refused = await s.request('GET', '/tos-token');
      assert.equal(refused.status, 400);
      assert.equal(typeof refused.json.error, 'string');
      const byReferer = await s.request('GET', '/tos-token', { headers: { referer: 'https://app.example.com/signup' } });
      assert.equal(byReferer.status, 200);
      const issued = await s.request('GET', '/tos-token', { headers: { origin: 'https://app.example.com', 'user-agent': 'Browser/1.0' } });
      assert.equal(issued.status, 200);
      const token: string = issued.json.token;
      assert.ok(token.length >= 32);
      const rows = await s.services.store.read((sql) => sql.all<{ token_hash: string }>('SELECT token_hash FROM tos_tokens'));
      assert.ok(rows.every((r) => r.token_hash !== token));

      const account = await create(s, individual());
      const accepted = await patch(account.accountID, { termsOfService: { token } });
      assert.equal(accepted.status, 200);
      assert.equal(accepted.json.termsOfService.acceptedIP, '127.0.0.1');
      assert.match(accepted.json.termsOfService.acceptedDate, /^\d{4}-\d{2}-\d{2}T/);
      const again = await patch(account.accountID, { termsOfService: { token } });
      assert.equal(again.status, 200, 'the same account may send its token again');
      const reused = await s.request('POST', '/accounts', { body: individual({ termsOfService: { token } }), headers: V2026 });
      assert.equal(reused.status, 422);

      const otherToken = (await s.request('GET', '/tos-token', { headers: { origin: 'https://b.example.com' }, auth: s.otherPlatform.basic })).json.token;
      const foreign = await s.request('POST', '/accounts', { body: individual({ termsOfService: { token: otherToken } }), headers: V2026 });
      assert.equal(foreign.status, 422, 'another platform’s token is not valid here');
      const atCreate = await create(s, individual({ termsOfService: { token: byReferer.json.token } }));
      assert.equal(atCreate.termsOfService.acceptedIP, '127.0.0.1');
    });

    it('disconnect: 204, hidden from lists, readable with disconnectedOn, read-only, idempotent', async () => {
      const account = await create(s, individual({ foreignID: 'gone-1' }));
      const first = await s.request('DELETE', `/accounts/${account.accountID}`);
      assert.equal(first.status, 204);
      assert.equal(first.text, '');
      const got = await s.request('GET', `/accounts/${account.accountID}`, { headers: V2026 });
      assert.equal(got.status, 200);
      assert.match(got.json.disconnectedOn, /^\d{4}-/);
      const listed = await s.request('GET', '/accounts?foreignID=gone-1');
      assert.deepEqual(listed.json, []);
      const withDisconnected = await s.request('GET', '/accounts?foreignID=gone-1&includeDisconnected=true');
      assert.equal(withDisconnected.json.length, 1);
      assert.equal(withDisconnected.json[0].disconnectedOn, got.json.disconnectedOn);
      const write = await patch(account.accountID, { foreignID: 'x' });
      assert.equal(write.status, 409);
      assert.equal(typeof write.json.error, 'string');
      const second = await s.request('DELETE', `/accounts/${account.accountID}`);
      assert.equal(second.status, 204);
      const events = await s.services.store.read((sql) =>
        sql.all("SELECT event_id FROM events WHERE event_type = 'account.disconnected' AND data LIKE ?", [`%${account.accountID}%`]),
      );
      assert.equal(events.length, 1, 'a second disconnect changes nothing');
      const own = await s.request('DELETE', `/accounts/${s.platform.accountID}`);
      assert.equal(own.status, 400);
    });

    it('writes account.updated events', async () => {
      const account = await create(s, individual());
      await patch(account.accountID, { foreignID: 'ev-2' });
      const rows = await s.services.store.read((sql) =>
        sql.all<{ data: string }>("SELECT data FROM events WHERE event_type = 'account.updated' AND data LIKE ?", [`%${account.accountID}%`]),
      );
      assert.deepEqual(JSON.parse(rows[0]!.data), { accountID: account.accountID, foreignID: 'ev-2' });
    });
  });
}
