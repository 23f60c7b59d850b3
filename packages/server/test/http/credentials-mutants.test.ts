import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { CredentialService } from '../../src/domain/auth/credentials.ts';
import { ephemeralSecretHasher, hashSecret } from '../../src/domain/auth/secrets.ts';
import { findApiKey, insertApiKey, insertPlatform } from '../../src/store/repos/platforms.ts';
import { insertToken } from '../../src/store/repos/tokens.ts';
import type { Store } from '../../src/store/port.ts';

/**
 * CredentialService, where the auth mutation scope (docs/testing.md) found it
 * unpinned: credentials too long are refused without a read, a verified key is
 * trusted from memory for a while and forgotten on request, a legacy SHA-256
 * hash is upgraded on first use or at start-up, a token dies at its expiry
 * instant, and a token's scopes are its non-empty words.
 */

const NOW = Date.parse('2026-05-01T12:00:00.000Z');

/** The store, counting what the service reads through it. */
function counting(store: Store): { store: Store; reads: () => number } {
  let reads = 0;
  return {
    store: {
      dialect: store.dialect,
      read: (work) => {
        reads++;
        return store.read(work);
      },
      write: (work) => store.write(work),
      migrate: () => store.migrate(),
    } as Store,
    reads: () => reads,
  };
}

for (const kind of await storeKinds()) {
  describe(`credentials (${kind})`, () => {
    const t = storePerSuite(kind);
    const hasher = ephemeralSecretHasher();
    let nowMs = NOW;
    const clock = { now: () => new Date(nowMs) };
    const platformID = randomUUID();

    async function apiKey(secretHash?: (secret: string) => string): Promise<{ publicKey: string; secret: string }> {
      const publicKey = `pk_${randomUUID()}`;
      const secret = `sk_${randomUUID()}`;
      await t.store.write(async (sql) => {
        if (!(await sql.get('SELECT platform_id FROM platforms WHERE platform_id = ?', [platformID]))) {
          await insertPlatform(sql, platformID, 'credentials', new Date(NOW).toISOString());
        }
        await insertApiKey(sql, { publicKey, platformID, secretHash: (secretHash ?? ((s) => hasher.hash(s)))(secret), createdOn: new Date(NOW).toISOString() });
      });
      return { publicKey, secret };
    }

    it('refuses an empty or overlong public key, an overlong secret and an overlong or empty token without reading the store', async () => {
      const { store, reads } = counting(t.store);
      const service = new CredentialService(store, clock, hasher);
      const key = await apiKey();
      assert.equal(await service.verifyApiKey('', key.secret), undefined);
      assert.equal(await service.verifyApiKey('p'.repeat(1025), key.secret), undefined);
      assert.equal(await service.verifyApiKey(key.publicKey, 's'.repeat(1025)), undefined);
      assert.equal(await service.verifyAccessToken(''), undefined);
      assert.equal(await service.verifyAccessToken('t'.repeat(1025)), undefined);
      assert.equal(reads(), 0, 'nothing read for a credential refused unread');
      // At the bound itself the store is asked.
      assert.equal(await service.verifyApiKey('p'.repeat(1024), 'x'), undefined);
      assert.equal(await service.verifyAccessToken('t'.repeat(1024)), undefined);
      assert.equal(reads(), 2);
    });

    it('trusts a verified key from memory, so a revocation behind its back shows only once the key is forgotten', async () => {
      const { store, reads } = counting(t.store);
      const service = new CredentialService(store, clock, hasher);
      const key = await apiKey();
      assert.deepEqual(await service.verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey });
      assert.equal(reads(), 1);
      await t.store.write((sql) => sql.run('UPDATE api_keys SET revoked_on = ? WHERE public_key = ?', [new Date(NOW).toISOString(), key.publicKey]));
      assert.deepEqual(await service.verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey }, 'from memory');
      assert.equal(await service.verifyApiKey(key.publicKey, 'wrong'), undefined, 'the cached hash still checks the secret');
      assert.equal(reads(), 1, 'no read while cached');
      service.forgetKey(key.publicKey);
      assert.equal(await service.verifyApiKey(key.publicKey, key.secret), undefined, 'revoked, read again');
      assert.equal(reads(), 2);
    });

    it('a wrong secret of a known key is cached too, and refused', async () => {
      const { store, reads } = counting(t.store);
      const service = new CredentialService(store, clock, hasher);
      const key = await apiKey();
      assert.equal(await service.verifyApiKey(key.publicKey, 'wrong'), undefined);
      assert.deepEqual(await service.verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey });
      assert.equal(reads(), 1);
    });

    it('upgrades a legacy SHA-256 hash to the keyed form on first use, and keeps verifying', async () => {
      const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');
      const key = await apiKey(sha256);
      const service = new CredentialService(t.store, clock, hasher);
      assert.deepEqual(await service.verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey });
      const stored = (await t.store.read((sql) => findApiKey(sql, key.publicKey)))!.secret_hash;
      assert.notEqual(stored, sha256(key.secret));
      assert.equal(hasher.matches(stored, key.secret), 'current');
      const again = new CredentialService(t.store, clock, hasher);
      assert.deepEqual(await again.verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey });
    });

    it('upgrades every legacy hash at start-up, without the secrets, and answers how many', async () => {
      const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');
      const service = new CredentialService(t.store, clock, hasher);
      await service.upgradeLegacyHashes(); // whatever earlier tests left
      const keys = [await apiKey(sha256), await apiKey(sha256), await apiKey(sha256)];
      assert.equal(await service.upgradeLegacyHashes(), 3);
      assert.equal(await service.upgradeLegacyHashes(), 0);
      for (const key of keys) {
        const stored = (await t.store.read((sql) => findApiKey(sql, key.publicKey)))!.secret_hash;
        assert.equal(hasher.matches(stored, key.secret), 'current', 'the keyed form of the same secret');
        assert.deepEqual(await new CredentialService(t.store, clock, hasher).verifyApiKey(key.publicKey, key.secret), { platformID, publicKey: key.publicKey });
      }
    });

    it('a token lives until its expiry instant, not at it, and its scopes are its non-empty words', async () => {
      const key = await apiKey();
      const token = `tok_${randomUUID()}`;
      const expiresOn = new Date(NOW + 60_000).toISOString();
      await t.store.write((sql) =>
        insertToken(sql, {
          token_hash: hashSecret(token),
          kind: 'access',
          grant_id: randomUUID(),
          platform_id: platformID,
          public_key: key.publicKey,
          scopes: ' /accounts.read  /ping.read ',
          expires_on: expiresOn,
          created_on: new Date(NOW).toISOString(),
        }),
      );
      const service = new CredentialService(t.store, clock, hasher);
      nowMs = NOW + 59_999;
      const caller = await service.verifyAccessToken(token);
      assert.deepEqual(caller, { platformID, publicKey: key.publicKey, scopes: new Set(['/accounts.read', '/ping.read']) });
      nowMs = NOW + 60_000;
      assert.equal(await service.verifyAccessToken(token), undefined, 'expired at its expiry instant');
      nowMs = NOW;
    });
  });
}
