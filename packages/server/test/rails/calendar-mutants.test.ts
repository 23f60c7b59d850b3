import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addDays,
  atBankingDaysAfter,
  bankingDaysAfter,
  instantOf,
  isBankingDay,
  minutes,
  nextBankingDay,
  nextCutoff,
  nextOccurrence,
  wallDateOf,
  wallTime,
} from '../../src/domain/transfers/rails/banking-calendar.ts';

// The rails' banking calendar (docs/rails.md: cutoffs in ET, weekends and
// Federal Reserve holidays skipped), pinned by dates read off a calendar:
// March 2026 is EST (UTC−5) until 02:00 on Sunday March 8, EDT (UTC−4) after;
// November 1 2026 goes back to EST. Pure: no store. Added for the rails
// mutation scope (issue 15, item 6).

const ET = 'America/New_York';

describe('wall time in a zone', () => {
  it('reads every field of an instant as an ET wall clock shows it, weekday 0 = Sunday', () => {
    assert.deepEqual(wallTime(new Date('2026-03-07T04:05:06Z'), ET), { year: 2026, month: 3, day: 6, hour: 23, minute: 5, second: 6, weekday: 5 });
    assert.deepEqual(wallTime(new Date('2026-03-08T12:00:00Z'), ET), { year: 2026, month: 3, day: 8, hour: 8, minute: 0, second: 0, weekday: 0 });
    assert.deepEqual(wallTime(new Date('2026-03-14T18:59:59Z'), ET), { year: 2026, month: 3, day: 14, hour: 14, minute: 59, second: 59, weekday: 6 });
    assert.deepEqual(wallTime(new Date('2026-03-02T05:00:00Z'), ET), { year: 2026, month: 3, day: 2, hour: 0, minute: 0, second: 0, weekday: 1 });
    assert.deepEqual(wallDateOf(new Date('2026-01-01T03:00:00Z'), ET), { year: 2025, month: 12, day: 31 });
  });

  it('finds the instant of an ET wall time on either side of a DST change, and on the change days', () => {
    assert.equal(instantOf({ year: 2026, month: 3, day: 6 }, '17:30', ET).toISOString(), '2026-03-06T22:30:00.000Z');
    assert.equal(instantOf({ year: 2026, month: 3, day: 9 }, '17:30', ET).toISOString(), '2026-03-09T21:30:00.000Z');
    // The change days themselves: after 02:00 the new offset holds.
    assert.equal(instantOf({ year: 2026, month: 3, day: 8 }, '13:00', ET).toISOString(), '2026-03-08T17:00:00.000Z');
    assert.equal(instantOf({ year: 2026, month: 11, day: 1 }, '13:00', ET).toISOString(), '2026-11-01T18:00:00.000Z');
    assert.equal(instantOf({ year: 2026, month: 3, day: 8 }, '00:15', ET).toISOString(), '2026-03-08T05:15:00.000Z');
    assert.equal(instantOf({ year: 2026, month: 6, day: 1 }, '09:05', 'UTC').toISOString(), '2026-06-01T09:05:00.000Z');
  });

  it('minutes are 60,000 ms', () => {
    assert.equal(minutes(1), 60_000);
    assert.equal(minutes(90), 5_400_000);
  });
});

describe('banking days', () => {
  it('Monday to Friday are banking days, Saturday and Sunday are not', () => {
    const week = [1, 2, 3, 4, 5, 6, 7, 8].map((day) => isBankingDay({ year: 2026, month: 3, day }));
    // Sunday 1 … Sunday 8 March 2026.
    assert.deepEqual(week, [false, true, true, true, true, true, false, false]);
  });

  it('adds days across a month and a year end', () => {
    assert.deepEqual(addDays({ year: 2026, month: 2, day: 27 }, 2), { year: 2026, month: 3, day: 1 });
    assert.deepEqual(addDays({ year: 2026, month: 12, day: 31 }, 1), { year: 2027, month: 1, day: 1 });
    assert.deepEqual(addDays({ year: 2026, month: 3, day: 1 }, -1), { year: 2026, month: 2, day: 28 });
    assert.deepEqual(addDays({ year: 2026, month: 3, day: 4 }, 0), { year: 2026, month: 3, day: 4 });
  });

  it('counts banking days after a date, never the date itself', () => {
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 4 }, 1), { year: 2026, month: 3, day: 5 }); // Wed → Thu
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 6 }, 1), { year: 2026, month: 3, day: 9 }); // Fri → Mon
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 7 }, 1), { year: 2026, month: 3, day: 9 }); // Sat → Mon
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 4 }, 3), { year: 2026, month: 3, day: 9 }); // Wed + 3 → Mon
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 4 }, 10), { year: 2026, month: 3, day: 18 });
    assert.deepEqual(bankingDaysAfter({ year: 2026, month: 3, day: 4 }, 0), { year: 2026, month: 3, day: 4 }, 'zero banking days: the date');
    assert.deepEqual(nextBankingDay({ year: 2026, month: 3, day: 5 }), { year: 2026, month: 3, day: 6 });
  });

  it('puts a time on the n-th banking day after the ET date of an instant', () => {
    // Friday 23:30 ET is Saturday 04:30 UTC: the ET date (Friday) counts, so Monday.
    assert.equal(atBankingDaysAfter(new Date('2026-03-07T04:30:00Z'), 1, '09:00', ET).toISOString(), '2026-03-09T13:00:00.000Z');
    assert.equal(atBankingDaysAfter(new Date('2026-03-04T15:00:00Z'), 0, '17:00', ET).toISOString(), '2026-03-04T22:00:00.000Z');
    assert.equal(atBankingDaysAfter(new Date('2026-03-04T15:00:00Z'), 2, '12:00', ET).toISOString(), '2026-03-06T17:00:00.000Z');
  });
});

describe('cutoffs and occurrences', () => {
  const WINDOWS = ['10:00', '14:15', '16:15'] as const;

  it('answers the first cutoff strictly after now on a banking day', () => {
    const next = (now: string, cutoffs: readonly string[] = WINDOWS) => nextCutoff(new Date(now), cutoffs as never, ET).toISOString();
    assert.equal(next('2026-03-04T14:59:59Z'), '2026-03-04T15:00:00.000Z'); // 09:59:59 → 10:00
    assert.equal(next('2026-03-04T15:00:00Z'), '2026-03-04T19:15:00.000Z'); // exactly 10:00: missed, 14:15
    assert.equal(next('2026-03-04T15:00:01Z'), '2026-03-04T19:15:00.000Z');
    assert.equal(next('2026-03-04T21:15:00Z'), '2026-03-05T15:00:00.000Z'); // exactly 16:15: tomorrow 10:00
    assert.equal(next('2026-03-06T22:00:00Z'), '2026-03-09T14:00:00.000Z'); // Friday evening → Monday 10:00 EDT
    assert.equal(next('2026-03-07T15:00:00Z', ['17:30']), '2026-03-09T21:30:00.000Z'); // Saturday → Monday 17:30 EDT
  });

  it('answers the next occurrence of a time strictly after an instant', () => {
    const next = (after: string, time: string) => nextOccurrence(new Date(after), time as never, ET).toISOString();
    assert.equal(next('2026-03-04T06:59:59Z', '02:00'), '2026-03-04T07:00:00.000Z'); // 01:59:59 → 02:00 the same day
    assert.equal(next('2026-03-04T07:00:00Z', '02:00'), '2026-03-05T07:00:00.000Z'); // exactly 02:00 → tomorrow
    assert.equal(next('2026-03-06T12:00:00Z', '06:00'), '2026-03-07T11:00:00.000Z'); // any day, weekends included
  });
});
