import type { RailPacing, TimeOfDay } from '../../pacing.ts';
import { addDays, instantOf, nextBankingDay, nextOccurrence, wallDateOf } from '../banking-calendar.ts';

/**
 * When a card transfer settles with the issuer and when the money lands
 * (docs/api-behaviour.md §6.2). `fast` pacing: a few seconds each. `realistic`: the
 * authorization is cut off at the brand's next cutoff (Mastercard 02:00 ET,
 * Amex 01:00, Discover 06:00; Visa 06:00 of the next calendar day), and the
 * merchant wallet is credited at 13:00 ET on the banking day after the cutoff.
 * A push to card completes in 30 minutes on a fast-funds card and by the
 * next banking day's credit time on a standard one (decision 1201).
 */

export interface CardSchedule {
  /** RFC 3339: when the leg becomes `settled` (pulls and payments only). */
  settleAt?: string;
  /** RFC 3339: when the leg becomes `completed` (or fails, for a push the network declines). */
  completeAt: string;
}

const BRAND_CUTOFFS: Readonly<Record<string, { time: TimeOfDay; nextDay: boolean }>> = {
  Mastercard: { time: '02:00', nextDay: false },
  'American Express': { time: '01:00', nextDay: false },
  Discover: { time: '06:00', nextDay: false },
  Visa: { time: '06:00', nextDay: true },
};
/** Unknown brands follow Visa, the latest cutoff. */
const DEFAULT_CUTOFF = BRAND_CUTOFFS['Visa']!;

/** Fast-funds push to card: Moov advertises funds within 30 minutes. */
const FAST_FUNDS_PUSH_MS = 30 * 60_000;

const plusSeconds = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** The brand's cutoff that picks up an authorization made at `authorizedAt`. */
export function brandCutoff(authorizedAt: Date, brand: string, timeZone: string): Date {
  const rule = BRAND_CUTOFFS[brand] ?? DEFAULT_CUTOFF;
  if (!rule.nextDay) return nextOccurrence(authorizedAt, rule.time, timeZone);
  return instantOf(addDays(wallDateOf(authorizedAt, timeZone), 1), rule.time, timeZone);
}

/** The wallet credit time on the banking day after `day`'s date. */
function creditAfter(day: Date, pacing: RailPacing): Date {
  return instantOf(nextBankingDay(wallDateOf(day, pacing.timeZone)), pacing.card.walletCreditBy, pacing.timeZone);
}

export function pullSchedule(authorizedAt: Date, brand: string, pacing: RailPacing): CardSchedule {
  if (pacing.mode === 'fast') {
    const settleAt = plusSeconds(authorizedAt, pacing.card.settleAfterSeconds);
    return { settleAt: settleAt.toISOString(), completeAt: plusSeconds(settleAt, pacing.card.completeAfterSeconds).toISOString() };
  }
  const settleAt = brandCutoff(authorizedAt, brand, pacing.timeZone);
  return { settleAt: settleAt.toISOString(), completeAt: creditAfter(settleAt, pacing).toISOString() };
}

export function pushSchedule(initiatedAt: Date, fastFunds: boolean, pacing: RailPacing): CardSchedule {
  if (pacing.mode === 'fast') {
    return { completeAt: plusSeconds(initiatedAt, pacing.card.settleAfterSeconds + pacing.card.completeAfterSeconds).toISOString() };
  }
  const at = fastFunds ? new Date(initiatedAt.getTime() + FAST_FUNDS_PUSH_MS) : creditAfter(initiatedAt, pacing);
  return { completeAt: at.toISOString() };
}
