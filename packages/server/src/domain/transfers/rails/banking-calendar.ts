import type { TimeOfDay } from '../pacing.ts';
import { isFedHoliday } from './fed-holidays.ts';

/**
 * The banking calendar every rail shares, in the rails' time zone
 * (America/New_York): wall times, banking days, cutoffs. ACH cutoffs and card
 * settlement times are stated in Eastern time (docs/api-behaviour.md §6.2) and daylight
 * saving moves them against UTC twice a year. Banking days are Monday to
 * Friday except Federal Reserve holidays (`fed-holidays.ts`, decision 1204):
 * FedACH and Fedwire are closed on them, so no ACH file settles and no card
 * settlement is funded.
 */

/** A calendar date and a time of day as read on a wall clock in one zone. */
export interface WallTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const MS_PER_MINUTE = 60_000;
/** A banking day search never crosses more than a weekend next to a holiday (3 days); bound it anyway. */
const MAX_DAYS_SCANNED = 14;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? ''),
  };
}

/** The instant a wall clock in `timeZone` shows the given date and time (DST-aware). */
export function instantOf(date: { year: number; month: number; day: number }, time: TimeOfDay, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // Two corrections settle the zone offset even on the day it changes.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallTime(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** Monday to Friday, unless the Federal Reserve is closed for a holiday. */
export function isBankingDay(date: { year: number; month: number; day: number }): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFedHoliday(date);
}

export type CalendarDate = { year: number; month: number; day: number };

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The `count`-th banking day after `date` (count ≥ 1), skipping weekends and Fed holidays. */
export function bankingDaysAfter(date: CalendarDate, count: number): CalendarDate {
  let current = date;
  let left = count;
  for (let scanned = 0; left > 0; scanned++) {
    if (scanned > MAX_DAYS_SCANNED * Math.max(1, count)) throw new Error('banking day search ran away');
    current = addDays(current, 1);
    if (isBankingDay(current)) left--;
  }
  return current;
}

/**
 * The first of `cutoffs` (ordered times of day) strictly after `now` on a
 * banking day: later today if one is left and today is a banking day, else
 * the first cutoff of the next banking day. A leg created exactly at a cutoff
 * misses it (the file has gone).
 */
export function nextCutoff(now: Date, cutoffs: readonly TimeOfDay[], timeZone: string): Date {
  const today = wallTime(now, timeZone);
  let date: CalendarDate = today;
  for (let scanned = 0; scanned <= MAX_DAYS_SCANNED; scanned++) {
    if (isBankingDay(date)) {
      for (const cutoff of cutoffs) {
        const at = instantOf(date, cutoff, timeZone);
        if (at.getTime() > now.getTime()) return at;
      }
    }
    date = addDays(date, 1);
  }
  throw new Error('no cutoff found within two weeks');
}

/** `time` on the `count`-th banking day after the date `instant` falls on in the zone. */
export function atBankingDaysAfter(instant: Date, count: number, time: TimeOfDay, timeZone: string): Date {
  return instantOf(bankingDaysAfter(wallTime(instant, timeZone), count), time, timeZone);
}

export const minutes = (n: number): number => n * MS_PER_MINUTE;

/** The calendar date of an instant in the zone. */
export function wallDateOf(instant: Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallTime(instant, timeZone);
  return { year, month, day };
}

/** The first banking day strictly after a date. */
export function nextBankingDay(date: CalendarDate): CalendarDate {
  return bankingDaysAfter(date, 1);
}

/** The first instant strictly after `after` at which the zone's clock reads `time`. */
export function nextOccurrence(after: Date, time: TimeOfDay, timeZone: string): Date {
  const today = wallDateOf(after, timeZone);
  const candidate = instantOf(today, time, timeZone);
  return candidate.getTime() > after.getTime() ? candidate : instantOf(addDays(today, 1), time, timeZone);
}
