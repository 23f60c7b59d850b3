import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { operations, type OperationDef } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { DEFAULT_BODY_LIMIT } from '../../src/http/app.ts';
import { basic, bearer, mintToken, UUID_PATTERN } from './helpers.ts';

/** Sends raw bytes and answers the raw response, for requests fetch refuses to build. */
function rawRequest(url: string, payload: string): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(payload, 'latin1');
    socket.setTimeout(2000, () => socket.destroy());
  });
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
}

for (const kind of await storeKinds()) {
  describe(`cross-cutting behaviour (${kind})`, () => {
    const server = serverPerSuite(kind);

    test('every response carries a distinct x-request-id UUID', async () => {
      const responses = await Promise.all([
        server.request('GET', '/ping'),
        server.request('GET', '/ping', { auth: null }),
        server.request('GET', '/ping', { auth: 'Bearer nope' }),
        server.request('GET', '/no/such/route'),
        server.request('DELETE', '/ping'),
        server.request('GET', '/ping', { headers: { 'x-moov-version': 'latest' } }),
        server.request('POST', '/oauth2/token', { rawBody: '{', headers: { 'content-type': 'application/json' } }),
        server.request('POST', '/oauth2/token', { rawBody: 'x'.repeat(DEFAULT_BODY_LIMIT + 1), headers: { 'content-type': 'application/json' } }),
        server.request('GET', '/openapi.json', { auth: null }),
        server.request('GET', '/%zz'),
      ]);
      const ids = responses.map((response) => response.headers.get('x-request-id') ?? '');
      for (const id of ids) assert.match(id, UUID_PATTERN);
      assert.equal(new Set(ids).size, ids.length);
    });

    test('a client-chosen x-request-id is not echoed: ids are the server’s', async () => {
      const response = await server.request('GET', '/ping', { headers: { 'x-request-id': 'mine' } });
      assert.match(response.headers.get('x-request-id') ?? '', UUID_PATTERN);
    });

    test('unauthenticated and malformed Authorization are 401 with no body', async () => {
      const cases = [
        null,
        '',
        'Basic',
        'Basic ',
        'Basic bm9jb2xvbg==', // "nocolon"
        'Basic !!!',
        basic(server.platform.publicKey, 'wrong'),
        basic('', ''),
        basic(server.platform.publicKey, 'x'.repeat(2000)),
        'Bearer',
        'Bearer ',
        bearer('unknown-token'),
        'Token abc',
        'Basic ' + 'a'.repeat(4000),
      ];
      for (const auth of cases) {
        const response = await server.request('GET', '/ping', { auth });
        assert.equal(response.status, 401, String(auth).slice(0, 40));
        assert.equal(response.text, '');
        assert.equal(response.headers.get('content-type'), null);
      }
    });

    test('GET /ping: 200 empty with Basic, with /ping.read, 403 without it', async () => {
      const viaBasic = await server.request('GET', '/ping');
      assert.equal(viaBasic.status, 200);
      assert.equal(viaBasic.text, '');
      const withScope = await mintToken(server, '/ping.read');
      const withoutScope = await mintToken(server, '/accounts.read /accounts.write');
      const allowed = await server.request('GET', '/ping', { auth: bearer(withScope.access_token) });
      assert.equal(allowed.status, 200);
      assert.equal(allowed.text, '');
      const refused = await server.request('GET', '/ping', { auth: bearer(withoutScope.access_token) });
      assert.equal(refused.status, 403);
      assert.equal(refused.text, '');
    });

    test('unknown routes and wrong methods are 404 with no body', async () => {
      for (const [method, path] of [
        ['GET', '/nope'],
        ['POST', '/'],
        ['DELETE', '/ping'],
        ['PUT', '/oauth2/token'],
        ['GET', '/oauth2/token'],
        ['POST', '/openapi.json'],
      ] as const) {
        const response = await server.request(method, path);
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal(response.text, '');
      }
    });

    test('a URL that does not decode is a 400 {"error"}', async () => {
      const response = await server.request('GET', '/%zz');
      assert.equal(response.status, 400);
      assert.deepEqual(Object.keys(response.json), ['error']);
    });

    test('malformed JSON is 400 {"error"}, an oversized body 413 {"error"}', async () => {
      const malformed = await server.request('POST', '/oauth2/token', { rawBody: '{"grant_type":', headers: { 'content-type': 'application/json' } });
      assert.equal(malformed.status, 400);
      assert.deepEqual(Object.keys(malformed.json), ['error']);
      const padding = 'x'.repeat(DEFAULT_BODY_LIMIT);
      const oversized = await server.request('POST', '/oauth2/token', {
        body: { grant_type: 'client_credentials', scope: '/ping.read', padding },
      });
      assert.equal(oversized.status, 413);
      assert.deepEqual(Object.keys(oversized.json), ['error']);
      const oversizedForm = await server.request('POST', '/oauth2/token', {
        rawBody: `grant_type=client_credentials&scope=${padding}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(oversizedForm.status, 413);
      // Just under the limit is read (and then refused for what it says, not its size).
      const underLimit = await server.request('POST', '/oauth2/token', {
        body: { grant_type: 'client_credentials', scope: '/ping.read', padding: padding.slice(0, DEFAULT_BODY_LIMIT - 200) },
      });
      assert.equal(underLimit.status, 200);
    });

    test('a wrong content type is a 415 {"error"}', async () => {
      // docs/cross-cutting.md: 415 for a content type other than JSON (or a form on the OAuth2 endpoints).
      for (const type of ['text/plain', 'application/xml', 'application/octet-stream', 'multipart/form-data; boundary=b']) {
        const response = await server.request('POST', '/oauth2/token', { rawBody: 'grant_type=client_credentials', headers: { 'content-type': type } });
        assert.equal(response.status, 415, `${type} → ${response.status}`);
        assert.equal(typeof response.json?.error, 'string', type);
      }
    });

    test('headers too large are a 431 {"error"} with a request id, never a dropped connection', async () => {
      const raw = await rawRequest(server.url, `GET /ping HTTP/1.1\r\nHost: x\r\nX-Junk: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      assert.equal(statusOf(raw), 431);
      assert.match(raw, /x-request-id: [0-9a-f-]{36}/i);
      assert.match(raw, /\{"error":"[^"]+"\}$/);
    });

    test('a request Node cannot parse is a 400 {"error"}', async () => {
      for (const payload of ['NONSENSE\r\n\r\n', 'GET /ping HTTP/9.9\r\n\r\n', 'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n']) {
        const raw = await rawRequest(server.url, payload);
        assert.equal(statusOf(raw), 400, payload);
        assert.match(raw, /x-request-id: [0-9a-f-]{36}/i);
      }
    });

    test('non-ASCII bytes in Authorization are a 401, not a crash', async () => {
      const raw = await rawRequest(server.url, 'GET /ping HTTP/1.1\r\nHost: x\r\nAuthorization: Basic \xff\xfe\xfd\r\nConnection: close\r\n\r\n');
      assert.equal(statusOf(raw), 401);
    });

    test('GET /openapi.json is an OpenAPI 3.1 document listing every registry operation', async () => {
      const response = await server.request('GET', '/openapi.json', { auth: null });
      assert.equal(response.status, 200);
      const doc = response.json;
      assert.equal(doc.openapi, '3.1.0');
      assert.equal(typeof doc.info.title, 'string');
      assert.equal(typeof doc.info.version, 'string');
      const listed = new Set<string>();
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string; responses: object }>>)) {
        for (const [method, operation] of Object.entries(item)) {
          listed.add(`${method.toUpperCase()} ${path} ${operation.operationId}`);
          assert.ok(Object.keys(operation.responses).length > 0);
        }
      }
      for (const op of operations as readonly OperationDef[]) {
        assert.ok(listed.has(`${op.method} ${op.path} ${op.id}`), `${op.id} is listed`);
      }
      assert.equal(listed.size, operations.length);
      // Every reference resolves to a component.
      const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
      for (const ref of refs) {
        const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
        assert.ok(doc.components.schemas[name], `${name} is defined`);
      }
    });
  });
}
