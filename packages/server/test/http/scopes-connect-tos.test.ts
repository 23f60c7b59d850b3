import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { bearer, mintToken } from './helpers.ts';

/**
 * `POST /accounts/{accountID}/connections` and `GET /tos-token` need a scope
 * like every other operation a Bearer token can call (issue 12, decisions/0205):
 * a token minted for `/ping.read` alone used to get 201 and a ToS token.
 */
for (const kind of await storeKinds()) {
  describe(`scopes of accounts.connect and GET /tos-token (${kind})`, () => {
    let server: TestServer;
    let alice: string;
    let bob: string;
    let gym: string;
    before(async () => {
      server = await startTestServer(kind);
      const create = async (firstName: string): Promise<string> => {
        const response = await server.request('POST', '/accounts', {
          body: { accountType: 'individual', profile: { individual: { name: { firstName, lastName: 'Scope' } } } },
        });
        assert.equal(response.status, 200, response.text);
        return response.json.accountID;
      };
      alice = await create('Alice');
      bob = await create('Bob');
      gym = await create('Gym');
    });
    after(async () => server?.close());

    const connect = (accountID: string, principalAccountID: string, auth: string) =>
      server.request('POST', `/accounts/${accountID}/connections`, { body: { principalAccountID }, auth });
    const tosToken = (auth: string) =>
      server.request('GET', '/tos-token', { headers: { origin: 'https://app.example.com' }, auth });

    test('a /ping.read token is refused on both (403, no body)', async () => {
      const ping = await mintToken(server, '/ping.read');
      const connected = await connect(alice, gym, bearer(ping.access_token));
      assert.equal(connected.status, 403, connected.text);
      assert.equal(connected.text, '');
      const tos = await tosToken(bearer(ping.access_token));
      assert.equal(tos.status, 403, tos.text);
      assert.equal(tos.text, '');
      // Nothing was connected by the refused call.
      const listed = await server.request('GET', `/accounts/${gym}/connected-accounts`);
      assert.deepEqual((listed.json as Array<{ accountID: string }>).map((a) => a.accountID), []);
    });

    test('connect needs profile.write on the account in the path', async () => {
      const readOnly = await mintToken(server, `/accounts/${alice}/profile.read /accounts.read /accounts.write`);
      assert.equal((await connect(alice, gym, bearer(readOnly.access_token))).status, 403);
      // The principal's scope is not the one checked: the path names the account whose scopes are shared.
      const principalOnly = await mintToken(server, `/accounts/${gym}/profile.write`);
      assert.equal((await connect(bob, gym, bearer(principalOnly.access_token))).status, 403);

      const write = await mintToken(server, `/accounts/${alice}/profile.write`);
      const ok = await connect(alice, gym, bearer(write.access_token));
      assert.equal(ok.status, 201, ok.text);
      assert.equal(ok.text, '');
      // The scope names one account: it does not reach another.
      assert.equal((await connect(bob, gym, bearer(write.access_token))).status, 403);
    });

    test('tos-token needs /accounts.write', async () => {
      const read = await mintToken(server, '/accounts.read');
      assert.equal((await tosToken(bearer(read.access_token))).status, 403);
      const write = await mintToken(server, '/accounts.write');
      const ok = await tosToken(bearer(write.access_token));
      assert.equal(ok.status, 200, ok.text);
      assert.equal(typeof ok.json.token, 'string');
    });

    test('Basic auth is not narrowed by scopes', async () => {
      assert.equal((await connect(bob, gym, server.platform.basic)).status, 201);
      assert.equal((await tosToken(server.platform.basic)).status, 200);
    });
  });
}
