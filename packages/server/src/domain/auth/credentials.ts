import type { Store } from '../../store/port.ts';
import { findApiKey, listLegacyApiKeyHashes, replaceApiKeyHash } from '../../store/repos/platforms.ts';
import { findTokenWithKey } from '../../store/repos/tokens.ts';
import type { Caller } from './caller.ts';
import type { Clock } from '../../kernel/clock.ts';
import { hashSecret, type SecretHasher } from './secrets.ts';
import { LoginLimits } from './login-limits.ts';

/** How long a verified API key is trusted without asking the store again. */
const KEY_CACHE_TTL_MS = 30_000;
/** Bound on the cache, so a flood of distinct keys cannot grow memory without end. */
const KEY_CACHE_MAX_ENTRIES = 10_000;
/** Longest credential we look at; anything longer is refused unread. */
const MAX_CREDENTIAL_LENGTH = 1024;

interface CachedKey {
  caller: Caller;
  secretHash: string;
  expiresAt: number;
}

/** Legacy hashes converted per unit of work at start-up. */
const UPGRADE_BATCH = 500;

/**
 * Verifies API keys (Basic auth) and OAuth2 access tokens (Bearer). API
 * secrets are stored as keyed hashes (SecretHasher, decisions/0206), tokens as
 * SHA-256 digests; both are compared in constant time.
 */
export class CredentialService {
  private readonly keyCache = new Map<string, CachedKey>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** The keyed hash of API secrets; the platform service stores them with the same one. */
    private readonly hasher: SecretHasher,
    /** Failed-login limits (0207), one set per server process. */
    private readonly limits: LoginLimits = new LoginLimits(),
  ) {}

  /**
   * A login with an API key from a client address: the caller, or a thrown
   * FailedLogin (401) or LimitedLogin (429) once failures from that address or
   * on that key pass their bounds (login-limits.ts).
   */
  async authenticateApiKey(publicKey: string, secret: string, address: string): Promise<Caller> {
    const refusal = this.limits.refusal(publicKey, address);
    if (refusal) throw refusal;
    const caller = await this.verifyApiKey(publicKey, secret);
    if (caller) return caller;
    throw this.limits.failure(publicKey, address);
  }

  /** The caller an API key belongs to, or undefined for an unknown key or wrong secret. */
  async verifyApiKey(publicKey: string, secret: string): Promise<Caller | undefined> {
    if (publicKey.length === 0 || publicKey.length > MAX_CREDENTIAL_LENGTH || secret.length > MAX_CREDENTIAL_LENGTH) {
      return undefined;
    }
    const now = Date.now();
    const cached = this.keyCache.get(publicKey);
    if (cached && cached.expiresAt > now) {
      return this.hasher.matches(cached.secretHash, secret) !== 'no' ? cached.caller : undefined;
    }
    const row = await this.store.read((sql) => findApiKey(sql, publicKey));
    if (!row || row.revoked_on !== null) return undefined;
    const caller: Caller = { platformID: row.platform_id, publicKey };
    const match = this.hasher.matches(row.secret_hash, secret);
    let secretHash = row.secret_hash;
    if (match === 'stale') {
      // A legacy SHA-256 or a hash under an older root key: stored again under the current key.
      const fresh = this.hasher.hash(secret);
      await this.store.write((sql) => replaceApiKeyHash(sql, publicKey, row.secret_hash, fresh));
      secretHash = fresh;
    }
    if (this.keyCache.size >= KEY_CACHE_MAX_ENTRIES) this.keyCache.clear();
    this.keyCache.set(publicKey, { caller, secretHash, expiresAt: now + KEY_CACHE_TTL_MS });
    return match !== 'no' ? caller : undefined;
  }

  /**
   * Converts API secret hashes stored before keyed hashing (bare SHA-256) to
   * the keyed form, without their secrets; run at start-up with the key
   * (compose/at-rest.ts). Answers how many were converted.
   */
  async upgradeLegacyHashes(): Promise<number> {
    let upgraded = 0;
    for (;;) {
      const batch = await this.store.write(async (sql) => {
        const rows = await listLegacyApiKeyHashes(sql, UPGRADE_BATCH);
        let converted = 0;
        for (const row of rows) {
          const keyed = this.hasher.fromLegacy(row.secret_hash);
          if (keyed === undefined) continue;
          await replaceApiKeyHash(sql, row.public_key, row.secret_hash, keyed);
          converted += 1;
        }
        return { read: rows.length, converted };
      });
      upgraded += batch.converted;
      // A short batch was the last; one that converted nothing holds only hashes of no known form.
      if (batch.read < UPGRADE_BATCH || batch.converted === 0) return upgraded;
    }
  }

  /** The caller an access token belongs to, with its scopes; undefined when unknown, expired or revoked. */
  async verifyAccessToken(token: string): Promise<Caller | undefined> {
    if (token.length === 0 || token.length > MAX_CREDENTIAL_LENGTH) return undefined;
    const row = await this.store.read((sql) => findTokenWithKey(sql, hashSecret(token)));
    // A token dies with the API key that minted it.
    if (!row || row.kind !== 'access' || row.revoked_on !== null || row.key_revoked_on !== null) return undefined;
    if (row.expires_on <= this.clock.now().toISOString()) return undefined;
    return {
      platformID: row.platform_id,
      publicKey: row.public_key,
      scopes: new Set(row.scopes.split(' ').filter((s) => s.length > 0)),
    };
  }

  /** Forgets a cached key, after it is revoked or rotated. */
  forgetKey(publicKey: string): void {
    this.keyCache.delete(publicKey);
  }
}
