import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineOperation, Uuid, type OperationDef } from '@railyard/contract';
import { buildApp } from '../../src/http/app.ts';
import { registerOperation } from '../../src/http/register-operation.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { createServices } from '../../src/compose/services.ts';
import { handle, type Handler } from '../../src/http/handlers/handler.ts';
import { createTestStore, storeKinds } from '../support/stores.ts';
import { basic, bearer } from '../support/auth.ts';

/*
 * The scope check of the request pipeline (register-operation.ts) where the
 * registry gives the matrix no case (issue 15, mutation testing of the `auth`
 * scope, docs/testing.md): an operation asking two scopes (none in the
 * registry does today, the contract allows it) needs both, and an `api`
 * operation asking none lets any valid token through. Operations that exist
 * only here, on the real app.
 */

const twoScopes = defineOperation({
  id: 'probe.twoScopes',
  method: 'GET',
  path: '/probe/accounts/{accountID}/two-scopes',
  summary: 'Needs two account-bound scopes',
  description: 'test only',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.read', '/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid }) },
  response: { status: 204, description: 'ok' },
  errors: {},
});

const noScope = defineOperation({
  id: 'probe.noScope',
  method: 'GET',
  path: '/probe/no-scope',
  summary: 'Needs credentials, no scope',
  description: 'test only',
  auth: 'api',
  scopes: [],
  readOnly: true,
  request: {},
  response: { status: 204, description: 'ok' },
  errors: {},
});

const handlers: Array<[OperationDef, Handler]> = [
  [twoScopes, handle(twoScopes, async () => undefined)],
  [noScope, handle(noScope, async () => undefined)],
];

for (const kind of await storeKinds()) {
  describe(`scope check, cases beyond the registry (${kind})`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let destroy: () => Promise<void>;
    let own: string;
    let platformBasic: string;

    before(async () => {
      const testStore = await createTestStore(kind);
      destroy = () => testStore.destroy();
      const services = createServices(testStore.store, { now: () => new Date() });
      app = await buildApp({ services, rateLimit: { kind: 'off' }, logLevel: 'silent' });
      const limiter = new RateLimiter({ kind: 'off' });
      for (const [op, handler] of handlers) registerOperation(app, op, handler, { services, limiter });
      await app.ready();
      const platform = await services.platforms.create({ name: 'Scope Probe' });
      own = platform.accountID;
      platformBasic = basic(platform.publicKey, platform.secret);
    });
    after(async () => {
      await app?.close();
      await destroy?.();
    });

    const get = (url: string, authorization?: string) =>
      app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

    async function token(scope: string): Promise<string> {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { authorization: platformBasic, 'content-type': 'application/json' },
        payload: JSON.stringify({ grant_type: 'client_credentials', scope }),
      });
      assert.equal(response.statusCode, 200, response.body);
      return bearer(response.json().access_token);
    }

    test('an operation asking two scopes needs both: either one alone is 403', async () => {
      const url = `/probe/accounts/${own}/two-scopes`;
      const both = await token(`/accounts/${own}/profile.read /accounts/${own}/wallets.read`);
      assert.equal((await get(url, both)).statusCode, 204);
      for (const one of [`/accounts/${own}/profile.read`, `/accounts/${own}/wallets.read`]) {
        const refused = await get(url, await token(one));
        assert.equal(refused.statusCode, 403, one);
        assert.equal(refused.body, '', 'a 403 has no body');
      }
      // Both scopes, but for the platform's account while the path names another one.
      assert.equal((await get(`/probe/accounts/${randomUUID()}/two-scopes`, both)).statusCode, 403);
    });

    test('an api operation asking no scope lets any valid token through, and no credentials still not', async () => {
      assert.equal((await get('/probe/no-scope', await token('/ping.read'))).statusCode, 204);
      assert.equal((await get('/probe/no-scope', await token(`/accounts/${own}/profile.read`))).statusCode, 204);
      assert.equal((await get('/probe/no-scope', platformBasic)).statusCode, 204);
      assert.equal((await get('/probe/no-scope')).statusCode, 401);
      assert.equal((await get('/probe/no-scope', bearer('rya_unknown'))).statusCode, 401);
    });
  });
}
