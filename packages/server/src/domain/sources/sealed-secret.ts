import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveSubkey, KeyConfigError, rootKeyId } from './encryption-key.ts';

/**
 * Encryption at rest for values that must be recoverable (full bank account
 * numbers): AES-256-GCM, a fresh random 96-bit IV per value, and the 128-bit
 * tag that makes any change to the stored text detectable.
 *
 * Sealed form: `rys1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts). The key
 * id names the root key, so a key ring can hold old keys during rotation. The
 * version and key id, and an optional caller `context` (e.g. the bank account's
 * ID), are bound as associated data: a sealed value copied to another row, or
 * relabelled with another key id, fails to open instead of opening wrongly.
 */
export const SEALED_VERSION = 'rys1';
export const MAX_PLAINTEXT_BYTES = 1024;
export const MAX_CONTEXT_BYTES = 256;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Base64url of version + id + IV + the longest ciphertext and tag, with room to spare. */
const MAX_SEALED_LENGTH = 64 + Math.ceil(((MAX_PLAINTEXT_BYTES + TAG_BYTES) * 4) / 3);

export type SealedSecretFailure = 'malformed' | 'unknown-key' | 'tampered';

/**
 * Opening fails only when stored data is damaged or a key is missing from the
 * ring: an operator's problem, never a caller's, so it is thrown, not returned.
 */
export class SealedSecretError extends Error {
  override readonly name = 'SealedSecretError';
  constructor(readonly failure: SealedSecretFailure) {
    super(`sealed secret cannot be opened: ${failure}`);
  }
}

export interface Sealer {
  /** The key id new values are sealed with. */
  readonly currentKeyId: string;
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
  /** True when a value was sealed with an older key and should be sealed again. */
  needsReseal(sealed: string): boolean;
}

/** Root keys, current first (see encryption-key.ts). */
export function createSealer(rootKeys: readonly Buffer[]): Sealer {
  if (rootKeys.length === 0) throw new KeyConfigError('a sealer needs at least one key');
  const ring = new Map<string, Buffer>();
  for (const root of rootKeys) {
    const id = rootKeyId(root);
    if (ring.has(id)) throw new KeyConfigError(`the key ring lists key ${id} twice`);
    ring.set(id, deriveSubkey(root, 'seal'));
  }
  const currentKeyId = rootKeyId(rootKeys[0] as Buffer);

  return {
    currentKeyId,
    seal(plaintext, context = '') {
      const data = Buffer.from(plaintext, 'utf8');
      if (data.length > MAX_PLAINTEXT_BYTES) throw new RangeError(`at most ${MAX_PLAINTEXT_BYTES} bytes can be sealed`);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', ring.get(currentKeyId) as Buffer, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(currentKeyId, context));
      const body = Buffer.concat([cipher.update(data), cipher.final(), cipher.getAuthTag()]);
      return [SEALED_VERSION, currentKeyId, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context = '') {
      const parts = parseSealed(sealed);
      const key = ring.get(parts.keyId);
      if (key === undefined) throw new SealedSecretError('unknown-key');
      const decipher = createDecipheriv('aes-256-gcm', key, parts.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(parts.keyId, context));
      decipher.setAuthTag(parts.body.subarray(parts.body.length - TAG_BYTES));
      try {
        const plain = Buffer.concat([decipher.update(parts.body.subarray(0, parts.body.length - TAG_BYTES)), decipher.final()]);
        return plain.toString('utf8');
      } catch {
        throw new SealedSecretError('tampered');
      }
    },
    needsReseal(sealed) {
      return parseSealed(sealed).keyId !== currentKeyId;
    },
  };
}

function associatedData(keyId: string, context: string): Buffer {
  const contextBytes = Buffer.from(context, 'utf8');
  if (contextBytes.length > MAX_CONTEXT_BYTES) throw new RangeError(`a seal context is at most ${MAX_CONTEXT_BYTES} bytes`);
  return Buffer.concat([Buffer.from(`${SEALED_VERSION}.${keyId}\0`, 'utf8'), contextBytes]);
}

function parseSealed(sealed: string): { keyId: string; iv: Buffer; body: Buffer } {
  if (sealed.length > MAX_SEALED_LENGTH) throw new SealedSecretError('malformed');
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== SEALED_VERSION) throw new SealedSecretError('malformed');
  const [, keyId, ivText, bodyText] = parts as [string, string, string, string];
  if (!/^[0-9a-f]{8}$/.test(keyId) || !isBase64Url(ivText) || !isBase64Url(bodyText)) {
    throw new SealedSecretError('malformed');
  }
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SealedSecretError('malformed');
  return { keyId, iv, body };
}

function isBase64Url(text: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text);
}
