import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { startTestServer } from '../support/server.ts';
import {
  DEFAULT_RATE_LIMIT_PER_SECOND,
  MOOV_PRODUCTION_PER_SECOND,
  MOOV_SANDBOX_PER_SECOND,
  parseRateLimit,
  RateLimiter,
} from '../../src/http/rate-limit.ts';
import { bearer, mintToken, UUID_PATTERN } from './helpers.ts';

describe('rate limit settings', () => {
  test('parseRateLimit reads N, 0 and moov, and refuses anything else', () => {
    assert.deepEqual(parseRateLimit(undefined), { kind: 'fixed', perSecond: DEFAULT_RATE_LIMIT_PER_SECOND });
    assert.deepEqual(parseRateLimit(''), { kind: 'fixed', perSecond: 100_000 });
    assert.deepEqual(parseRateLimit('0'), { kind: 'off' });
    assert.deepEqual(parseRateLimit('25'), { kind: 'fixed', perSecond: 25 });
    assert.deepEqual(parseRateLimit('moov'), { kind: 'moov' });
    for (const bad of ['-1', '1.5', 'fast', '1e3', ' 5', 'MOOV', '99999999999999999999']) {
      assert.throws(() => parseRateLimit(bad), /rate-limit/, bad);
    }
  });

  test('a fixed window counts per key and names the seconds to wait', () => {
    let now = 10_000;
    const limiter = new RateLimiter({ kind: 'fixed', perSecond: 2 }, () => now);
    assert.equal(limiter.take('a', 'ip1'), undefined);
    assert.equal(limiter.take('a', 'ip2'), undefined);
    assert.equal(limiter.take('a', 'ip1'), 1);
    assert.equal(limiter.take('b', 'ip1'), undefined, 'another account has its own budget');
    now = 10_999;
    assert.equal(limiter.take('a', 'ip1'), 1);
    now = 11_000;
    assert.equal(limiter.take('a', 'ip1'), undefined, 'a new second, a new budget');
  });

  test('the moov preset: 10/s per sandbox account, 40/s per production account and IP', () => {
    const limiter = new RateLimiter({ kind: 'moov' }, () => 5_000);
    for (let i = 0; i < MOOV_SANDBOX_PER_SECOND; i++) assert.equal(limiter.take('sandbox', 'ip1'), undefined);
    assert.equal(limiter.take('sandbox', 'ip2'), 1, 'sandbox limits per account, whatever the IP');
    for (let i = 0; i < MOOV_PRODUCTION_PER_SECOND; i++) assert.equal(limiter.take('prod', 'ip1', 'production'), undefined);
    assert.equal(limiter.take('prod', 'ip1', 'production'), 1);
    assert.equal(limiter.take('prod', 'ip2', 'production'), undefined, 'production limits per account and IP');
  });

  test('off never limits', () => {
    const limiter = new RateLimiter({ kind: 'off' });
    for (let i = 0; i < 1000; i++) assert.equal(limiter.take('a', 'ip'), undefined);
  });
});

for (const kind of await storeKinds()) {
  describe(`rate limits over HTTP (${kind})`, () => {
    test('over the limit: 429, no body, Retry-After in seconds, a request id; other accounts unaffected', async () => {
      const server = await startTestServer(kind, { rateLimit: { kind: 'fixed', perSecond: 5 } });
      try {
        const burst = await Promise.all(Array.from({ length: 30 }, () => server.request('GET', '/ping')));
        const limited = burst.filter((response) => response.status === 429);
        const allowed = burst.filter((response) => response.status === 200);
        assert.equal(limited.length + allowed.length, 30);
        // A burst may straddle one second boundary: at most two windows' worth get through.
        assert.ok(allowed.length >= 5 && allowed.length <= 10, `allowed ${allowed.length}`);
        for (const response of limited) {
          assert.equal(response.text, '');
          assert.match(response.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
          assert.match(response.headers.get('x-request-id') ?? '', UUID_PATTERN);
        }
        const other = await server.request('GET', '/ping', { auth: server.otherPlatform.basic });
        assert.equal(other.status, 200);
      } finally {
        await server.close();
      }
    });

    test('Bearer tokens count against their platform', async () => {
      const server = await startTestServer(kind, { rateLimit: { kind: 'fixed', perSecond: 4 } });
      try {
        const minted = await mintToken(server, '/ping.read');
        const burst = await Promise.all(Array.from({ length: 20 }, () => server.request('GET', '/ping', { auth: bearer(minted.access_token) })));
        assert.ok(burst.some((response) => response.status === 429));
        assert.ok(burst.every((response) => response.status === 429 || response.status === 200));
      } finally {
        await server.close();
      }
    });

    test('the moov preset limits a sandbox platform to 10 per second', async () => {
      const server = await startTestServer(kind, { rateLimit: { kind: 'moov' } });
      try {
        const burst = await Promise.all(Array.from({ length: 40 }, () => server.request('GET', '/ping')));
        const allowed = burst.filter((response) => response.status === 200).length;
        assert.ok(allowed >= 10 && allowed <= 20, `allowed ${allowed}`);
      } finally {
        await server.close();
      }
    });

    test('rate limit 0 is off', async () => {
      const server = await startTestServer(kind, { rateLimit: { kind: 'off' } });
      try {
        const burst = await Promise.all(Array.from({ length: 60 }, () => server.request('GET', '/ping')));
        assert.ok(burst.every((response) => response.status === 200));
      } finally {
        await server.close();
      }
    });
  });
}
