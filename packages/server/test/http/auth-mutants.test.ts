import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FailedLogin, LimitedLogin, LoginLimits } from '../../src/domain/auth/login-limits.ts';
import { createSecretHasher, digestsEqual, ephemeralSecretHasher, hashSecret } from '../../src/domain/auth/secrets.ts';

/*
 * Cases the mutation run of the `auth` scope (issue 15, docs/testing.md
 * "Mutation testing") found unpinned: each test names the condition it holds.
 * Unit tests of the failed-login windows (decision 0207) and of the keyed
 * secret hash (0206); no server, so the file runs in a second.
 */

const PER_KEY = 10;
const PER_ADDRESS = 50;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('failed-login windows, at their edges', () => {
  test('Retry-After rounds a part second up, never down', () => {
    let now = 0;
    const limits = new LoginLimits(() => now);
    for (let i = 0; i < PER_KEY; i++) limits.failure('key', 'a');
    now = 15_700; // 44.3 s left
    const refused = limits.refusal('key', 'a');
    assert.ok(refused instanceof LimitedLogin, 'the key is limited');
    assert.equal(refused.retryAfterSeconds, 45);
    now = 59_999; // 1 ms left: still one whole second to wait
    assert.equal((limits.refusal('key', 'a') as LimitedLogin).retryAfterSeconds, 1);
  });

  test('a key under attack makes an address wait for the later of the two windows', () => {
    let now = 0;
    const limits = new LoginLimits(() => now);
    for (let i = 0; i < PER_KEY; i++) limits.failure('key', 'a');
    now = 30_000;
    limits.failure('another-key', 'b'); // b's window starts 30 s after the key's
    now = 40_000;
    const refused = limits.refusal('key', 'b');
    assert.ok(refused instanceof LimitedLogin, 'b has failed, and the key is over its bound');
    assert.equal(refused.retryAfterSeconds, 50, "b's window ends at 90 s, the key's at 60 s");
    assert.deepEqual(refused.attempt, { publicKey: 'key', address: 'b', keyFailures: PER_KEY, addressFailures: 1 });
  });

  test('an address over its bound is refused unread with its own window, whatever the key', () => {
    let now = 0;
    const limits = new LoginLimits(() => now);
    for (let i = 0; i < PER_ADDRESS; i++) limits.failure(`key-${i}`, 'a');
    now = 20_000;
    const refused = limits.refusal('fresh-key', 'a');
    assert.ok(refused instanceof LimitedLogin);
    assert.equal(refused.checked, false);
    assert.equal(refused.retryAfterSeconds, 40);
    assert.deepEqual(refused.attempt, { publicKey: 'fresh-key', address: 'a', keyFailures: 0, addressFailures: PER_ADDRESS });
    assert.equal(limits.refusal('fresh-key', 'b'), undefined, 'another address is heard');
  });

  test('failures counted past a bound (logins checked at once) answer 429 as checked', () => {
    let now = 0;
    const limits = new LoginLimits(() => now);
    // Past the key's bound: the eleventh failure on one key.
    for (let i = 0; i < PER_KEY; i++) assert.ok(limits.failure('key', `10.0.0.${i}`) instanceof FailedLogin);
    now = 10_000;
    const overKey = limits.failure('key', '10.0.1.1');
    assert.ok(overKey instanceof LimitedLogin, 'the eleventh failure on a key');
    assert.equal(overKey.checked, true);
    assert.equal(overKey.retryAfterSeconds, 50);
    assert.equal(overKey.attempt.keyFailures, PER_KEY + 1);
    // Past an address's bound, on fresh keys: the 51st failure from one address.
    for (let i = 0; i < PER_ADDRESS; i++) assert.ok(limits.failure(`k-${i}`, '10.9.9.9') instanceof FailedLogin, `failure ${i + 1}`);
    now = 25_000;
    const overAddress = limits.failure('k-last', '10.9.9.9');
    assert.ok(overAddress instanceof LimitedLogin, 'the 51st failure from an address');
    assert.equal(overAddress.checked, true);
    assert.equal(overAddress.retryAfterSeconds, 45);
    assert.deepEqual(overAddress.attempt, { publicKey: 'k-last', address: '10.9.9.9', keyFailures: 1, addressFailures: PER_ADDRESS + 1 });
  });

  test('a failure moves its key to the most recent end: the least recently failed is forgotten first', () => {
    const limits = new LoginLimits(() => 0, 2);
    limits.failure('old', 'x1');
    limits.failure('middle', 'x2');
    limits.failure('old', 'x3'); // "old" failed again: now the most recent
    limits.failure('new', 'x4'); // over the bound of 2: "middle" goes
    const again = limits.failure('old', 'x5');
    assert.ok(again instanceof FailedLogin);
    assert.equal(again.attempt.keyFailures, 3, '"old" kept its count');
    assert.equal((limits.failure('middle', 'x6') as FailedLogin).attempt.keyFailures, 1, '"middle" was forgotten');
  });

  test('a key of exactly 128 characters is kept whole; a longer one by its first 128', () => {
    const limits = new LoginLimits(() => 0);
    const exact = 'e'.repeat(128);
    assert.equal(limits.failure(exact, 'a').attempt.publicKey, exact);
    const long = `${'l'.repeat(128)}tail`;
    assert.equal(limits.failure(long, 'a').attempt.publicKey, 'l'.repeat(128));
  });
});

describe('the keyed secret hash, at its edges', () => {
  const hasher = ephemeralSecretHasher();
  const stored = hasher.hash('the-secret-0123456789');
  const [prefix, id, hex] = stored.split('.') as [string, string, string];

  test('a hasher needs a key', () => {
    assert.throws(() => createSecretHasher([]), /at least one key/);
  });

  test('the stored form is k1.<key id>.<HMAC of the SHA-256 of the secret>', () => {
    assert.equal(prefix, 'k1');
    assert.match(id, /^[0-9a-f]{8}$/);
    const key = randomBytes(32);
    const own = createSecretHasher([{ id: 'cafe0001', key }]);
    const digest = createHash('sha256').update('the-secret-0123456789', 'utf8').digest();
    assert.equal(own.hash('the-secret-0123456789'), `k1.cafe0001.${createHmac('sha256', key).update(digest).digest('hex')}`);
  });

  test('a stored hash of the wrong shape is no match, never an error', () => {
    assert.equal(hasher.matches(stored, 'the-secret-0123456789'), 'current');
    for (const wrong of [`k2.${id}.${hex}`, `k1.${id}`, `k1.${id}.${hex.slice(0, 62)}`, `k1.${id}.${hex}00`, `k1`, '', `${id}.${hex}`]) {
      assert.equal(hasher.matches(wrong, 'the-secret-0123456789'), 'no', JSON.stringify(wrong));
    }
  });

  test('a legacy hash is exactly 64 lower-case hex digits', () => {
    const legacy = sha256('s3cret-s3cret-s3cret');
    assert.equal(hasher.matches(legacy, 's3cret-s3cret-s3cret'), 'stale');
    assert.equal(typeof hasher.fromLegacy(legacy), 'string');
    for (const near of [`${legacy}0`, `0${legacy}`, `x${legacy}`, `${legacy}x`, legacy.slice(1), legacy.toUpperCase(), `${legacy.slice(0, 63)}g`]) {
      assert.equal(hasher.fromLegacy(near), undefined, `not legacy: ${near}`);
      assert.notEqual(hasher.matches(near, 's3cret-s3cret-s3cret'), 'stale', `not legacy: ${near}`);
    }
  });

  test('digests of different lengths are unequal, not an error', () => {
    assert.equal(digestsEqual('abcd', 'abcd'), true);
    assert.equal(digestsEqual('abcd', 'abce'), false);
    assert.equal(digestsEqual('abcd', 'abcdef'), false);
    assert.equal(digestsEqual('', 'ab'), false);
  });

  test('server-made tokens are stored as their SHA-256 hex', () => {
    // FIPS 180-2's example: SHA-256("abc").
    assert.equal(hashSecret('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
