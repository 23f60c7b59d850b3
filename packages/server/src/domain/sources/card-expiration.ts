import type { Clock } from '../../kernel/clock.ts';

/**
 * Card expirations as the API carries them: `{month: "MM", year: "YY"}`, two
 * digits each. A card is good through the last moment of its expiry month
 * (UTC: Railyard has no cardholder time zone).
 */
export interface CardExpiration {
  month: string;
  year: string;
}

/** Cards are issued for a few years; twenty is beyond any real card and catches typos. */
export const MAX_YEARS_AHEAD = 20;

export const EXPIRATION_MESSAGES = {
  blank: 'cannot be blank',
  month: 'month must be two digits from 01 to 12',
  year: 'year must be two digits',
  expired: 'card is expired',
  tooFarAhead: `expiration must be within ${MAX_YEARS_AHEAD} years`,
} as const;

export type ExpirationCheck = { ok: true; expiration: CardExpiration } | { ok: false; reason: string };

export function checkExpiration(input: unknown, clock: Clock): ExpirationCheck {
  if (input === undefined || input === null) return { ok: false, reason: EXPIRATION_MESSAGES.blank };
  if (typeof input !== 'object' || Array.isArray(input)) return { ok: false, reason: EXPIRATION_MESSAGES.month };
  const { month, year } = input as { month?: unknown; year?: unknown };
  if (typeof month !== 'string' || !/^(0[1-9]|1[0-2])$/.test(month)) return { ok: false, reason: EXPIRATION_MESSAGES.month };
  if (typeof year !== 'string' || !/^[0-9]{2}$/.test(year)) return { ok: false, reason: EXPIRATION_MESSAGES.year };
  const expiration = { month, year };
  const now = clock.now();
  if (isExpired(expiration, now)) return { ok: false, reason: EXPIRATION_MESSAGES.expired };
  if (fullYear(expiration.year, now) > now.getUTCFullYear() + MAX_YEARS_AHEAD) {
    return { ok: false, reason: EXPIRATION_MESSAGES.tooFarAhead };
  }
  return { ok: true, expiration };
}

/**
 * Two-digit years are read in the century that puts them nearest to now
 * (within 50 years either way), so the rule still holds after 2099.
 */
export function fullYear(twoDigitYear: string, now: Date): number {
  const current = now.getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + Number(twoDigitYear);
  if (year < current - 50) year += 100;
  if (year > current + 50) year -= 100;
  return year;
}

/** The first instant the card is no longer good: the start of the month after its expiry month. */
export function expiresAt(expiration: CardExpiration, now: Date): Date {
  return new Date(Date.UTC(fullYear(expiration.year, now), Number(expiration.month), 1));
}

export function isExpired(expiration: CardExpiration, now: Date): boolean {
  return now.getTime() >= expiresAt(expiration, now).getTime();
}
