import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { createServices, type Services } from '../../src/compose/services.ts';
import { ephemeralSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { basic } from './helpers.ts';
import {
  FAILURE_WINDOW_MS,
  FailedLogin,
  LimitedLogin,
  LoginLimits,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_KEY,
} from '../../src/domain/auth/login-limits.ts';

/*
 * Failed logins are limited per public key and per client address (decision
 * 0207): with `--rate-limit moov`, 100 wrong passwords used to get 100 × 401 in
 * a fifth of a second, because the 401 is answered before the request rate
 * limiter runs. Addresses are set per request through inject's remoteAddress.
 */

const PER_KEY = 10;
const PER_ADDRESS = 50;

interface Harness {
  app: FastifyInstance;
  services: Services;
  testStore: TestStore;
  publicKey: string;
  secret: string;
  logs: string[];
}

async function harness(kind: 'sqlite' | 'postgres'): Promise<Harness> {
  const testStore = await createTestStore(kind);
  const services = createServices(testStore.store, { now: () => new Date() }, { sourceSecrets: ephemeralSourceSecrets() });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  // No request rate limit: the failure limits alone must answer 429 (the moov preset would also limit the token endpoint per address at 10/s).
  const app = await buildApp({ services, rateLimit: { kind: 'off' }, logLevel: 'info', logStream });
  await app.ready();
  const created = await services.platforms.create({ name: 'Login Limits' });
  return { app, services, testStore, publicKey: created.publicKey, secret: created.secret, logs };
}

function ping(h: Harness, authorization: string, address: string) {
  return h.app.inject({ method: 'GET', url: '/ping', headers: { authorization }, remoteAddress: address });
}

function token(h: Harness, body: Record<string, string>, address: string, authorization?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: { grant_type: 'client_credentials', scope: '/ping.read', ...body },
    remoteAddress: address,
  });
}

describe('failed-login windows', () => {
  test('the bounds are the documented ones', () => {
    assert.equal(MAX_FAILURES_PER_KEY, PER_KEY);
    assert.equal(MAX_FAILURES_PER_ADDRESS, PER_ADDRESS);
    assert.equal(FAILURE_WINDOW_MS, 60_000);
  });

  test('a window ends a minute after its first failure, and Retry-After says when', () => {
    let now = 1_000_000;
    const limits = new LoginLimits(() => now);
    for (let i = 0; i < PER_KEY; i++) assert.ok(limits.failure('key', 'a') instanceof FailedLogin);
    now += 15_000;
    const refused = limits.refusal('key', 'a');
    assert.ok(refused instanceof LimitedLogin);
    assert.equal(refused.retryAfterSeconds, 45);
    assert.equal(refused.checked, false);
    assert.equal(limits.refusal('key', 'b'), undefined, 'an address without failures is still heard');
    now += 45_000;
    assert.equal(limits.refusal('key', 'a'), undefined, 'a new window');
    assert.ok(limits.failure('key', 'a') instanceof FailedLogin);
  });

  test('memory is bounded: the least recently failed keys and addresses are forgotten', () => {
    const limits = new LoginLimits(() => 0, 100);
    for (let i = 0; i < 1000; i++) limits.failure(`key-${i}`, `10.0.${i >> 8}.${i & 255}`);
    assert.deepEqual(limits.tracked(), { keys: 100, addresses: 100 });
    const long = 'k'.repeat(5000);
    for (let i = 0; i < PER_KEY; i++) limits.failure(long, 'x');
    assert.ok(limits.refusal(long, 'x') instanceof LimitedLogin, 'a long key is counted by its start');
    assert.equal((limits.refusal(long, 'x') as LimitedLogin).attempt.publicKey.length, 128);
  });
});

for (const kind of await storeKinds()) {
  describe(`failed logins are limited (${kind})`, () => {
    let h: Harness;
    before(async () => {
      h = await harness(kind);
    });
    after(async () => {
      await h.app.close();
      await h.testStore.destroy();
    });

    test(`${PER_KEY} wrong passwords answer 401, the next one 429; the right key from another address still works`, async () => {
      const wrongSecret = 'wrong-password-never-logged-1';
      for (let i = 0; i < PER_KEY; i++) {
        const response = await ping(h, basic(h.publicKey, wrongSecret), '10.1.0.1');
        assert.equal(response.statusCode, 401, `attempt ${i + 1}`);
      }
      const limited = await ping(h, basic(h.publicKey, wrongSecret), '10.1.0.1');
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.body, '');
      assert.match(String(limited.headers['retry-after']), /^\d+$/);
      assert.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60);
      // The guessing address learns nothing, not even from the right secret.
      assert.equal((await ping(h, basic(h.publicKey, h.secret), '10.1.0.1')).statusCode, 429);
      // The key's owner, elsewhere, is not locked out.
      assert.equal((await ping(h, basic(h.publicKey, h.secret), '10.1.0.2')).statusCode, 200);
      // A fresh address gets one guess at a key under attack, then waits.
      assert.equal((await ping(h, basic(h.publicKey, 'another-wrong-one'), '10.1.0.3')).statusCode, 429);
      assert.equal((await ping(h, basic(h.publicKey, h.secret), '10.1.0.3')).statusCode, 429);

      const text = h.logs.join('');
      assert.ok(!text.includes(wrongSecret), 'the secret tried is never logged');
      assert.ok(!text.includes(h.secret), 'the right secret is never logged');
      const warnings = h.logs.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40 && entry.publicKey === h.publicKey);
      assert.ok(warnings.length >= PER_KEY, `one warning per failed login (${warnings.length})`);
      assert.ok(warnings.every((entry) => typeof entry.address === 'string'));
    });

    test('the OAuth2 token endpoint counts wrong client secrets the same way', async () => {
      const other = await h.services.platforms.create({ name: 'OAuth Target' });
      for (let i = 0; i < PER_KEY; i++) {
        const viaBody = i % 2 === 0;
        const response = viaBody
          ? await token(h, { client_id: other.publicKey, client_secret: 'not-the-client-secret' }, '10.2.0.1')
          : await token(h, {}, '10.2.0.1', basic(other.publicKey, 'not-the-client-secret'));
        assert.equal(response.statusCode, 401, `attempt ${i + 1}`);
      }
      const limited = await token(h, { client_id: other.publicKey, client_secret: 'not-the-client-secret' }, '10.2.0.1');
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.body, '');
      const fine = await token(h, { client_id: other.publicKey, client_secret: other.secret }, '10.2.0.2');
      assert.equal(fine.statusCode, 200);
      assert.ok(!h.logs.join('').includes('not-the-client-secret'));
    });

    test(`${PER_ADDRESS} failures from one address, on any keys, stop that address`, async () => {
      for (let i = 0; i < PER_ADDRESS; i++) {
        const response = await ping(h, basic(`no-such-key-${i}`, 'guess'), '10.3.0.1');
        assert.equal(response.statusCode, 401, `attempt ${i + 1}`);
      }
      assert.equal((await ping(h, basic('yet-another-key', 'guess'), '10.3.0.1')).statusCode, 429);
      assert.equal((await ping(h, basic(h.publicKey, h.secret), '10.3.0.1')).statusCode, 429);
      assert.equal((await ping(h, basic(h.publicKey, h.secret), '10.3.0.2')).statusCode, 200);
    });
  });
}
