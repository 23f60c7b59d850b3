import type { TimeOfDay } from '../pacing.ts';

/**
 * Wall-clock arithmetic in the rails' time zone (America/New_York by
 * default), with no dependency beyond Intl: card cutoffs and settlement times
 * are stated in Eastern time (behaviour.md §6.2), and daylight saving moves
 * them against UTC twice a year.
 *
 * Banking days are Monday to Friday. Federal holidays are not modelled
 * (decision 1202): a sandbox test walks weekdays and weekends only.
 */

export interface WallDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

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
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock fields of an instant in a time zone. */
function wallParts(instant: Date, timeZone: string): WallDate & { hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']!, minute: parts['minute']!, second: parts['second']! };
}

/** The calendar date of an instant in the zone. */
export function wallDateOf(instant: Date, timeZone: string): WallDate {
  const { year, month, day } = wallParts(instant, timeZone);
  return { year, month, day };
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time of a date happens in the zone (the later reading in a DST fold). */
export function instantAt(date: WallDate, time: TimeOfDay, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  // One correction covers a guess made on the other side of a DST change.
  return new Date(asUtc - offsetMs(new Date(first), timeZone));
}

export function addDays(date: WallDate, days: number): WallDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function isBankingDay(date: WallDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The first banking day strictly after a date. */
export function nextBankingDay(date: WallDate): WallDate {
  let next = addDays(date, 1);
  // A week always holds a banking day; the bound only guards the loop.
  for (let i = 0; i < 7 && !isBankingDay(next); i++) next = addDays(next, 1);
  return next;
}

/** The first instant strictly after `after` at which the zone's clock reads `time`. */
export function nextOccurrence(after: Date, time: TimeOfDay, timeZone: string): Date {
  const today = wallDateOf(after, timeZone);
  const candidate = instantAt(today, time, timeZone);
  return candidate.getTime() > after.getTime() ? candidate : instantAt(addDays(today, 1), time, timeZone);
}
