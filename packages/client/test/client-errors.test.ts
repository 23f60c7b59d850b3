import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import {
  createRailyardClient,
  RailyardApiError,
  RailyardError,
  RailyardInputError,
  RailyardNetworkError,
  RailyardResponseValidationError,
} from '../src/index.ts';
import { bearerClient } from './support/exercises.ts';
import { clientFor, fakeClient, jsonResponse, scriptedFetch, startTestServer, storeKinds } from './support/fixtures.ts';
import type { TestServer } from '../../server/test/support/server.ts';

const UUID = /^[0-9a-f-]{36}$/;

for (const kind of await storeKinds()) {
  describe(`typed errors from a real server (${kind})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(kind);
    });
    after(() => server.close());

    it('401 for a wrong secret, with the request id', async () => {
      const client = clientFor(server, { password: 'wrong' });
      const error = await client.ping.ping().then(
        () => assert.fail('expected a 401'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof RailyardApiError && error instanceof RailyardError);
      assert.equal(error.status, 401);
      assert.match(error.requestID ?? '', UUID);
      assert.equal(error.body, undefined);
      assert.equal(error.operationId, 'ping.ping');
      assert.match(error.message, /401 Unauthorized/);
    });

    it('404 for an unknown account, and for a server path that serves nothing', async () => {
      const client = clientFor(server);
      await assert.rejects(
        client.accounts.get({ accountID: '00000000-0000-4000-8000-000000000000' }),
        (e: unknown) => e instanceof RailyardApiError && e.status === 404,
      );
      const prefixed = clientFor(server, { serverURL: `${server.url}/not-here` });
      await assert.rejects(prefixed.ping.ping(), (e: unknown) => e instanceof RailyardApiError && e.status === 404);
    });

    it('422 carries the per-field map, nested like the request', async () => {
      const client = clientFor(server);
      const error = await client.accounts
        .create({ body: { accountType: 'individual', profile: { individual: { name: { firstName: '', lastName: 'X' } } } } })
        .then(() => assert.fail('expected a 422'), (e: unknown) => e);
      assert.ok(error instanceof RailyardApiError);
      assert.equal(error.status, 422);
      assert.equal(typeof error.fields?.['profile'], 'object');
      assert.match(error.message, /profile\.individual\.name\.firstName: /);
      assert.deepEqual(error.body, error.fields);
    });

    it('400 carries the server message', async () => {
      const error = await clientFor(server).accounts.getTermsOfServiceToken().then(
        () => assert.fail('expected a 400'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof RailyardApiError);
      assert.equal(error.status, 400);
      assert.equal(error.fields, undefined);
      assert.match(error.message, /Origin or Referer/i);
    });

    it('Bearer tokens: a scoped token works for its scope and gets 403 outside it', async () => {
      const client = clientFor(server);
      const pingOnly = await bearerClient(server, client, '/ping.read');
      assert.equal(await pingOnly.ping.ping(), undefined);
      await assert.rejects(pingOnly.accounts.list(), (e: unknown) => e instanceof RailyardApiError && e.status === 403);
      const reader = await bearerClient(server, client, '/accounts.read');
      const created = await client.accounts.create({ body: { accountType: 'business', profile: { business: { legalBusinessName: 'Acme' } } } });
      const listed = await reader.accounts.list({ name: 'Acme' });
      assert.ok(listed.some((a) => a.accountID === created.accountID));
      const forged = clientFor(server, { accessToken: 'not-a-token', username: undefined, password: undefined });
      await assert.rejects(forged.ping.ping(), (e: unknown) => e instanceof RailyardApiError && e.status === 401);
    });

    it('a client pinned to the older version still works', async () => {
      const client = clientFor(server, { version: 'v2024.01.00' });
      const account = await client.accounts.create({ body: { accountType: 'business', profile: { business: { legalBusinessName: 'Old Co' } } } });
      assert.match(account.accountID, UUID);
    });

    it('an unreachable server is a network error, not an API error', async () => {
      const closed = await startTestServer(kind);
      const url = closed.url;
      await closed.close();
      const client = clientFor(server, { serverURL: url });
      await assert.rejects(client.ping.ping(), (e: unknown) => e instanceof RailyardNetworkError && !(e instanceof RailyardApiError));
    });
  });
}

describe('what the client sends and refuses', () => {
  it('sends Basic credentials, the newest version and JSON; query encoded', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(200, [])]);
    const client = fakeClient(fetch, { username: 'pk_ü', password: 's:k' });
    const accountID = '0b7e3c2a-9d41-4f6e-8a53-1c2d3e4f5a6b';
    await client.accounts.listConnected({ accountID, name: 'A&B', includeDisconnected: false, count: 5 });
    // A path parameter is checked against its schema before it is sent (path-params.test.ts): 'a/b c' never leaves.
    await assert.rejects(client.accounts.listConnected({ accountID: 'a/b c' }), RailyardInputError);
    assert.equal(calls.length, 1);
    const call = calls[0]!;
    assert.equal(call.url, `http://railyard.test/accounts/${accountID}/connected-accounts?name=A%26B&includeDisconnected=false&count=5`);
    const headers = call.init.headers as Record<string, string>;
    assert.equal(headers['authorization'], `Basic ${Buffer.from('pk_ü:s:k').toString('base64')}`);
    assert.equal(headers['x-moov-version'], 'v2026.01.00');
    assert.equal(call.init.method, 'GET');
    assert.equal(call.init.body, undefined);
  });

  it('sends a Bearer token, declared headers by field name, and the body as JSON', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(200, { token: 't' })]);
    const client = fakeClient(fetch, { accessToken: 'tok', username: undefined, password: undefined, version: 'v2024.01.00' });
    await client.accounts.getTermsOfServiceToken({ referer: 'https://shop.example/terms' });
    const headers = calls[0]!.init.headers as Record<string, string>;
    assert.equal(headers['authorization'], 'Bearer tok');
    assert.equal(headers['referer'], 'https://shop.example/terms');
    assert.equal(headers['x-moov-version'], 'v2024.01.00');
  });

  it('refuses unknown input fields and missing path parameters before sending', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(200, {})]);
    const client = fakeClient(fetch) as unknown as { accounts: Record<string, (input?: unknown) => Promise<unknown>> };
    await assert.rejects(client.accounts['get']!({}), RailyardInputError);
    await assert.rejects(client.accounts['get']!({ accountID: '' }), RailyardInputError);
    await assert.rejects(client.accounts['list']!({ nmae: 'typo' }), /unknown input field nmae/);
    await assert.rejects(client.accounts['create']!({}), /body is required/);
    await assert.rejects(client.accounts['list']!('x'), /must be an object/);
    await assert.rejects(fakeClient(fetch).call('nope.nope' as never), /unknown operation/);
    assert.equal(calls.length, 0);
  });

  it('refuses bad options at construction', () => {
    const base = { serverURL: 'http://x.test', username: 'pk', password: 'sk' };
    assert.throws(() => createRailyardClient({ ...base, serverURL: 'ftp://x' }), /http or https/);
    assert.throws(() => createRailyardClient({ ...base, serverURL: 'not a url' }), /not a URL/);
    assert.throws(() => createRailyardClient({ ...base, timeoutMs: 0 }), /timeoutMs/);
    assert.throws(() => createRailyardClient({ ...base, retries: { maxAttempts: 11 } }), /maxAttempts/);
    assert.throws(() => createRailyardClient({ ...base, version: 'v1999.01.01' as never }), /version/);
    assert.throws(() => createRailyardClient({ serverURL: 'http://x.test' } as never), /credentials are required/);
    assert.throws(() => createRailyardClient({ ...base, accessToken: 't' } as never), /not both/);
  });

  it('parses 2xx bodies with the contract: extra fields are dropped, a wrong shape is an error', async () => {
    const token = { token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 60, scope: '/ping.read', extra: 1 };
    const ok = fakeClient(scriptedFetch([() => jsonResponse(200, token)]).fetch);
    const parsed = await ok.authentication.createAccessToken({ body: { grant_type: 'client_credentials' } });
    assert.equal(parsed.access_token, 'a');
    assert.equal('extra' in parsed, false);

    const bad = fakeClient(scriptedFetch([() => jsonResponse(200, { token_type: 'Bearer' }, { 'x-request-id': 'rid' })]).fetch);
    const error = await bad.authentication
      .createAccessToken({ body: { grant_type: 'client_credentials' } })
      .then(() => assert.fail('expected a validation error'), (e: unknown) => e);
    assert.ok(error instanceof RailyardResponseValidationError);
    assert.equal(error.requestID, 'rid');
    assert.ok(error.issues.length > 0);

    const notJson = fakeClient(scriptedFetch([() => new Response('<html>', { status: 200 })]).fetch);
    await assert.rejects(notJson.accounts.list(), RailyardResponseValidationError);
  });

  it('reads no more than maxResponseBytes', async () => {
    const huge = JSON.stringify([{ pad: 'x'.repeat(5000) }]);
    const { fetch, calls } = scriptedFetch([() => new Response(huge, { status: 200 })]);
    const client = fakeClient(fetch, { maxResponseBytes: 1000 });
    await assert.rejects(client.accounts.list(), (e: unknown) => e instanceof RailyardResponseValidationError && /larger than 1000 bytes/.test(e.message));
    assert.equal(calls.length, 1, 'not retried: the answer would be as large again');
  });
});
