import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, type TestServer } from '../support/server.ts';
import { upgradeAtRest } from '../../src/compose/at-rest.ts';
import { createSecretHasher } from '../../src/domain/auth/secrets.ts';
import { loadSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { basic } from './helpers.ts';

/*
 * API key secrets are stored as a keyed hash (HMAC-SHA-256 with a subkey of
 * the encryption root key, decisions/0206), never as a bare SHA-256 that a
 * leaked database would let anyone test guesses against.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function setStoredHash(server: TestServer, publicKey: string, hash: string): Promise<void> {
  await server.services.store.write((sql) => sql.run('UPDATE api_keys SET secret_hash = ? WHERE public_key = ?', [hash, publicKey]));
  server.services.credentials.forgetKey(publicKey);
}

describe('the keyed secret hash', () => {
  const key = () => randomBytes(32).toString('hex');

  test('matches its secret only, in constant time, and names its key', () => {
    const secrets = loadSourceSecrets({ encryptionKey: key(), databaseUrl: 'sqlite::memory:' });
    const hasher = createSecretHasher(secrets.apiSecretKeys);
    const stored = hasher.hash('a-secret-of-sixteen+');
    assert.match(stored, /^k1\.[0-9a-f]{8}\.[0-9a-f]{64}$/);
    assert.equal(stored.split('.')[1], secrets.sealer.currentKeyId, 'the key id is the root key id sealed values carry');
    assert.equal(hasher.matches(stored, 'a-secret-of-sixteen+'), 'current');
    assert.equal(hasher.matches(stored, 'a-secret-of-sixteen-'), 'no');
    assert.equal(hasher.matches('k1.00000000.' + stored.split('.')[2], 'a-secret-of-sixteen+'), 'no', 'a key not in the ring');
    assert.equal(hasher.matches('garbage', 'x'), 'no');
    assert.notEqual(createSecretHasher(loadSourceSecrets({ encryptionKey: key(), databaseUrl: 'sqlite::memory:' }).apiSecretKeys).hash('a-secret-of-sixteen+'), stored);
  });

  test('a legacy SHA-256 matches as stale and converts without its secret; an older root key matches as stale', () => {
    const [current, previous] = [key(), key()];
    const before = createSecretHasher(loadSourceSecrets({ encryptionKey: previous, databaseUrl: 'sqlite::memory:' }).apiSecretKeys);
    const rotated = createSecretHasher(loadSourceSecrets({ encryptionKey: `${current},${previous}`, databaseUrl: 'sqlite::memory:' }).apiSecretKeys);
    assert.equal(rotated.matches(sha256('s3cret-s3cret-s3cret'), 's3cret-s3cret-s3cret'), 'stale');
    assert.equal(rotated.matches(sha256('s3cret-s3cret-s3cret'), 'other'), 'no');
    const converted = rotated.fromLegacy(sha256('s3cret-s3cret-s3cret'));
    assert.equal(converted, rotated.hash('s3cret-s3cret-s3cret'));
    assert.equal(rotated.fromLegacy(converted!), undefined);
    assert.equal(rotated.matches(before.hash('s3cret-s3cret-s3cret'), 's3cret-s3cret-s3cret'), 'stale');
  });
});

async function storedHash(server: TestServer, publicKey: string): Promise<string> {
  const row = await server.services.store.read((sql) => sql.get<{ secret_hash: string }>('SELECT secret_hash FROM api_keys WHERE public_key = ?', [publicKey]));
  return row!.secret_hash;
}

for (const kind of await storeKinds()) {
  describe(`API secrets at rest (${kind})`, () => {
    const server = serverPerSuite(kind);

    test('the stored hash is keyed: not SHA-256(secret), and not the secret', async () => {
      const stored = await storedHash(server, server.platform.publicKey);
      assert.notEqual(stored, sha256(server.platform.secret));
      assert.ok(!stored.includes(server.platform.secret));
      assert.ok(!stored.includes(sha256(server.platform.secret)));
      assert.equal((await server.request('GET', '/ping')).status, 200);
    });

    test('a key stored before keyed hashes (bare SHA-256) still logs in, and is stored keyed from then on', async () => {
      const { publicKey, secret } = server.platform;
      await setStoredHash(server, publicKey, sha256(secret));
      assert.equal((await server.request('GET', '/ping', { auth: basic(publicKey, 'not-the-secret') })).status, 401);
      server.services.credentials.forgetKey(publicKey);
      assert.equal((await server.request('GET', '/ping')).status, 200);
      const stored = await storedHash(server, publicKey);
      assert.match(stored, /^k1\./);
      assert.notEqual(stored, sha256(secret));
      server.services.credentials.forgetKey(publicKey);
      assert.equal((await server.request('GET', '/ping')).status, 200);
    });

    test('the start-up upgrade converts every legacy hash without the secrets; the keys still log in', async () => {
      const keys = [server.platform, server.otherPlatform];
      for (const k of keys) await setStoredHash(server, k.publicKey, sha256(k.secret));
      const upgrade = await upgradeAtRest(server.services);
      assert.equal(upgrade.secretHashes, 2);
      for (const k of keys) {
        const stored = await storedHash(server, k.publicKey);
        assert.match(stored, /^k1\./);
        assert.ok(!stored.includes(sha256(k.secret)));
        server.services.credentials.forgetKey(k.publicKey);
        assert.equal((await server.request('GET', '/ping', { auth: k.basic })).status, 200);
      }
      assert.equal((await upgradeAtRest(server.services)).secretHashes, 0, 'nothing left to convert');
    });

    test('the bootstrap key is compared with the keyed hash', async () => {
      const bootstrapKey = 'bootstrap-key-1:bootstrap-secret-0123456789';
      const first = await server.services.platforms.bootstrap({ name: 'Boot', bootstrapKey });
      assert.equal(first.created, true);
      const again = await server.services.platforms.bootstrap({ name: 'Boot', bootstrapKey });
      assert.deepEqual(again, { accountID: first.accountID, publicKey: 'bootstrap-key-1', created: false });
      await assert.rejects(server.services.platforms.bootstrap({ name: 'Boot', bootstrapKey: 'bootstrap-key-1:another-secret-0123456789' }), /different secret/);
    });
  });
}
