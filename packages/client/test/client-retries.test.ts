import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { defineOperation } from '@railyard/contract';
import { RailyardApiError, RailyardNetworkError, RailyardTimeoutError } from '../src/index.ts';
import { resolveOptions } from '../src/client/options.ts';
import { prepareRequest } from '../src/client/request.ts';
import { backoffDelay, parseRetryAfter } from '../src/client/retry.ts';
import { send } from '../src/client/send.ts';
import { fakeClient, jsonResponse, scriptedFetch } from './support/fixtures.ts';

const networkFailure = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }));

/** A write that declares an idempotency key, like transfer creation will. */
const idempotentWrite = defineOperation({
  id: 'test.createThing',
  method: 'POST',
  path: '/things',
  summary: 'Create a thing',
  description: 'Test operation.',
  auth: 'api',
  scopes: [],
  readOnly: false,
  request: {
    headers: [{ name: 'X-Idempotency-Key', field: 'idempotencyKey', required: false, description: 'key', schema: z.string() }],
    body: z.object({ name: z.string() }),
  },
  response: { status: 200, description: 'ok', body: z.object({ id: z.string() }) },
  errors: {},
});

describe('retries', () => {
  it('honours Retry-After on a 429, then succeeds', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(429, undefined, { 'retry-after': '1' }), () => jsonResponse(200, [])]);
    const started = Date.now();
    assert.deepEqual(await fakeClient(fetch).accounts.list(), []);
    assert.equal(calls.length, 2);
    assert.ok(Date.now() - started >= 950, 'waited the second Retry-After asked for');
  });

  it('retries 5xx and network failures of a read-only operation with backoff, up to maxAttempts', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(503, undefined), networkFailure, () => jsonResponse(200, [])]);
    assert.deepEqual(await fakeClient(fetch).accounts.list(), []);
    assert.equal(calls.length, 3);

    const down = scriptedFetch([() => jsonResponse(500, undefined)]);
    const client = fakeClient(down.fetch, { retries: { maxAttempts: 4, initialDelayMs: 1, maxDelayMs: 2 } });
    await assert.rejects(client.ping.ping(), (e: unknown) => e instanceof RailyardApiError && e.status === 500);
    assert.equal(down.calls.length, 4);

    const unreachable = scriptedFetch([networkFailure]);
    await assert.rejects(fakeClient(unreachable.fetch).ping.ping(), (e: unknown) => e instanceof RailyardNetworkError && /ECONNRESET/.test(e.message));
    assert.equal(unreachable.calls.length, 3, 'the default is three attempts');
  });

  it('does not retry a POST that carries no idempotency key', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(503, undefined), () => jsonResponse(200, {})]);
    await assert.rejects(
      fakeClient(fetch).accounts.create({ body: { accountType: 'individual', profile: {} } }),
      (e: unknown) => e instanceof RailyardApiError && e.status === 503,
    );
    assert.equal(calls.length, 1);
    const failing = scriptedFetch([networkFailure]);
    await assert.rejects(fakeClient(failing.fetch).accounts.create({ body: { accountType: 'individual', profile: {} } }), RailyardNetworkError);
    assert.equal(failing.calls.length, 1);
  });

  it('retries a write that carries an idempotency key, and not one without', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(429, undefined, { 'retry-after': '0' }), () => jsonResponse(200, { id: 't' })]);
    const options = resolveOptions({ serverURL: 'http://x.test', username: 'pk', password: 'sk', fetch });
    const keyed = prepareRequest(idempotentWrite, { idempotencyKey: 'k-1', body: { name: 'n' } }, options);
    assert.equal(keyed.retrySafe, true);
    assert.equal(keyed.headers['x-idempotency-key'], 'k-1');
    assert.equal((await send(idempotentWrite.id, keyed, options)).status, 200);
    assert.equal(calls.length, 2);
    assert.equal(prepareRequest(idempotentWrite, { body: { name: 'n' } }, options).retrySafe, false);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs; 4xx other than 429 are not retried', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(429, undefined, { 'retry-after': '3600' })]);
    const started = Date.now();
    const error = await fakeClient(fetch).ping.ping().then(() => assert.fail('expected a 429'), (e: unknown) => e);
    assert.ok(error instanceof RailyardApiError);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterMs, 3_600_000);
    assert.equal(calls.length, 1);
    assert.ok(Date.now() - started < 500);

    const notFound = scriptedFetch([() => jsonResponse(404, undefined)]);
    await assert.rejects(fakeClient(notFound.fetch).ping.ping(), RailyardApiError);
    assert.equal(notFound.calls.length, 1);
  });

  it('per-call maxAttempts overrides the client setting', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(502, undefined)]);
    await assert.rejects(fakeClient(fetch).ping.ping(undefined, { maxAttempts: 1 }), RailyardApiError);
    assert.equal(calls.length, 1);
  });

  it('backoff grows exponentially with full jitter, capped', () => {
    const policy = { maxAttempts: 5, initialDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 };
    assert.equal(backoffDelay(0, policy, () => 0.999), 99);
    assert.equal(backoffDelay(2, policy, () => 0.999), 399);
    assert.equal(backoffDelay(20, policy, () => 0.999), 999);
    assert.equal(backoffDelay(3, policy, () => 0), 0);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(null, now), undefined);
  });
});

describe('timeouts and cancellation', () => {
  const hang = (call: { init: RequestInit }) =>
    new Promise<Response>((_, reject) => {
      call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('gives a timeout error after timeoutMs, per attempt', async () => {
    const { fetch, calls } = scriptedFetch([hang]);
    const started = Date.now();
    const client = fakeClient(fetch, { timeoutMs: 100, retries: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 1 } });
    const error = await client.ping.ping().then(() => assert.fail('expected a timeout'), (e: unknown) => e);
    assert.ok(error instanceof RailyardTimeoutError && error instanceof RailyardNetworkError);
    assert.equal(error.timeoutMs, 100);
    assert.equal(calls.length, 2);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 190 && elapsed < 2000, `took ${elapsed} ms`);
  });

  it('a caller abort ends the call at once, without retries', async () => {
    const { fetch, calls } = scriptedFetch([hang]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 20);
    await assert.rejects(fakeClient(fetch).ping.ping(undefined, { signal: controller.signal }), /user gave up/);
    assert.equal(calls.length, 1);
  });
});
