import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { NEWEST_VERSION, operations, type OperationDef } from '@railyard/contract';
import { serverPerSuite } from '../support/server.ts';

/*
 * A trailing slash names no route, for every operation of the registry alike
 * (docs/decisions/0208-diagnosable-404s.md): `POST /accounts/` is an
 * unknown-route 404 that never reaches the operation, where it used to create
 * an account.
 */

/** The operation's path with every parameter filled: the platform's own account for accountID, a fresh UUID otherwise. */
function concretePath(op: OperationDef, accountID: string): string {
  return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'accountID' ? accountID : randomUUID()));
}

describe('trailing slashes', () => {
  const server = serverPerSuite('sqlite');

  const send = (method: string, url: string) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: server.platform.basic,
        'content-type': 'application/json',
        'x-idempotency-key': randomUUID(),
        'x-moov-version': NEWEST_VERSION,
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
    });

  for (const op of operations as readonly OperationDef[]) {
    test(`${op.method} ${op.path}/ is an unknown route; without the slash it is served`, async () => {
      const path = concretePath(op, server.platform.accountID);
      for (const url of [`${path}/`, `${path}/?count=1`, `${path}//`]) {
        const response = await send(op.method, url);
        assert.equal(response.statusCode, 404, url);
        assert.equal(response.body, '', `${url}: empty body`);
        assert.equal(response.headers['railyard-reason'], 'unknown-route', url);
      }
      const served = await send(op.method, path);
      assert.notEqual(served.headers['railyard-reason'], 'unknown-route', `${op.method} ${path} is a route`);
      assert.notEqual(served.headers['railyard-reason'], 'method-not-allowed', `${op.method} ${path} is a route`);
      assert.notEqual(served.headers['railyard-reason'], 'operation-not-in-version', `${op.method} ${path} is a route in ${NEWEST_VERSION}`);
    });
  }

  test('POST /accounts/ creates nothing', async () => {
    const count = async () => ((await send('GET', '/accounts?count=200')).json() as unknown[]).length;
    const before = await count();
    const body = JSON.stringify({ accountType: 'individual', profile: { individual: { name: { firstName: 'Slash', lastName: 'Ed' } } } });
    const response = await server.app.inject({
      method: 'POST',
      url: '/accounts/',
      headers: { authorization: server.platform.basic, 'content-type': 'application/json' },
      payload: body,
    });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['railyard-reason'], 'unknown-route');
    assert.equal(await count(), before);
  });

  test('the routes beside the registry are strict too', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/openapi.json/' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers['railyard-reason'], 'unknown-route');
    // The dashboard and the API reference are folders of static pages (decision 1900): their
    // address ends with a slash, and the bare name is sent there, so relative asset links resolve.
    for (const folder of ['/docs', '/dashboard']) {
      const bare = await server.app.inject({ method: 'GET', url: folder });
      assert.deepEqual([bare.statusCode, bare.headers.location], [301, `${folder}/`], folder);
      assert.equal((await server.app.inject({ method: 'GET', url: `${folder}/` })).statusCode, 200, `${folder}/`);
    }
    assert.equal((await server.app.inject({ method: 'GET', url: '/' })).statusCode, 200, 'the root is the one path that ends with a slash');
  });
});
