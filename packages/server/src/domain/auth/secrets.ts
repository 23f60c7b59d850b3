import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a secret; the only form in which secrets and tokens are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
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
