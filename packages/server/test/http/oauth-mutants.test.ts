import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { CredentialService } from '../../src/domain/auth/credentials.ts';
import { OAuthService, parseScopeList } from '../../src/domain/auth/oauth.ts';
import { ephemeralSecretHasher } from '../../src/domain/auth/secrets.ts';
import { BadRequest, ValidationFailed } from '../../src/kernel/errors.ts';
import { insertApiKey, insertPlatform } from '../../src/store/repos/platforms.ts';

/**
 * OAuthService where the auth mutation scope (docs/testing.md) found it
 * unpinned: the bounds on scopes per token and live tokens per platform at
 * their edges, how much of a bad scope an error quotes, a blank refresh token,
 * and the refresh token's thirty days, written out here as docs/authentication.md
 * states them rather than read from the code under test.
 */

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const THIRTY_DAYS_MS = 30 * 86_400_000;

function validationFields(error: unknown): Record<string, unknown> {
  assert.ok(error instanceof ValidationFailed, `a ValidationFailed, not ${String(error)}`);
  return error.fields as Record<string, unknown>;
}

describe('scope lists (parseScopeList)', () => {
  it('takes 64 scopes in one request and refuses 65, counting repeats', () => {
    assert.deepEqual(parseScopeList(Array(64).fill('/accounts.read').join(' ')), ['/accounts.read']);
    assert.throws(
      () => parseScopeList(Array(65).fill('/accounts.read').join(' ')),
      (error) => {
        assert.deepEqual(validationFields(error), { scope: 'at most 64 scopes per token' });
        return true;
      },
    );
  });

  it('quotes an unknown scope whole up to 80 characters, and cuts a longer one at 80 with an ellipsis', () => {
    const exactly80 = `/${'x'.repeat(79)}`;
    assert.throws(() => parseScopeList(exactly80), (error) => {
      assert.deepEqual(validationFields(error), { scope: `unknown scope ${exactly80}` });
      return true;
    });
    const long = `/${'y'.repeat(79)}zzz`;
    assert.throws(() => parseScopeList(long), (error) => {
      assert.deepEqual(validationFields(error), { scope: `unknown scope /${'y'.repeat(79)}…` });
      return true;
    });
  });
});

for (const kind of await storeKinds()) {
  describe(`OAuth tokens at their bounds (${kind})`, () => {
    const t = storePerSuite(kind);
    const hasher = ephemeralSecretHasher();
    let nowMs = NOW;
    const clock = { now: () => new Date(nowMs) };
    const oauth = () => new OAuthService(t.store, clock, new CredentialService(t.store, clock, hasher));

    async function platformWithKey(): Promise<{ platformID: string; client: { clientID: string; clientSecret: string } }> {
      const platformID = randomUUID();
      const clientID = `pk_${randomUUID()}`;
      const clientSecret = `sk_${randomUUID()}`;
      await t.store.write(async (sql) => {
        await insertPlatform(sql, platformID, 'oauth bounds', new Date(NOW).toISOString());
        await insertApiKey(sql, { publicKey: clientID, platformID, secretHash: hasher.hash(clientSecret), createdOn: new Date(NOW).toISOString() });
      });
      return { platformID, client: { clientID, clientSecret } };
    }

    it('a refresh token lives thirty days: it refreshes a millisecond before, not at the instant', async () => {
      nowMs = NOW;
      const { client } = await platformWithKey();
      const issued = await oauth().createToken({ grantType: 'client_credentials', client, address: '192.0.2.1', scope: '/accounts.read' });
      nowMs = NOW + THIRTY_DAYS_MS;
      await assert.rejects(oauth().createToken({ grantType: 'refresh_token', client, address: '192.0.2.1', refreshToken: issued.refreshToken }), (error) => {
        assert.deepEqual(validationFields(error), { refresh_token: 'is invalid, expired or revoked' });
        return true;
      });
      nowMs = NOW + THIRTY_DAYS_MS - 1;
      const refreshed = await oauth().createToken({ grantType: 'refresh_token', client, address: '192.0.2.1', refreshToken: issued.refreshToken });
      assert.equal(refreshed.scope, '/accounts.read');
      assert.equal(refreshed.expiresIn, 3600, 'an access token lives one hour');
      nowMs = NOW;
    });

    it('a blank or missing refresh token is "cannot be blank", before any look-up', async () => {
      const { client } = await platformWithKey();
      for (const refreshToken of ['', undefined]) {
        await assert.rejects(oauth().createToken({ grantType: 'refresh_token', client, address: '192.0.2.1', refreshToken }), (error) => {
          assert.deepEqual(validationFields(error), { refresh_token: 'cannot be blank' });
          return true;
        });
      }
    });

    it('a platform holds at most 100,000 live tokens: a grant that reaches it exactly is issued, the next is a 400', async () => {
      nowMs = NOW;
      const { platformID, client } = await platformWithKey();
      const live = 99_998;
      const expires = new Date(NOW + 3_600_000).toISOString();
      const created = new Date(NOW).toISOString();
      // Written straight into the table: 99,998 grants through the service would take minutes.
      await t.store.write((sql) =>
        sql.run(
          t.store.dialect === 'postgres'
            ? `INSERT INTO oauth_tokens (token_hash, kind, grant_id, platform_id, public_key, scopes, expires_on, created_on)
               SELECT 'bulk-' || n, 'access', 'bulk-grant', ?, ?, '/accounts.read', ?, ? FROM generate_series(1, ?) AS n`
            : `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
               INSERT INTO oauth_tokens (token_hash, kind, grant_id, platform_id, public_key, scopes, expires_on, created_on)
               SELECT 'bulk-' || i, 'access', 'bulk-grant', ?, ?, '/accounts.read', ?, ? FROM n`,
          t.store.dialect === 'postgres' ? [platformID, client.clientID, expires, created, live] : [live, platformID, client.clientID, expires, created],
        ),
      );
      // 99,998 + an access and a refresh token = 100,000: at the bound, not past it.
      await oauth().createToken({ grantType: 'client_credentials', client, address: '192.0.2.1', scope: '/accounts.read' });
      await assert.rejects(oauth().createToken({ grantType: 'client_credentials', client, address: '192.0.2.1', scope: '/accounts.read' }), (error) => {
        assert.ok(error instanceof BadRequest, `a BadRequest, not ${String(error)}`);
        assert.equal(error.message, 'a platform may hold at most 100000 live tokens; revoke some first');
        return true;
      });
      await t.store.write((sql) => sql.run('DELETE FROM oauth_tokens WHERE platform_id = ?', [platformID]));
    });
  });
}
