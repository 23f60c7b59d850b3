import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { NEWEST_VERSION, operations, type OperationDef } from '@railyard/contract';
import type { InjectOptions } from 'fastify';
import { storeKinds } from '../support/stores.ts';
import { startProbeServer, UUID_PATTERN } from './helpers.ts';
import { seedFor } from '../support/matrix-seeds.ts';

/**
 * Throws junk at every route of the registry and asserts the one rule that
 * holds for all of it: bad input gets a 4xx in the API's shape, never a 5xx.
 * New operations are covered the moment they join the registry.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const EMPTY_BODY_STATUSES = new Set([401, 403, 404, 429]);
const GENERIC_ERROR_STATUSES = new Set([400, 409, 413, 415, 431]);

function pathWith(op: OperationDef, fill: (name: string) => string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => fill(name));
}

const deepJson = '['.repeat(5000) + ']'.repeat(5000);
const JUNK_BODIES: ReadonlyArray<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '"text"'],
  ['application/json', '-0'],
  ['application/json', '{"__proto__":{"polluted":true}}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['application/json', deepJson],
  ['application/json', `{"a":${deepJson}}`],
  ['application/json', JSON.stringify({ metadata: { k: 'v'.repeat(100_000) }, amount: { value: 1e308, currency: 'XXX' } })],
  ['application/json', JSON.stringify({ accountType: 'individual', profile: { individual: { name: { firstName: 7 } } }, count: -1 })],
  ['application/json', '{"\\u0000":"\\ud800"}'],
  ['application/json', '\u00ef\u00bb\u00bf{}'],
  ['application/x-www-form-urlencoded', 'a=1&a=2&b[c]=3&%zz=1'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
];

const JUNK_HEADERS: ReadonlyArray<Record<string, string>> = [
  { 'x-moov-version': 'v2024.01.00' },
  { 'x-moov-version': 'v9999.12.99' },
  { 'x-idempotency-key': 'x'.repeat(4000) },
  { 'x-idempotency-key': '' },
  { 'x-wait-for': 'forever' },
  { 'content-type': 'application/json; charset=utf-16' },
  { origin: 'javascript:alert(1)', referer: '::::' },
  { 'x-junk': 'y'.repeat(8000) },
  { 'content-length': '0' },
];

const JUNK_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', randomUUID().toUpperCase(), '%2e%2e', 'a'.repeat(300), '%E2%98%83', "1' OR '1'='1"];

for (const kind of await storeKinds()) {
  describe(`junk at every registry route (${kind})`, () => {
    let server: Awaited<ReturnType<typeof startProbeServer>>;
    let authorizations: string[] = [];
    before(async () => {
      server = await startProbeServer(kind);
      const token = await server.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { authorization: server.platform.basic },
        payload: { grant_type: 'client_credentials', scope: '/ping.read' },
      });
      authorizations = [
        server.platform.basic,
        `Bearer ${token.json().access_token}`,
        'Basic ' + Buffer.from('nobody:nothing').toString('base64'),
        'Bearer junk',
        'Basic',
        'Negotiate xyz',
      ];
    });
    after(async () => server.close());

    async function check(label: string, request: InjectOptions & { method: Method }): Promise<void> {
      const response = await server.app.inject(request);
      const where = `${label}: ${response.statusCode} ${response.body.slice(0, 120)}`;
      assert.ok(response.statusCode < 500, where);
      assert.match(String(response.headers['x-request-id']), UUID_PATTERN, where);
      if (response.statusCode < 400 || request.method === 'HEAD') return;
      if (EMPTY_BODY_STATUSES.has(response.statusCode)) {
        assert.equal(response.body, '', where);
      } else if (GENERIC_ERROR_STATUSES.has(response.statusCode)) {
        assert.equal(typeof response.json().error, 'string', where);
      } else {
        assert.equal(response.statusCode, 422, where);
        assert.equal(typeof response.json(), 'object', where);
      }
    }

    for (const op of operations as readonly OperationDef[]) {
      test(`${op.method} ${op.path}`, async () => {
        const path = pathWith(op, () => randomUUID());
        if (op.auth === 'api' && !op.scopes.includes('/ping.read')) {
          // IDs the parameter schemas accept (a capability name, an invite code), so the scope check is reached.
          const wellFormed = pathWith(op, (name) => seedFor(name)?.unknown?.() ?? randomUUID());
          // The /ping.read token is refused by every operation that needs another scope, before its body is
          // read (a JSON object here, or none), on the newest version so no operation passes by the version gate.
          // The full matrix of scopes is test/matrix/matrix.test.ts.
          for (const payload of [undefined, '{}']) {
            const refused = await server.app.inject({
              method: op.method,
              url: wellFormed,
              headers: { authorization: authorizations[1]!, 'x-moov-version': NEWEST_VERSION, ...(payload ? { 'content-type': 'application/json' } : {}) },
              ...(payload ? { payload } : {}),
            });
            assert.equal(refused.statusCode, 403, `${op.id} with a /ping.read token: ${refused.statusCode} ${refused.body.slice(0, 120)}`);
            assert.equal(refused.body, '', `${op.id}: a 403 has no body`);
          }
        }
        for (const method of METHODS) {
          await check(`${method} ${path}`, { method, url: path, headers: { authorization: authorizations[0]! } });
        }
        // Junk bodies behind both kinds of valid credentials; bad credentials stop before the body is read.
        for (const authorization of authorizations) {
          const bodies = authorizations.indexOf(authorization) < 2 ? JUNK_BODIES : JUNK_BODIES.slice(0, 1);
          for (const [contentType, payload] of bodies) {
            await check(`${op.method} ${path} ${contentType} ${payload.slice(0, 30)}`, {
              method: op.method,
              url: path,
              headers: { authorization, 'content-type': contentType },
              payload,
            });
          }
        }
        for (const headers of JUNK_HEADERS) {
          await check(`${op.method} ${path} ${JSON.stringify(headers).slice(0, 60)}`, {
            method: op.method,
            url: path,
            headers: { authorization: authorizations[0]!, ...headers },
            ...(op.method === 'GET' ? {} : { payload: '{}' }),
          });
        }
        if (op.path.includes('{')) {
          for (const id of JUNK_IDS) {
            const junkPath = pathWith(op, () => id);
            for (const authorization of authorizations.slice(0, 2)) {
              await check(`${op.method} ${junkPath}`, { method: op.method, url: junkPath, headers: { authorization } });
            }
          }
        }
        for (const query of ['?count=-1&skip=abc', '?count=99999999999999999999', '?' + 'a=1&'.repeat(2000), '?name=%00&email[]=x']) {
          await check(`${op.method} ${path}${query.slice(0, 40)}`, { method: op.method, url: path + query, headers: { authorization: authorizations[0]! } });
        }
      });
    }
  });
}
