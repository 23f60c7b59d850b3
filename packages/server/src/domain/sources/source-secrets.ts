import { KeyConfigError, chooseKeySource, deriveSubkey, loadRootKeys, parseRootKey, rootKeyId, ROOT_KEY_BYTES } from './encryption-key.ts';
import { randomBytes } from 'node:crypto';
import { fingerprintKey, type FingerprintKey } from './fingerprint.ts';
import { createSealer, type Sealer } from './sealed-secret.ts';

/**
 * The key material of data at rest, built once at start-up and handed to the
 * services that need it: the sealer for full account numbers (0500) and
 * sensitive account values (0504), the fingerprint key (0501) and the keys of
 * API secret hashes (0206). Loading may throw KeyConfigError, which must stop
 * the server before it answers a request, never fail one request.
 */
export interface SourceSecrets {
  readonly sealer: Sealer;
  readonly fingerprintKey: FingerprintKey;
  /** HMAC keys for API secrets, one per root key of the ring, current first, each named by its root key's id. */
  readonly apiSecretKeys: readonly ApiSecretKey[];
}

export interface ApiSecretKey {
  readonly id: string;
  readonly key: Buffer;
}

export interface SourceSecretsConfig {
  /** `RAILYARD_ENCRYPTION_KEY`: `current[,previous…]`. */
  encryptionKey?: string | undefined;
  /** `RAILYARD_FINGERPRINT_KEY`: one 32-byte key, pinned across root-key rotations. */
  fingerprintKey?: string | undefined;
  /** The database URL, which decides where a missing key comes from (0500). */
  databaseUrl: string;
}

export function loadSourceSecrets(config: SourceSecretsConfig): SourceSecrets {
  return fromRootKeys(loadRootKeys(chooseKeySource(config)), config.fingerprintKey);
}

/** A key for the life of the process: for tests and in-memory databases, whose data dies with it. */
export function ephemeralSourceSecrets(): SourceSecrets {
  return fromRootKeys([randomBytes(ROOT_KEY_BYTES)], undefined);
}

function fromRootKeys(rootKeys: Buffer[], pinnedFingerprintKey: string | undefined): SourceSecrets {
  const current = rootKeys[0];
  if (current === undefined) throw new KeyConfigError('no encryption key');
  const explicit =
    pinnedFingerprintKey !== undefined && pinnedFingerprintKey.trim() !== '' ? parseRootKey(pinnedFingerprintKey) : undefined;
  return {
    sealer: createSealer(rootKeys),
    fingerprintKey: fingerprintKey(explicit, current),
    apiSecretKeys: rootKeys.map((root) => ({ id: rootKeyId(root), key: deriveSubkey(root, 'api-secret') })),
  };
}
