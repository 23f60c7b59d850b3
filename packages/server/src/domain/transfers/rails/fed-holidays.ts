import type { CalendarDate } from './banking-calendar.ts';

/**
 * The Federal Reserve Banks' holidays (FedACH and Fedwire are closed), computed
 * from the rules rather than a per-year table so no year ever needs upkeep
 * (decision 1204).
 *
 * A fixed-date holiday that falls on a Sunday closes the Fed the following
 * Monday; one that falls on a Saturday does NOT close it the preceding Friday
 * (unlike the federal government's rule). So a Saturday holiday yields no
 * closed weekday at all, and an observed date never leaves its year
 * (December 31 is never a holiday).
 */

export interface FedHoliday {
  readonly name: string;
  /** The weekday the Fed is closed: the holiday itself, or the Monday after a Sunday one. */
  readonly date: Readonly<CalendarDate>;
}

const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;

interface FixedDateRule {
  name: string;
  month: number;
  day: number;
  /** First year the Fed observed it. */
  since?: number;
}

/** `nth` ≥ 1 counts from the start of the month; `'last'` is the month's last such weekday. */
interface WeekdayRule {
  name: string;
  month: number;
  weekday: number;
  nth: number | 'last';
}

const FIXED_DATE_RULES: readonly FixedDateRule[] = [
  { name: "New Year's Day", month: 1, day: 1 },
  // Made a federal holiday in June 2021; the Fed first closed for it in 2022.
  { name: 'Juneteenth National Independence Day', month: 6, day: 19, since: 2022 },
  { name: 'Independence Day', month: 7, day: 4 },
  { name: 'Veterans Day', month: 11, day: 11 },
  { name: 'Christmas Day', month: 12, day: 25 },
];

const WEEKDAY_RULES: readonly WeekdayRule[] = [
  { name: 'Birthday of Martin Luther King, Jr.', month: 1, weekday: MONDAY, nth: 3 },
  { name: "Washington's Birthday", month: 2, weekday: MONDAY, nth: 3 },
  { name: 'Memorial Day', month: 5, weekday: MONDAY, nth: 'last' },
  { name: 'Labor Day', month: 9, weekday: MONDAY, nth: 1 },
  { name: 'Columbus Day', month: 10, weekday: MONDAY, nth: 2 },
  { name: 'Thanksgiving Day', month: 11, weekday: THURSDAY, nth: 4 },
];

const weekdayOf = (year: number, month: number, day: number): number => new Date(Date.UTC(year, month - 1, day)).getUTCDay();
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayOfWeekdayRule(year: number, rule: WeekdayRule): number {
  if (rule.nth === 'last') {
    const last = daysInMonth(year, rule.month);
    return last - ((weekdayOf(year, rule.month, last) - rule.weekday + 7) % 7);
  }
  const first = 1 + ((rule.weekday - weekdayOf(year, rule.month, 1) + 7) % 7);
  return first + 7 * (rule.nth - 1);
}

/** The closed weekday for a fixed-date holiday, or none when it falls on a Saturday. */
function observedFixedDate(year: number, rule: FixedDateRule): CalendarDate | undefined {
  const weekday = weekdayOf(year, rule.month, rule.day);
  if (weekday === SATURDAY) return undefined;
  // Sunday → Monday stays inside the month for every fixed-date holiday (none is on a month's last day).
  const day = weekday === SUNDAY ? rule.day + 1 : rule.day;
  return { year, month: rule.month, day };
}

function computeFedHolidays(year: number): FedHoliday[] {
  const holidays: FedHoliday[] = [];
  for (const rule of FIXED_DATE_RULES) {
    if (rule.since !== undefined && year < rule.since) continue;
    const date = observedFixedDate(year, rule);
    if (date) holidays.push({ name: rule.name, date });
  }
  for (const rule of WEEKDAY_RULES) {
    holidays.push({ name: rule.name, date: { year, month: rule.month, day: dayOfWeekdayRule(year, rule) } });
  }
  return holidays.sort((a, b) => a.date.month - b.date.month || a.date.day - b.date.day);
}

// The rails ask about the same few years over and over (every banking-day step
// of every schedule), so each year is computed once. A simulated clock only
// spans a handful of years, which keeps these maps tiny.
const holidaysByYear = new Map<number, readonly FedHoliday[]>();
const closedDaysByYear = new Map<number, ReadonlySet<string>>();

const monthDayKey = (month: number, day: number): string => `${month}-${day}`;

/** The year's Federal Reserve holidays on the weekdays they close the Fed, in date order. */
export function fedHolidays(year: number): readonly FedHoliday[] {
  let found = holidaysByYear.get(year);
  if (!found) {
    found = Object.freeze(computeFedHolidays(year));
    holidaysByYear.set(year, found);
  }
  return found;
}

/**
 * Whether the Federal Reserve is closed for a holiday on this date. Only
 * weekdays answer true: a holiday falling on a weekend closes nothing extra
 * (Saturday) or moves to the Monday (Sunday), which is what answers true.
 */
export function isFedHoliday(date: CalendarDate): boolean {
  let closed = closedDaysByYear.get(date.year);
  if (!closed) {
    closed = new Set(fedHolidays(date.year).map((holiday) => monthDayKey(holiday.date.month, holiday.date.day)));
    closedDaysByYear.set(date.year, closed);
  }
  return closed.has(monthDayKey(date.month, date.day));
}
