import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 hex of a server-made token (OAuth2 access and refresh tokens, ToS
 * tokens): 256 bits of randomness, so a plain digest cannot be reversed by
 * guessing and can be looked up. API key secrets, which a person may choose,
 * are stored with the keyed SecretHasher instead (decisions/0206).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Prefix of a keyed API secret hash: `k1.<key id>.<64 hex>`. */
const KEYED_PREFIX = 'k1';
const LEGACY_HASH = /^[0-9a-f]{64}$/;

/** One HMAC key of the ring, named by the id of the root key it comes from (see domain/sources/source-secrets.ts). */
export interface SecretHashKey {
  readonly id: string;
  readonly key: Buffer;
}

/** How a stored hash compares with a secret: `stale` matched, but not with the current key; store `hash(secret)` again. */
export type SecretMatch = 'current' | 'stale' | 'no';

/**
 * API key secrets at rest (decisions/0206): `k1.<keyId>.<hex>`, the hex being
 * HMAC-SHA-256 under a subkey of the encryption root key of the SHA-256 of the
 * secret. Without the key a leaked hash cannot be checked against guesses.
 * Hashing the SHA-256 (not the secret) lets a row stored before keyed hashes,
 * which holds that SHA-256, be converted without its secret (`fromLegacy`).
 */
export interface SecretHasher {
  /** The stored form of a secret, under the current key. */
  hash(secret: string): string;
  /** Whether a stored hash (keyed under any key of the ring, or a legacy SHA-256) is of `secret`; constant time. */
  matches(stored: string, secret: string): SecretMatch;
  /** The keyed form of a legacy SHA-256 hex digest; undefined when `stored` is not one. */
  fromLegacy(stored: string): string | undefined;
}

/** Keys current first. A stored hash under a key missing from the ring never matches. */
export function createSecretHasher(keys: readonly SecretHashKey[]): SecretHasher {
  const current = keys[0];
  if (current === undefined) throw new Error('a secret hasher needs at least one key');
  const ring = new Map(keys.map((k) => [k.id, k.key]));
  const keyed = (key: SecretHashKey, digest: Buffer) => `${KEYED_PREFIX}.${key.id}.${createHmac('sha256', key.key).update(digest).digest('hex')}`;
  const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
  return {
    hash: (secret) => keyed(current, sha256(secret)),
    matches(stored, secret) {
      if (LEGACY_HASH.test(stored)) return digestsEqual(stored, sha256(secret).toString('hex')) ? 'stale' : 'no';
      const [prefix, id, hex] = stored.split('.');
      const key = id === undefined ? undefined : ring.get(id);
      if (prefix !== KEYED_PREFIX || key === undefined || hex === undefined) return 'no';
      const expected = createHmac('sha256', key).update(sha256(secret)).digest('hex');
      if (!digestsEqual(hex, expected)) return 'no';
      return id === current.id ? 'current' : 'stale';
    },
    fromLegacy: (stored) => (LEGACY_HASH.test(stored) ? keyed(current, Buffer.from(stored, 'hex')) : undefined),
  };
}

/** A hasher whose key dies with the process: for tests and in-memory databases, like their sealer (0500). */
export function ephemeralSecretHasher(): SecretHasher {
  return createSecretHasher([{ id: randomBytes(4).toString('hex'), key: randomBytes(32) }]);
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A URL-safe random string with (nearly) `bytes` bytes of entropy. Never starts
 * with `-`: generated keys and secrets are passed as command-line values
 * (`railyard mcp start --password …`), where a leading dash reads as an option.
 * Drawing again in that case (1 in 64) costs a fraction of a bit.
 */
export function randomToken(bytes: number): string {
  for (;;) {
    const token = randomBytes(bytes).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}
