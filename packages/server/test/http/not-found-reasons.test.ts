import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startProbeServer } from './helpers.ts';

/*
 * Every 404 keeps Moov's empty body and says why in the Railyard-only
 * `Railyard-Reason` header (docs/decisions/0208-diagnosable-404s.md); another
 * platform's resource answers exactly as an unknown ID does.
 */

/** Sends a request line exactly as written (no dot-segment resolution) and answers the raw response. */
function rawRequest(url: string, requestLine: string, authorization: string): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`${requestLine} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`, 'latin1');
    socket.setTimeout(2000, () => socket.destroy());
  });
}

function assertNotFound(response: LightMyRequestResponse, reason: string, label: string): void {
  assert.equal(response.statusCode, 404, label);
  assert.equal(response.body, '', `${label}: the body stays empty`);
  assert.equal(response.headers['content-type'], undefined, `${label}: no content type`);
  assert.equal(response.headers['railyard-reason'], reason, label);
}

for (const kind of await storeKinds()) {
  describe(`Railyard-Reason on 404s (${kind})`, () => {
    let server: TestServer;
    let accountID: string;
    let otherAccountID: string;
    before(async () => {
      server = await startTestServer(kind);
      const body = { accountType: 'individual', profile: { individual: { name: { firstName: 'Ada', lastName: 'Lovelace' } } } };
      accountID = (await server.request('POST', '/accounts', { body })).json.accountID;
      otherAccountID = (await server.request('POST', '/accounts', { body, auth: server.otherPlatform.basic })).json.accountID;
    });
    after(async () => server.close());

    const inject = (method: string, url: string, headers: Record<string, string> = {}, auth: string | null = server.platform.basic) =>
      server.app.inject({ method: method as 'GET', url, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });

    test('malformed-version: a malformed X-Moov-Version, on a route or not', async () => {
      for (const url of ['/ping', '/accounts', `/accounts/${accountID}`, '/no/such/route']) {
        assertNotFound(await inject('GET', url, { 'x-moov-version': 'latest' }), 'malformed-version', url);
      }
      assertNotFound(await inject('GET', '/ping', { 'x-moov-version': 'v2024.13.00' }, null), 'malformed-version', 'without credentials');
    });

    test('unknown-route: a path no route serves, with or without credentials', async () => {
      for (const url of ['/nope', '/accounts/x/nothing', '/v1/accounts', '/ping/extra', '/PING']) {
        assertNotFound(await inject('GET', url), 'unknown-route', url);
        assertNotFound(await inject('POST', url, {}, null), 'unknown-route', `${url} without credentials`);
      }
    });

    test('method-not-allowed: a served path with a method it does not take, with Allow', async () => {
      const cases: Array<[string, string, string]> = [
        ['DELETE', '/ping', 'GET, HEAD'],
        ['PUT', '/oauth2/token', 'POST'],
        ['GET', '/oauth2/token', 'POST'],
        ['POST', '/openapi.json', 'GET, HEAD'],
        ['PUT', '/accounts', 'GET, HEAD, POST'],
        ['POST', `/accounts/${accountID}`, 'DELETE, GET, HEAD, PATCH'],
        ['OPTIONS', `/accounts/${accountID}/wallets`, 'GET, HEAD, POST'],
      ];
      for (const [method, url, allow] of cases) {
        const response = await inject(method, url);
        assertNotFound(response, 'method-not-allowed', `${method} ${url}`);
        assert.equal(response.headers['allow'], allow, `${method} ${url}`);
      }
    });

    test('malformed-id: a path parameter that is no ID, a dot segment, or an over-long segment', async () => {
      for (const url of ['/accounts/not-a-uuid', `/accounts/${accountID}/wallets/123`, `/accounts/${'a'.repeat(101)}`]) {
        assertNotFound(await inject('GET', url), 'malformed-id', url);
      }
      // Dot segments as sent (inject and fetch would resolve them first).
      for (const dots of ['..', '%2e%2e', '.', '%2E']) {
        const raw = await rawRequest(server.url, `DELETE /accounts/${accountID}/bank-accounts/${dots}`, server.platform.basic);
        assert.match(raw, /^HTTP\/1\.1 404 /, dots);
        assert.match(raw, /\r\nrailyard-reason: malformed-id\r\n/i, dots);
        assert.match(raw, /\r\n\r\n$/, `${dots}: no body`);
      }
    });

    test('not-found: an unknown ID and another platform’s resource answer alike', async () => {
      const unknown = await inject('GET', `/accounts/${randomUUID()}`);
      const others = await inject('GET', `/accounts/${otherAccountID}`);
      assertNotFound(unknown, 'not-found', 'an unknown account');
      assertNotFound(others, 'not-found', 'another platform’s account');
      const comparable = (response: LightMyRequestResponse) => {
        const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
        return rest;
      };
      assert.deepEqual(comparable(others), comparable(unknown), 'no header tells them apart');
      // The same through a nested route and a write.
      assertNotFound(await inject('GET', `/accounts/${otherAccountID}/wallets`), 'not-found', 'another platform’s wallets');
      assertNotFound(await inject('GET', `/accounts/${randomUUID()}/wallets`), 'not-found', 'an unknown account’s wallets');
      const patch = { 'content-type': 'application/json' };
      const patched = await server.app.inject({ method: 'PATCH', url: `/accounts/${otherAccountID}`, headers: { authorization: server.platform.basic, ...patch }, payload: '{}' });
      assertNotFound(patched, 'not-found', 'PATCH another platform’s account');
    });

    test('a 404 of each kind is logged at debug level with its reason', async () => {
      const log = new PassThrough();
      let written = '';
      log.on('data', (chunk) => (written += chunk));
      const app = await buildApp({ services: server.services, rateLimit: { kind: 'off' }, logLevel: 'debug', logStream: log });
      try {
        const auth = { authorization: server.platform.basic };
        await app.inject({ method: 'GET', url: '/nope' });
        await app.inject({ method: 'DELETE', url: '/ping' });
        await app.inject({ method: 'GET', url: '/ping', headers: { 'x-moov-version': 'latest' } });
        await app.inject({ method: 'GET', url: '/accounts/not-a-uuid', headers: auth });
        await app.inject({ method: 'GET', url: `/accounts/${randomUUID()}`, headers: auth });
        await app.inject({ method: 'POST', url: '/accounts/', headers: auth });
      } finally {
        await app.close();
      }
      const lines = written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string; detail?: string })
        .filter((line) => line.msg === 'answered 404');
      assert.deepEqual(
        lines.map((line) => line.reason),
        ['unknown-route', 'method-not-allowed', 'malformed-version', 'malformed-id', 'not-found', 'unknown-route'],
      );
      assert.ok(lines.every((line) => line.level === 20), 'debug level');
      assert.equal(lines.at(-1)!.detail, 'no route ends with a slash: /accounts is served');
      assert.ok(!written.includes(server.platform.secret), 'no secret in the log');
    });
  });
}

describe('Railyard-Reason: an operation newer than the request’s version', () => {
  let server: Awaited<ReturnType<typeof startProbeServer>>;
  before(async () => {
    server = await startProbeServer('sqlite');
  });
  after(async () => server.close());

  test('is operation-not-in-version', async () => {
    const older = await server.app.inject({ method: 'GET', url: '/probe/new', headers: { authorization: server.platform.basic } });
    assertNotFound(older, 'operation-not-in-version', 'no X-Moov-Version: v2024.01.00');
    const named = await server.app.inject({ method: 'GET', url: '/probe/new', headers: { authorization: server.platform.basic, 'x-moov-version': 'v2025.07.00' } });
    assertNotFound(named, 'operation-not-in-version', 'v2025.07.00');
    const newer = await server.app.inject({
      method: 'GET',
      url: '/probe/new',
      headers: { authorization: server.platform.basic, 'x-moov-version': 'v2026.01.00' },
    });
    assert.equal(newer.statusCode, 204);
    assert.equal(newer.headers['railyard-reason'], undefined, 'no reason on an answer that is not a 404');
  });
});
