import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { startProbeServer, UUID_PATTERN } from './helpers.ts';

type ProbeServer = Awaited<ReturnType<typeof startProbeServer>>;

for (const kind of await storeKinds()) {
  describe(`request pipeline (${kind})`, () => {
    let server: ProbeServer;
    before(async () => {
      server = await startProbeServer(kind);
    });
    after(async () => server.close());

    const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
      server.app.inject({ method, url, headers: { authorization: server.platform.basic, ...headers }, ...(payload !== undefined ? { payload } : {}) });

    async function mint(scope: string): Promise<string> {
      const response = await inject('POST', '/oauth2/token', { 'content-type': 'application/json' }, JSON.stringify({ grant_type: 'client_credentials', scope }));
      assert.equal(response.statusCode, 200, response.body);
      return `Bearer ${response.json().access_token}`;
    }

    describe('X-Moov-Version', () => {
      const resolved: Array<[string | undefined, string]> = [
        [undefined, 'v2024.01.00'],
        ['', 'v2024.01.00'],
        ['v2024.01.00', 'v2024.01.00'],
        ['v2025.01.00', 'v2024.01.00'],
        ['v2025.07.00', 'v2024.01.00'],
        ['v2026.01.00', 'v2026.01.00'],
        [' v2026.01.00 ', 'v2026.01.00'],
        ['v2026.04.00', 'v2026.01.00'],
        ['v2026.07.00', 'v2026.01.00'],
        ['v2030.01.00', 'v2026.01.00'],
        // Older than every supported version: served as the oldest (docs/decisions/0201-versions-older-than-supported.md).
        ['v2023.01.00', 'v2024.01.00'],
        ['v2000.01.00', 'v2024.01.00'],
      ];
      for (const [header, expected] of resolved) {
        test(`${JSON.stringify(header)} resolves to ${expected}`, async () => {
          const response = await inject('GET', '/probe/version', header === undefined ? {} : { 'x-moov-version': header });
          assert.equal(response.statusCode, 200);
          assert.equal(response.json().version, expected);
        });
      }

      test('the header name is case-insensitive', async () => {
        const response = await inject('GET', '/probe/version', { 'X-MOOV-VERSION': 'v2026.01.00' });
        assert.equal(response.json().version, 'v2026.01.00');
      });

      const malformed = ['2022', 'v2024.1.0', 'latest', 'v2024.13.00', 'v2024.00.00', 'V2024.01.00', 'v2024.01', 'v2024.01.00.01', 'v2024-01-00', 'x'.repeat(500)];
      for (const header of malformed) {
        test(`malformed ${JSON.stringify(header.slice(0, 20))} is 404 with no body on every route`, async () => {
          for (const [method, url] of [
            ['GET', '/probe/version'],
            ['GET', '/ping'],
            ['POST', '/oauth2/token'],
            ['GET', '/openapi.json'],
            ['GET', '/no/such/route'],
          ] as const) {
            const response = await inject(method, url, { 'x-moov-version': header, 'content-type': 'application/json' }, method === 'POST' ? '{}' : undefined);
            assert.equal(response.statusCode, 404, `${method} ${url}`);
            assert.equal(response.body, '');
            assert.match(String(response.headers['x-request-id']), UUID_PATTERN);
          }
        });
      }

      test('an operation newer than the resolved version is 404', async () => {
        assert.equal((await inject('GET', '/probe/new')).statusCode, 404);
        assert.equal((await inject('GET', '/probe/new', { 'x-moov-version': 'v2025.07.00' })).statusCode, 404);
        assert.equal((await inject('GET', '/probe/new', { 'x-moov-version': 'v2026.01.00' })).statusCode, 204);
        assert.equal((await inject('GET', '/probe/new', { 'x-moov-version': 'v2030.01.00' })).statusCode, 204);
      });
    });

    describe('scopes', () => {
      test('an account-bound scope is filled from the path', async () => {
        const own = server.platform.accountID;
        const token = await mint(`/accounts/${own}/profile.read`);
        assert.equal((await inject('GET', `/probe/accounts/${own}/profile`, { authorization: token })).statusCode, 200);
        // UUIDs compare case-insensitively.
        assert.equal((await inject('GET', `/probe/accounts/${own.toUpperCase()}/profile`, { authorization: token })).statusCode, 200);
        const other = await inject('GET', `/probe/accounts/${randomUUID()}/profile`, { authorization: token });
        assert.equal(other.statusCode, 403);
        assert.equal(other.body, '');
        // A malformed ID names no resource: 404 whatever the credentials.
        assert.equal((await inject('GET', '/probe/accounts/not-a-uuid/profile', { authorization: token })).statusCode, 404);
        assert.equal((await inject('GET', '/probe/accounts/not-a-uuid/profile')).statusCode, 404);
      });

      test('a different verb of the same resource does not satisfy the scope', async () => {
        const own = server.platform.accountID;
        const token = await mint(`/accounts/${own}/profile.write /accounts/${own}/wallets.read /accounts.read`);
        assert.equal((await inject('GET', `/probe/accounts/${own}/profile`, { authorization: token })).statusCode, 403);
      });

      test('an {accountID} the path lacks is the partner account', async () => {
        const own = server.platform.accountID;
        const withScope = await mint(`/accounts/${own}/transfers.read`);
        const withoutScope = await mint(`/accounts/${own}/transfers.write`);
        assert.equal((await inject('POST', '/probe/transfer-options', { authorization: withScope })).statusCode, 204);
        assert.equal((await inject('POST', '/probe/transfer-options', { authorization: withoutScope })).statusCode, 403);
      });

      test('Basic auth is never narrowed by scopes', async () => {
        const response = await inject('GET', `/probe/accounts/${randomUUID()}/profile`);
        assert.equal(response.statusCode, 200);
        assert.equal((await inject('POST', '/probe/transfer-options')).statusCode, 204);
      });
    });

    describe('request bodies', () => {
      const post = (payload: string | undefined, contentType = 'application/json') =>
        inject('POST', '/probe/body', { 'content-type': contentType }, payload);

      test('a valid body reaches the handler; unknown fields are dropped', async () => {
        const response = await post(JSON.stringify({ name: 'ok', extra: true }));
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), { name: 'ok' });
      });

      test('field errors are a 422 map keyed like the request', async () => {
        const cases: Array<[unknown, unknown]> = [
          [{}, { name: 'cannot be blank' }],
          [{ name: null }, { name: 'Invalid input: expected string, received null' }],
          [{ name: 7 }, { name: 'Invalid input: expected string, received number' }],
          [{ name: 'x', nested: { count: 'many' } }, { nested: { count: 'Invalid input: expected number, received string' } }],
          [{ name: 'x', nested: {} }, { nested: { count: 'cannot be blank' } }],
        ];
        for (const [body, expected] of cases) {
          const response = await post(JSON.stringify(body));
          assert.equal(response.statusCode, 422, JSON.stringify(body));
          assert.deepEqual(response.json(), expected);
        }
        // Bounds read like Moov's (ozzo-validation), not like zod's defaults.
        const tooLong = await post(JSON.stringify({ name: 'x'.repeat(11) }));
        assert.equal(tooLong.statusCode, 422);
        assert.deepEqual(tooLong.json(), { name: 'the length must be no more than 10' });
      });

      test('a body of the wrong kind, malformed JSON or no body is a 400 {"error"}', async () => {
        for (const payload of ['[]', '"text"', '42', 'null', '{"name":', '{"__proto__":{"admin":true},"name":"x"}', undefined, '']) {
          const response = await post(payload);
          assert.equal(response.statusCode, 400, String(payload));
          assert.equal(typeof response.json().error, 'string');
        }
      });

      test('a key that could pollute prototypes is refused by name, not called malformed JSON', async () => {
        for (const payload of ['{"__proto__":{"admin":true},"name":"x"}', '{"name":"x","metadata":{"__proto__":"x"}}', '{"constructor":{"prototype":{"admin":true}},"name":"x"}']) {
          const response = await post(payload);
          assert.equal(response.statusCode, 400, payload);
          assert.match(response.json().error, /__proto__/, payload);
        }
        // Malformed JSON keeps its own message.
        const malformed = await post('{"name":');
        assert.equal(malformed.statusCode, 400);
        assert.doesNotMatch(malformed.json().error, /__proto__/);
        // A key merely named "constructor" is ordinary data.
        const ordinary = await post('{"name":"x","constructor":"y"}');
        assert.equal(ordinary.statusCode, 200);
      });

      test('a content type other than JSON is a 415 {"error"}', async () => {
        for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
          const response = await post(type.startsWith('application/x-www') ? 'name=x' : 'name', type);
          assert.equal(response.statusCode, 415, type);
          assert.equal(typeof response.json().error, 'string');
        }
      });

      test('a compressed body is a 415 {"error"}, not read as plain JSON', async () => {
        for (const encoding of ['gzip', 'br', 'deflate', 'GZIP, identity']) {
          const response = await inject('POST', '/probe/body', { 'content-type': 'application/json', 'content-encoding': encoding }, JSON.stringify({ name: 'ok' }));
          assert.equal(response.statusCode, 415, encoding);
          assert.match(response.json().error, /Content-Encoding/);
        }
        const identity = await inject('POST', '/probe/body', { 'content-type': 'application/json', 'content-encoding': 'identity' }, JSON.stringify({ name: 'ok' }));
        assert.equal(identity.statusCode, 200);
        // No body, nothing to misread.
        assert.equal((await inject('GET', '/ping', { 'content-encoding': 'gzip' })).statusCode, 200);
      });

      test('JSON with parameters in the content type is JSON', async () => {
        const response = await post(JSON.stringify({ name: 'ok' }), 'Application/JSON; charset=utf-8');
        assert.equal(response.statusCode, 200);
      });
    });
  });
}
