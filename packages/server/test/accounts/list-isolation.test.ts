import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2026, business, create, individual } from './helpers.ts';

for (const kind of await storeKinds()) {
  describe(`accounts: list, connections, isolation, versions (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: any;
    let bob: any;
    let gym: any;
    let foreign: any;
    before(async () => {
      alice = await create(s, individual({ foreignID: 'f-alice', capabilities: ['wallet'] }, { name: { firstName: 'Alice', lastName: 'Stone' }, email: 'alice@example.com' }));
      bob = await create(s, individual({ foreignID: 'f-bob' }, { name: { firstName: 'Bob', middleName: 'Q', lastName: 'Park' }, email: 'bob@example.com' }));
      gym = await create(s, business({ foreignID: 'f-gym', capabilities: ['collect-funds.card-payments'] }, { legalBusinessName: 'Stone Gym 100%_ LLC', email: 'GYM@example.com' }));
      foreign = await create(s, individual({}, { name: { firstName: 'Alice', lastName: 'Other' } }), s.otherPlatform.basic);
    });

    const ids = async (query: string, path = '/accounts') => {
      const response = await s.request('GET', `${path}${query}`, { headers: V2026 });
      assert.equal(response.status, 200, response.text);
      return (response.json as any[]).map((a) => a.accountID);
    };

    it('lists newest first, without the platform’s own account or other platforms’ accounts', async () => {
      assert.deepEqual(await ids(''), [gym.accountID, bob.accountID, alice.accountID]);
    });

    it('filters by name (case-insensitive, any name field, % and _ literal)', async () => {
      assert.deepEqual(await ids('?name=stone'), [gym.accountID, alice.accountID]);
      assert.deepEqual(await ids('?name=q'), [bob.accountID]);
      assert.deepEqual(await ids('?name=ALICE'), [alice.accountID]);
      assert.deepEqual(await ids('?name=100%25_'), [gym.accountID]);
      assert.deepEqual(await ids('?name=%25'), [gym.accountID]);
      assert.deepEqual(await ids('?name=stone&type=individual'), [alice.accountID]);
    });

    it('filters by email, type, foreignID and capability', async () => {
      assert.deepEqual(await ids('?email=Alice@Example.com'), [alice.accountID]);
      assert.deepEqual(await ids('?email=gym@example.com'), [gym.accountID]);
      assert.deepEqual(await ids('?email=alice'), []);
      assert.deepEqual(await ids('?type=business'), [gym.accountID]);
      assert.deepEqual(await ids('?foreignID=f-bob'), [bob.accountID]);
      assert.deepEqual(await ids('?capability=wallet'), [alice.accountID]);
      assert.deepEqual(await ids('?capability=transfers&capabilityStatus=enabled'), [gym.accountID, bob.accountID, alice.accountID]);
      assert.deepEqual(await ids('?capabilityStatus=pending'), [gym.accountID, alice.accountID]);
      assert.deepEqual(await ids('?capability=collect-funds.card-payments&capabilityStatus=enabled'), []);
    });

    it('pages with skip and count; bad query values are 400', async () => {
      assert.deepEqual(await ids('?count=2'), [gym.accountID, bob.accountID]);
      assert.deepEqual(await ids('?skip=2&count=2'), [alice.accountID]);
      assert.deepEqual(await ids('?skip=5'), []);
      for (const query of ['?count=0', '?count=201', '?skip=-1', '?count=abc', '?type=guest', '?includeDisconnected=yes', '?capability=teleport']) {
        const response = await s.request('GET', `/accounts${query}`, { headers: V2026 });
        assert.equal(response.status, 400, query);
        assert.equal(typeof response.json.error, 'string');
      }
    });

    it('another platform’s account, an unknown ID and a malformed ID all answer 404 with no body', async () => {
      const paths = [`/accounts/${foreign.accountID}`, '/accounts/00000000-0000-4000-8000-000000000000', '/accounts/not-a-uuid'];
      for (const path of paths) {
        for (const method of ['GET', 'DELETE']) {
          const response = await s.request(method, path);
          assert.equal(response.status, 404, `${method} ${path}`);
          assert.equal(response.text, '');
        }
        const patched = await s.request('PATCH', path, { body: { foreignID: 'x' } });
        assert.equal(patched.status, 404);
        const connected = await s.request('GET', `${path}/connected-accounts`);
        assert.equal(connected.status, 404);
        const connect = await s.request('POST', `${path}/connections`, { body: { principalAccountID: alice.accountID } });
        assert.equal(connect.status, 404);
      }
      const stillThere = await s.request('GET', `/accounts/${foreign.accountID}`, { auth: s.otherPlatform.basic });
      assert.equal(stillThere.status, 200);
      assert.equal(stillThere.json.foreignID, undefined);
    });

    it('the platform reads and updates its own account', async () => {
      const own = await s.request('GET', `/accounts/${s.platform.accountID}`, { headers: V2026 });
      assert.equal(own.status, 200);
      assert.equal(own.json.verification.status, 'verified');
      assert.ok(own.json.capabilities.some((c: any) => c.capability === 'wallet.balance' && c.status === 'enabled'));
      const updated = await s.request('PATCH', `/accounts/${s.platform.accountID}`, { body: { metadata: { tier: 'platform' } } });
      assert.equal(updated.status, 200);
    });

    it('connections: 201 no body, then listed under the principal; 409 twice; 422 for bad input', async () => {
      const connect = (accountID: string, body: unknown) => s.request('POST', `/accounts/${accountID}/connections`, { body, headers: V2026 });
      const ok = await connect(alice.accountID, { principalAccountID: gym.accountID, allowScopes: ['profile.read', 'transfers.write'] });
      assert.equal(ok.status, 201, ok.text);
      assert.equal(ok.text, '');
      assert.deepEqual(await ids('', `/accounts/${gym.accountID}/connected-accounts`), [alice.accountID]);
      assert.deepEqual(await ids('?name=bob', `/accounts/${gym.accountID}/connected-accounts`), []);
      assert.deepEqual(await ids('', `/accounts/${s.platform.accountID}/connected-accounts`), await ids(''));
      const twice = await connect(alice.accountID, { principalAccountID: gym.accountID });
      assert.equal(twice.status, 409);
      assert.equal(typeof twice.json.error, 'string');

      const cases: [unknown, Record<string, unknown>][] = [
        [{}, { principalAccountID: 'cannot be blank' }],
        [{ principalAccountID: 'nope' }, { principalAccountID: 'must be a valid account ID' }],
        [{ principalAccountID: bob.accountID, allowScopes: ['profile.read', 'everything'] }, { allowScopes: { '1': true } }],
        [{ principalAccountID: foreign.accountID }, { principalAccountID: 'must be an existing account' }],
        [{ principalAccountID: alice.accountID }, { principalAccountID: 'must be another account' }],
      ];
      for (const [body, expected] of cases) {
        const response = await connect(alice.accountID, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        for (const [key, value] of Object.entries(expected)) {
          if (typeof value === 'string') assert.equal(response.json[key], value);
          else assert.equal(typeof response.json[key]['1'], 'string');
        }
      }
    });

    it('v2024.01.00 hides granular capabilities and refuses them in requests', async () => {
      const v2024 = await s.request('GET', `/accounts/${gym.accountID}`);
      assert.equal(v2024.status, 200);
      assert.deepEqual(v2024.json.capabilities, [{ capability: 'transfers', status: 'enabled' }]);
      const v2026 = await s.request('GET', `/accounts/${gym.accountID}`, { headers: V2026 });
      assert.equal(v2026.json.capabilities.length, 2);
      const refused = await s.request('POST', '/accounts', { body: individual({ capabilities: ['wallet', 'send-funds.ach'] }) });
      assert.equal(refused.status, 422);
      assert.deepEqual(refused.json, { capabilities: { '1': 'must be a valid value' } });
      const listQuery = await s.request('GET', '/accounts?capability=wallet.balance');
      assert.equal(listQuery.status, 400);
      const industry = await create(s, business({}, { industry: 'fitness' }));
      assert.equal(industry.profile.business.industry, 'fitness');
      const old = await s.request('GET', `/accounts/${industry.accountID}`, { headers: { 'x-moov-version': 'v2024.01.00' } });
      assert.equal(old.json.profile.business.industry, undefined);
      const list = await s.request('GET', '/accounts?type=business');
      assert.ok((list.json as any[]).every((a) => a.profile.business.industry === undefined));
    });

    it('Bearer tokens need the documented scopes', async () => {
      const token = await s.services.store.write(async (sql) => {
        const { createHash } = await import('node:crypto');
        const raw = 'test-access-token-accounts-read-only';
        await sql.run(
          'INSERT INTO oauth_tokens (token_hash, kind, grant_id, platform_id, public_key, scopes, expires_on, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [createHash('sha256').update(raw).digest('hex'), 'access', 'g-1', s.platform.accountID, s.platform.publicKey, '/accounts.read', '2999-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
        );
        return raw;
      });
      const auth = `Bearer ${token}`;
      assert.equal((await s.request('GET', '/accounts', { auth })).status, 200);
      assert.equal((await s.request('POST', '/accounts', { auth, body: individual() })).status, 403);
      assert.equal((await s.request('GET', `/accounts/${alice.accountID}`, { auth })).status, 403);
    });
  });
}
