import { UUID_PATTERN, type ValidationMap } from '@railyard/contract';
import { MESSAGES } from '../sources/field-errors.ts';

/** Refusals the cards API adds to those of `domain/sources` (same ozzo-validation wording). */
export const CARD_MESSAGES = {
  mustBeObject: 'must be an object',
  mustBeUuid: 'must be a valid UUID',
  unknownMerchant: 'must be the ID of the platform’s account or of an account connected to it',
  e2eeUnsupported: 'end-to-end encrypted card data is not supported; send the card fields over TLS instead',
  duplicate: 'card already exists on this account',
  disconnected: 'the account is disconnected from this platform and is read-only',
  tooMany: (max: number) => `an account can have at most ${max} cards; disable one before linking another`,
} as const;

export type MerchantCheck = { ok: true; merchantAccountID: string } | { ok: false; reason: string };

/** The format of `merchantAccountID`; whether the caller may use that account is checked against the store. */
export function checkMerchantAccountID(value: unknown): MerchantCheck {
  if (typeof value !== 'string') return { ok: false, reason: MESSAGES.mustBeString };
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, reason: MESSAGES.blank };
  if (!UUID_PATTERN.test(trimmed)) return { ok: false, reason: CARD_MESSAGES.mustBeUuid };
  return { ok: true, merchantAccountID: trimmed.toLowerCase() };
}

/** `End2EndEncryptionError`: Railyard holds no end-to-end key, so a JWE token cannot be opened. */
export function e2eeRefusal(): ValidationMap {
  return { token: CARD_MESSAGES.e2eeUnsupported };
}
