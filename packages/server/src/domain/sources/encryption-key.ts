import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isPostgresUrl } from '../../store/database-url.ts';

/**
 * Where the root key for data at rest comes from, and the subkeys derived
 * from it. See docs/decisions/0500-encryption-at-rest.md.
 *
 * A root key is 32 random bytes, written as 64 hex digits or as base64 /
 * base64url. `RAILYARD_ENCRYPTION_KEY` may list several, comma-separated: the
 * first seals new values, the others only open old ones (rotation).
 */
export const ROOT_KEY_BYTES = 32;
export const MAX_KEYS_IN_RING = 8;

export type KeyPurpose = 'seal' | 'fingerprint' | 'key-id' | 'api-secret';

export class KeyConfigError extends Error {
  override readonly name = 'KeyConfigError';
}

/** One root key from its text form; throws KeyConfigError (a startup error, never a request's). */
export function parseRootKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === ROOT_KEY_BYTES) return bytes;
  }
  throw new KeyConfigError(
    `an encryption key must be ${ROOT_KEY_BYTES} bytes written as 64 hex digits or base64 ` +
      `(generate one with: openssl rand -base64 32)`,
  );
}

/** `current[,previous…]` → root keys, current first. */
export function parseRootKeyList(text: string): Buffer[] {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length === 0) throw new KeyConfigError('RAILYARD_ENCRYPTION_KEY is set but holds no key');
  if (parts.length > MAX_KEYS_IN_RING) {
    throw new KeyConfigError(`RAILYARD_ENCRYPTION_KEY lists ${parts.length} keys; at most ${MAX_KEYS_IN_RING}`);
  }
  return parts.map(parseRootKey);
}

/**
 * A subkey per purpose (HKDF-SHA-256), so the AES key, the HMAC keys (fingerprints,
 * API secrets) and the key id never reuse the same bytes for two algorithms.
 */
export function deriveSubkey(root: Buffer, purpose: KeyPurpose, bytes = 32): Buffer {
  if (root.length !== ROOT_KEY_BYTES) throw new KeyConfigError(`a root key must be ${ROOT_KEY_BYTES} bytes`);
  return Buffer.from(hkdfSync('sha256', root, Buffer.from('railyard'), Buffer.from(`railyard/${purpose}/v1`), bytes));
}

/** A short public name for a root key, carried in every sealed value so the right key opens it. */
export function rootKeyId(root: Buffer): string {
  return deriveSubkey(root, 'key-id', 4).toString('hex');
}

export type KeySource =
  | { kind: 'configured'; keys: Buffer[] }
  | { kind: 'key-file'; path: string }
  | { kind: 'ephemeral' }
  | { kind: 'refuse'; message: string };

/**
 * The decision of 0500: a configured key wins; an SQLite file database keeps
 * a generated key in a file beside it; an in-memory database (whose data dies
 * with the process) gets a key that does too; PostgreSQL, shared by several
 * processes that must all hold the same key, refuses to start without one.
 */
export function chooseKeySource(config: { encryptionKey?: string | undefined; databaseUrl: string }): KeySource {
  if (config.encryptionKey !== undefined && config.encryptionKey.trim() !== '') {
    return { kind: 'configured', keys: parseRootKeyList(config.encryptionKey) };
  }
  const url = config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === ':memory:') return { kind: 'ephemeral' };
    if (path !== '') return { kind: 'key-file', path: `${path}.key` };
  }
  if (isPostgresUrl(url)) {
    return {
      kind: 'refuse',
      message:
        'RAILYARD_ENCRYPTION_KEY is required with PostgreSQL: every server process must share one key ' +
        '(generate one with: openssl rand -base64 32)',
    };
  }
  return { kind: 'refuse', message: `cannot choose an encryption key for database URL ${url}` };
}

/**
 * Reads the key file, or creates it with a fresh key (owner read/write only).
 * `wx` makes creation atomic: if two processes race, one writes and both
 * read the same key.
 */
export function readOrCreateKeyFile(path: string): Buffer {
  try {
    return parseRootKey(readFileSync(path, 'utf8'));
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  try {
    writeFileSync(path, `${randomBytes(ROOT_KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isExistingFile(error)) throw error;
  }
  return parseRootKey(readFileSync(path, 'utf8'));
}

/** Resolves a source to root keys, current first; throws KeyConfigError for `refuse`. */
export function loadRootKeys(source: KeySource): Buffer[] {
  switch (source.kind) {
    case 'configured':
      return source.keys;
    case 'key-file':
      return [readOrCreateKeyFile(source.path)];
    case 'ephemeral':
      return [randomBytes(ROOT_KEY_BYTES)];
    case 'refuse':
      throw new KeyConfigError(source.message);
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function isExistingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EEXIST';
}
