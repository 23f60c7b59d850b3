import { lengthBetween, MESSAGES } from './field-errors.ts';

/**
 * Names of bank account and card holders. Whitespace is trimmed and runs of
 * spaces collapse to one, so "  Jules   Jackson " and "Jules Jackson" are the
 * same holder. The limit of 64 characters is Railyard's (the API publishes
 * none); it is wider than any name a bank file or card network carries.
 */
export const HOLDER_NAME_MAX_LENGTH = 64;

export const HOLDER_NAME_MESSAGES = {
  controlCharacters: 'must not contain control characters',
  noLetters: 'must contain at least one letter',
} as const;

export type HolderNameCheck = { ok: true; holderName: string } | { ok: false; reason: string };

export function normalizeHolderName(value: string): string {
  return value.trim().replace(/\s+/gu, ' ');
}

export function checkHolderName(value: string): HolderNameCheck {
  // Checked before normalizing: normalizing would silently turn tabs and newlines into spaces.
  if (/[\p{Cc}\p{Cf}]/u.test(value.trim())) return { ok: false, reason: HOLDER_NAME_MESSAGES.controlCharacters };
  const name = normalizeHolderName(value);
  if (name === '') return { ok: false, reason: MESSAGES.blank };
  const length = [...name].length;
  if (length > HOLDER_NAME_MAX_LENGTH) return { ok: false, reason: lengthBetween(1, HOLDER_NAME_MAX_LENGTH) };
  if (!/\p{L}/u.test(name)) return { ok: false, reason: HOLDER_NAME_MESSAGES.noLetters };
  return { ok: true, holderName: name };
}
