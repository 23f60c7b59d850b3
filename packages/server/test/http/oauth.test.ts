import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { SqlValue } from '../../src/store/port.ts';
// Lifetimes and the scope limit as docs/authentication.md states them, never read from oauth.ts.
import { ACCESS_TOKEN_LIFETIME_SECONDS as ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS as REFRESH_TOKEN_TTL_SECONDS } from '../support/documented.ts';
import { basic, bearer, mintToken, UUID_PATTERN } from './helpers.ts';

/** docs/authentication.md: "A token carries at most 64 scopes". */
const MAX_SCOPES_PER_TOKEN = 64;

/** A clock the tests move, so expiry is tested without waiting. */
function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceSeconds(seconds: number) {
      offsetMs += seconds * 1000;
    },
  };
}

/**
 * An account owned by `createdBy`, optionally connected to `principal`, written
 * straight to the store. It copies the platform's own account row whatever its
 * columns, so the test does not depend on the accounts table's shape.
 */
async function seedAccount(server: TestServer, createdBy: string, connectTo?: string, disconnected = false): Promise<string> {
  const accountID = randomUUID();
  const now = new Date().toISOString();
  await server.services.store.write(async (sql) => {
    const template = await sql.get<Record<string, SqlValue>>('SELECT * FROM accounts WHERE account_id = ?', [createdBy]);
    assert.ok(template, 'the creating platform has an account row');
    const row: Record<string, SqlValue> = { ...template, account_id: accountID, created_by: createdBy };
    const columns = Object.keys(row);
    await sql.run(
      `INSERT INTO accounts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      columns.map((column) => row[column] ?? null),
    );
    if (connectTo) {
      await sql.run('INSERT INTO account_connections (principal_id, account_id, created_on, disconnected_on) VALUES (?, ?, ?, ?)', [
        connectTo,
        accountID,
        now,
        disconnected ? now : null,
      ]);
    }
  });
  return accountID;
}

for (const kind of await storeKinds()) {
  describe(`OAuth2 tokens (${kind})`, () => {
    let server: TestServer;
    const clock = movableClock();
    before(async () => {
      server = await startTestServer(kind, { clock });
    });
    after(async () => server.close());

    const token = (body: unknown, auth: string | null = server.platform.basic) =>
      server.request('POST', '/oauth2/token', { auth, body });
    const revoke = (body: unknown, auth: string | null = server.platform.basic) =>
      server.request('POST', '/oauth2/revoke', { auth, body });
    const ping = (auth: string) => server.request('GET', '/ping', { auth });

    test('client_credentials with Basic auth issues an opaque Bearer pair', async () => {
      const response = await token({ grant_type: 'client_credentials', scope: '/ping.read /accounts.read' });
      assert.equal(response.status, 200);
      assert.match(response.headers.get('x-request-id') ?? '', UUID_PATTERN);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const body = response.json;
      assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.expires_in, ACCESS_TOKEN_TTL_SECONDS);
      assert.equal(body.scope, '/ping.read /accounts.read');
      // 32 bytes of entropy in base64url is 43 characters, after a 4-character prefix.
      assert.ok(body.access_token.length >= 47);
      assert.ok(body.refresh_token.length >= 47);
      assert.notEqual(body.access_token, body.refresh_token);
      assert.equal((await ping(bearer(body.access_token))).status, 200);
    });

    test('tokens are stored only as SHA-256 digests', async () => {
      const minted = await mintToken(server, '/ping.read');
      const rows = await server.services.store.read((sql) =>
        sql.all<Record<string, unknown>>('SELECT * FROM oauth_tokens WHERE platform_id = ?', [server.platform.accountID]),
      );
      const stored = JSON.stringify(rows);
      assert.ok(!stored.includes(minted.access_token));
      assert.ok(!stored.includes(minted.refresh_token));
      const digest = createHash('sha256').update(minted.access_token).digest('hex');
      assert.ok(rows.some((row) => row['token_hash'] === digest && row['kind'] === 'access'));
    });

    test('client credentials may come in a JSON body', async () => {
      const response = await token(
        {
          grant_type: 'client_credentials',
          client_id: server.platform.publicKey,
          client_secret: server.platform.secret,
          scope: '/ping.read',
        },
        null,
      );
      assert.equal(response.status, 200);
      assert.equal(response.json.scope, '/ping.read');
    });

    test('form-urlencoded bodies are accepted, with credentials in Basic or the body', async () => {
      const form = new URLSearchParams({ grant_type: 'client_credentials', scope: '/ping.read /accounts.write' });
      const viaBasic = await server.request('POST', '/oauth2/token', {
        rawBody: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(viaBasic.status, 200);
      assert.equal(viaBasic.json.scope, '/ping.read /accounts.write');
      form.set('client_id', server.platform.publicKey);
      form.set('client_secret', server.platform.secret);
      const viaBody = await server.request('POST', '/oauth2/token', {
        auth: null,
        rawBody: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(viaBody.status, 200);
      const revoked = await server.request('POST', '/oauth2/revoke', {
        rawBody: new URLSearchParams({ token: viaBody.json.access_token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(revoked.status, 204);
      assert.equal((await ping(bearer(viaBody.json.access_token))).status, 401);
    });

    test('wrong, missing or half-given client credentials answer 401 with no body', async () => {
      const cases: Array<[unknown, string | null]> = [
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, null],
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, basic(server.platform.publicKey, 'wrong-secret-value')],
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, basic('no-such-key', server.platform.secret)],
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, bearer('rya_not-a-client-credential')],
        [{ grant_type: 'client_credentials', scope: '/ping.read', client_id: server.platform.publicKey }, null],
        [{ grant_type: 'client_credentials', scope: '/ping.read', client_id: server.platform.publicKey, client_secret: 'nope' }, null],
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, 'Basic !!!not-base64'],
        [{ grant_type: 'client_credentials', scope: '/ping.read' }, 'Digest abc'],
      ];
      for (const [body, auth] of cases) {
        const response = await token(body, auth);
        assert.equal(response.status, 401, `${JSON.stringify(body)} with ${auth}`);
        assert.equal(response.text, '');
        assert.match(response.headers.get('x-request-id') ?? '', UUID_PATTERN);
      }
    });

    test('credentials in Basic and the body that name different clients are a 400', async () => {
      const response = await token({
        grant_type: 'client_credentials',
        scope: '/ping.read',
        client_id: server.otherPlatform.publicKey,
        client_secret: server.otherPlatform.secret,
      });
      assert.equal(response.status, 400);
      assert.equal(typeof response.json.error, 'string');
    });

    test('scope is required and every scope must be known', async () => {
      const bad: Array<[string | undefined, RegExp]> = [
        [undefined, /blank/],
        ['', /blank/],
        ['   ', /blank/],
        ['/ping.write', /unknown scope/],
        ['/ping.read /nope', /unknown scope/],
        ['ping.read', /unknown scope/],
        [`/accounts/${randomUUID()}/profile.fly`, /unknown scope/],
        ['/ping.read\t/accounts.read', /unknown scope/],
        [Array.from({ length: MAX_SCOPES_PER_TOKEN + 1 }, () => '/ping.read').join(' '), /at most/],
      ];
      for (const [scope, message] of bad) {
        const response = await token({ grant_type: 'client_credentials', ...(scope === undefined ? {} : { scope }) });
        assert.equal(response.status, 422, String(scope));
        assert.deepEqual(Object.keys(response.json), ['scope']);
        assert.match(response.json.scope, message);
      }
    });

    test('repeated scopes are granted once', async () => {
      const minted = await mintToken(server, '/ping.read  /ping.read /accounts.read');
      assert.equal(minted.scope, '/ping.read /accounts.read');
    });

    test('account-bound scopes must name an account the platform sees', async () => {
      const own = server.platform.accountID;
      const connected = await seedAccount(server, own, own);
      const disconnected = await seedAccount(server, own, own, true);
      const foreign = await seedAccount(server, server.otherPlatform.accountID, server.otherPlatform.accountID);
      const createdButNotConnected = await seedAccount(server, own);

      const granted = await mintToken(server, `/accounts/${own}/transfers.write /accounts/${connected.toUpperCase()}/profile.read`);
      assert.equal(granted.scope, `/accounts/${own}/transfers.write /accounts/${connected}/profile.read`);

      for (const accountID of [foreign, disconnected, createdButNotConnected, randomUUID()]) {
        const response = await token({ grant_type: 'client_credentials', scope: `/ping.read /accounts/${accountID}/wallets.read` });
        assert.equal(response.status, 422, accountID);
        assert.match(response.json.scope, /not found/);
      }
      // The other platform sees its own account.
      const theirs = await mintToken(server, `/accounts/${foreign}/profile.read`, server.otherPlatform);
      assert.equal(theirs.scope, `/accounts/${foreign}/profile.read`);
    });

    test('a missing body or one of the wrong kind is a 400 {error}; a bad or missing grant_type a 422 {grant_type}', async () => {
      const empty = await server.request('POST', '/oauth2/token', { headers: { 'content-type': 'application/json' }, rawBody: '' });
      assert.equal(empty.status, 400);
      assert.equal(typeof empty.json.error, 'string');
      // docs/cross-cutting.md: a body of the wrong kind is 400 {"error"}; field validation is 422 per field.
      for (const body of [[], 'text']) {
        const response = await token(body);
        assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
        assert.deepEqual(Object.keys(response.json), ['error'], JSON.stringify(body));
      }
      for (const body of [{ grant_type: 'password', scope: '/ping.read' }, { scope: '/ping.read' }, { grant_type: 7 }]) {
        const response = await token(body);
        assert.equal(response.status, 422, `${JSON.stringify(body)}: ${response.text}`);
        assert.deepEqual(Object.keys(response.json), ['grant_type'], JSON.stringify(body));
      }
    });

    test('Bearer scopes are enforced; Basic auth is never narrowed', async () => {
      const withPing = await mintToken(server, '/ping.read');
      const withoutPing = await mintToken(server, '/accounts.read');
      assert.equal((await ping(bearer(withPing.access_token))).status, 200);
      const forbidden = await ping(bearer(withoutPing.access_token));
      assert.equal(forbidden.status, 403);
      assert.equal(forbidden.text, '');
      assert.equal((await ping(server.platform.basic)).status, 200);
    });

    test('a refresh token is not an access token, and junk Bearer values are 401', async () => {
      const minted = await mintToken(server, '/ping.read');
      for (const value of [minted.refresh_token, 'rya_unknown', minted.access_token + 'x', 'x'.repeat(1500)]) {
        const response = await ping(bearer(value));
        assert.equal(response.status, 401);
        assert.equal(response.text, '');
      }
    });

    test('refresh rotates the pair and keeps the scopes', async () => {
      const first = await mintToken(server, '/ping.read /accounts.read');
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      assert.equal(refreshed.status, 200);
      assert.equal(refreshed.json.scope, first.scope);
      assert.notEqual(refreshed.json.access_token, first.access_token);
      assert.notEqual(refreshed.json.refresh_token, first.refresh_token);
      assert.equal((await ping(bearer(refreshed.json.access_token))).status, 200);

      // The old refresh token is spent; presenting it again ends the whole grant.
      const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      assert.equal(replay.status, 422);
      assert.match(replay.json.refresh_token, /invalid/);
      assert.equal((await ping(bearer(refreshed.json.access_token))).status, 401);
      const afterReplay = await token({ grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token });
      assert.equal(afterReplay.status, 422);
    });

    test('refresh needs the client that got the token, and a refresh token', async () => {
      const minted = await mintToken(server, '/ping.read');
      const missing = await token({ grant_type: 'refresh_token' });
      assert.equal(missing.status, 422);
      assert.equal(missing.json.refresh_token, 'cannot be blank');
      const otherClient = await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token }, server.otherPlatform.basic);
      assert.equal(otherClient.status, 422);
      const anonymous = await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token }, null);
      assert.equal(anonymous.status, 401);
      const accessAsRefresh = await token({ grant_type: 'refresh_token', refresh_token: minted.access_token });
      assert.equal(accessAsRefresh.status, 422);
      // None of the refused attempts spent the token.
      const good = await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token });
      assert.equal(good.status, 200);
    });

    test('access tokens expire after their lifetime, refresh tokens after theirs', async () => {
      const minted = await mintToken(server, '/ping.read');
      clock.advanceSeconds(ACCESS_TOKEN_TTL_SECONDS - 5);
      assert.equal((await ping(bearer(minted.access_token))).status, 200);
      clock.advanceSeconds(10);
      const expired = await ping(bearer(minted.access_token));
      assert.equal(expired.status, 401);
      assert.equal(expired.text, '');
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token });
      assert.equal(refreshed.status, 200);
      clock.advanceSeconds(REFRESH_TOKEN_TTL_SECONDS + 1);
      const stale = await token({ grant_type: 'refresh_token', refresh_token: refreshed.json.refresh_token });
      assert.equal(stale.status, 422);
    });

    test('revoking an access token ends it; unknown and repeated revokes are still 204', async () => {
      const minted = await mintToken(server, '/ping.read');
      const first = await revoke({ token: minted.access_token, token_type_hint: 'access_token' });
      assert.equal(first.status, 204);
      assert.equal(first.text, '');
      assert.equal((await ping(bearer(minted.access_token))).status, 401);
      assert.equal((await revoke({ token: minted.access_token })).status, 204);
      assert.equal((await revoke({ token: 'rya_never-issued' })).status, 204);
      // The grant's refresh token still works: revoking an access token ends only it.
      assert.equal((await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token })).status, 200);
    });

    test('revoking a refresh token ends its whole grant', async () => {
      const minted = await mintToken(server, '/ping.read');
      assert.equal((await revoke({ token: minted.refresh_token, token_type_hint: 'refresh_token' })).status, 204);
      assert.equal((await ping(bearer(minted.access_token))).status, 401);
      assert.equal((await token({ grant_type: 'refresh_token', refresh_token: minted.refresh_token })).status, 422);
    });

    test('revoke needs client credentials and never touches another platform’s token', async () => {
      const minted = await mintToken(server, '/ping.read');
      const anonymous = await revoke({ token: minted.access_token }, null);
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.text, '');
      assert.equal((await revoke({ token: minted.access_token }, basic(server.platform.publicKey, 'wrong'))).status, 401);
      const foreign = await revoke({ token: minted.access_token }, server.otherPlatform.basic);
      assert.equal(foreign.status, 204);
      assert.equal((await ping(bearer(minted.access_token))).status, 200);
    });

    test('revoke validates its body', async () => {
      for (const body of [{}, { token: '' }, { token: 'x', token_type_hint: 'id_token' }, { token: 'x'.repeat(600) }]) {
        const response = await revoke(body);
        assert.equal(response.status, 422, JSON.stringify(body));
        const keys = Object.keys(response.json);
        assert.ok(keys.every((key) => key === 'token' || key === 'token_type_hint'), JSON.stringify(response.json));
      }
    });

    test('tokens die with the API key that minted them', async () => {
      const created = await server.services.platforms.create({ name: 'Short-lived key' });
      const keyAuth = basic(created.publicKey, created.secret);
      const minted = await mintToken(server, '/ping.read', { ...created, basic: keyAuth });
      assert.equal((await ping(bearer(minted.access_token))).status, 200);
      await server.services.store.write((sql) =>
        sql.run('UPDATE api_keys SET revoked_on = ? WHERE public_key = ?', [new Date().toISOString(), created.publicKey]),
      );
      assert.equal((await ping(bearer(minted.access_token))).status, 401);
    });
  });
}
