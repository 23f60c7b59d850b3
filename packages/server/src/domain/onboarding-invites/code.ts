import { randomInt } from 'node:crypto';
import { INVITE_CODE_PATTERN } from '@railyard/contract';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new invite code: ten characters of A-Z a-z 0-9 (about 59 bits), the form of
 * Moov's (`N1IA5eWYNh`). The code is the whole key to the invite page, so it is
 * drawn from the CSPRNG, each character uniformly.
 */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function isInviteCode(text: string): boolean {
  return INVITE_CODE_PATTERN.test(text);
}
