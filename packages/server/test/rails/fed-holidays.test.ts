import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fedHolidays, isFedHoliday } from '../../src/domain/transfers/rails/fed-holidays.ts';
import { addDays, bankingDaysAfter, isBankingDay, nextBankingDay, nextCutoff, type CalendarDate } from '../../src/domain/transfers/rails/banking-calendar.ts';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { planAch } from '../../src/domain/transfers/rails/ach/plan.ts';
import { pullSchedule } from '../../src/domain/transfers/rails/card/schedule.ts';

// The Federal Reserve holiday calendar (decision 1204) and the banking days it
// takes out. The expected dates were checked by hand against the Federal
// Reserve's published schedule for 2026 and 2027. Pure: no store involved.

const ET = 'America/New_York';
const date = (iso: string): CalendarDate => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const iso = (d: CalendarDate): string => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const weekdayOf = (d: CalendarDate): number => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
const SATURDAY = 6;
const SUNDAY = 0;

describe('Federal Reserve holidays', () => {
  it('lists every 2026 holiday on the weekday the Fed closes', () => {
    assert.deepEqual(
      fedHolidays(2026).map((h) => [iso(h.date), h.name]),
      [
        ['2026-01-01', "New Year's Day"], // Thursday
        ['2026-01-19', 'Birthday of Martin Luther King, Jr.'],
        ['2026-02-16', "Washington's Birthday"],
        ['2026-05-25', 'Memorial Day'],
        ['2026-06-19', 'Juneteenth National Independence Day'], // Friday
        // July 4 2026 is a Saturday: the Fed is open Friday July 3, so nothing is listed.
        ['2026-09-07', 'Labor Day'],
        ['2026-10-12', 'Columbus Day'],
        ['2026-11-11', 'Veterans Day'], // Wednesday
        ['2026-11-26', 'Thanksgiving Day'],
        ['2026-12-25', 'Christmas Day'], // Friday
      ],
    );
  });

  it('lists every 2027 holiday, moving a Sunday one to Monday and dropping a Saturday one', () => {
    assert.deepEqual(
      fedHolidays(2027).map((h) => [iso(h.date), h.name]),
      [
        ['2027-01-01', "New Year's Day"], // Friday
        ['2027-01-18', 'Birthday of Martin Luther King, Jr.'],
        ['2027-02-15', "Washington's Birthday"],
        ['2027-05-31', 'Memorial Day'],
        // June 19 2027 is a Saturday: no closure.
        ['2027-07-05', 'Independence Day'], // July 4 2027 is a Sunday
        ['2027-09-06', 'Labor Day'],
        ['2027-10-11', 'Columbus Day'],
        ['2027-11-11', 'Veterans Day'], // Thursday
        ['2027-11-25', 'Thanksgiving Day'],
        // December 25 2027 is a Saturday: no closure.
      ],
    );
  });

  it('answers isFedHoliday and isBankingDay for each holiday of 2026 and 2027', () => {
    for (const year of [2026, 2027]) {
      for (const holiday of fedHolidays(year)) {
        assert.equal(isFedHoliday(holiday.date), true, iso(holiday.date));
        assert.equal(isBankingDay(holiday.date), false, iso(holiday.date));
      }
    }
  });

  it('keeps the Fed open on the Friday before a Saturday holiday', () => {
    for (const friday of ['2026-07-03', '2027-06-18', '2027-12-24', '2027-12-31']) {
      assert.equal(weekdayOf(date(friday)), 5, `${friday} is a Friday`);
      assert.equal(isFedHoliday(date(friday)), false, friday);
      assert.equal(isBankingDay(date(friday)), true, friday);
    }
    // The Saturday holidays themselves are closed anyway, as weekends, and not reported as holidays.
    for (const saturday of ['2026-07-04', '2027-06-19', '2027-12-25', '2028-01-01']) {
      assert.equal(isFedHoliday(date(saturday)), false, saturday);
      assert.equal(isBankingDay(date(saturday)), false, saturday);
    }
  });

  it('reports a Sunday holiday on the Monday after, not on the Sunday', () => {
    assert.equal(isFedHoliday(date('2027-07-04')), false);
    assert.equal(isBankingDay(date('2027-07-04')), false);
    assert.equal(isFedHoliday(date('2027-07-05')), true);
    assert.equal(isBankingDay(date('2027-07-05')), false);
    assert.equal(isBankingDay(date('2027-07-06')), true);
  });

  it('leaves ordinary weekdays as banking days', () => {
    for (const weekday of ['2026-03-04', '2026-06-18', '2026-11-25', '2026-11-27', '2026-12-24', '2026-12-28', '2027-01-04', '2027-11-12']) {
      assert.equal(isFedHoliday(date(weekday)), false, weekday);
      assert.equal(isBankingDay(date(weekday)), true, weekday);
    }
  });

  it('has Juneteenth only from 2022, the first year the Fed closed for it', () => {
    assert.equal(isBankingDay(date('2021-06-18')), true); // Friday before a Saturday June 19 anyway
    assert.equal(fedHolidays(2021).some((h) => h.name.startsWith('Juneteenth')), false);
    assert.equal(isFedHoliday(date('2022-06-20')), true); // June 19 2022 was a Sunday
  });
});

describe('banking days around Federal Reserve holidays', () => {
  it('bankingDaysAfter skips Thanksgiving and Christmas 2026', () => {
    assert.equal(iso(bankingDaysAfter(date('2026-11-25'), 1)), '2026-11-27'); // over Thanksgiving Thursday
    assert.equal(iso(bankingDaysAfter(date('2026-11-25'), 2)), '2026-11-30');
    assert.equal(iso(bankingDaysAfter(date('2026-12-24'), 1)), '2026-12-28'); // Christmas Friday, then the weekend
    assert.equal(iso(bankingDaysAfter(date('2026-12-23'), 2)), '2026-12-28');
    assert.equal(iso(bankingDaysAfter(date('2026-12-31'), 1)), '2027-01-04'); // New Year's Day Friday
  });

  it('nextBankingDay skips a Monday holiday after the weekend', () => {
    assert.equal(iso(nextBankingDay(date('2026-01-16'))), '2026-01-20'); // Martin Luther King Jr. Day
    assert.equal(iso(nextBankingDay(date('2026-09-04'))), '2026-09-08'); // Labor Day
    assert.equal(iso(nextBankingDay(date('2027-07-02'))), '2027-07-06'); // July 5, observed Independence Day
  });

  it('nextCutoff waits past a holiday', () => {
    // Wednesday 2026-11-25 18:00 EST, after the 17:30 cutoff: Thursday is Thanksgiving, so Friday 17:30 EST.
    const cutoff = nextCutoff(new Date('2026-11-25T23:00:00Z'), ['17:30'], ET);
    assert.equal(cutoff.toISOString(), '2026-11-27T22:30:00.000Z');
    // Created on the holiday itself: the same-day windows open again on Friday at 10:00 EST.
    assert.equal(nextCutoff(new Date('2026-11-26T15:00:00Z'), ['10:00', '14:15', '16:15'], ET).toISOString(), '2026-11-27T15:00:00.000Z');
  });

  it('the ACH plan and the card schedule settle on the banking day after a holiday', () => {
    // Standard ACH credit created Wednesday 2026-11-25 16:00 EST: out at 17:30, settles Friday 09:00 EST.
    const ach = planAch({ now: new Date('2026-11-25T21:00:00Z'), pacing: REALISTIC_PACING, credit: { speed: 'standard' }, trigger: undefined });
    assert.equal(ach.legs[0]?.originateAt, '2026-11-25T22:30:00.000Z');
    assert.equal(ach.legs[0]?.settleAt, '2026-11-27T14:00:00.000Z');
    // Mastercard authorized Thursday 2026-12-24 10:00 EST: cut off Friday 02:00 (Christmas), credited Monday 13:00 EST.
    const card = pullSchedule(new Date('2026-12-24T15:00:00Z'), 'Mastercard', REALISTIC_PACING);
    assert.equal(card.settleAt, '2026-12-25T07:00:00.000Z');
    assert.equal(card.completeAt, '2026-12-28T18:00:00.000Z');
  });
});

describe('Federal Reserve holiday properties', () => {
  const FIXED_DATES: Readonly<Record<string, readonly [month: number, day: number]>> = {
    "New Year's Day": [1, 1],
    'Juneteenth National Independence Day': [6, 19],
    'Independence Day': [7, 4],
    'Veterans Day': [11, 11],
    'Christmas Day': [12, 25],
  };
  const MONDAY_HOLIDAYS = ['Birthday of Martin Luther King, Jr.', "Washington's Birthday", 'Memorial Day', 'Labor Day', 'Columbus Day'];
  const anyYear = fc.integer({ min: 2022, max: 2200 });

  it('every holiday is a weekday of its own year, on the day its rule gives', () => {
    fc.assert(
      fc.property(anyYear, (year) => {
        for (const holiday of fedHolidays(year)) {
          const at = `${holiday.name} ${iso(holiday.date)}`;
          const weekday = weekdayOf(holiday.date);
          assert.equal(holiday.date.year, year, at);
          assert.ok(weekday !== SATURDAY && weekday !== SUNDAY, at);
          const fixed = FIXED_DATES[holiday.name];
          if (fixed) {
            const [month, day] = fixed;
            assert.equal(holiday.date.month, month, at);
            // On its date, or on the Monday after a Sunday one.
            assert.ok(holiday.date.day === day || (holiday.date.day === day + 1 && weekday === 1), at);
          } else if (holiday.name === 'Thanksgiving Day') {
            assert.ok(weekday === 4 && holiday.date.day >= 22 && holiday.date.day <= 28, at);
          } else {
            assert.ok(MONDAY_HOLIDAYS.includes(holiday.name) && weekday === 1, at);
          }
        }
      }),
    );
  });

  it('a year has 11 holidays less one per fixed-date holiday on a Saturday, all on distinct days', () => {
    fc.assert(
      fc.property(anyYear, (year) => {
        const onSaturday = Object.values(FIXED_DATES).filter(([month, day]) => weekdayOf({ year, month, day }) === SATURDAY).length;
        const holidays = fedHolidays(year);
        assert.equal(holidays.length, 11 - onSaturday, String(year));
        assert.equal(new Set(holidays.map((h) => iso(h.date))).size, holidays.length);
      }),
    );
  });

  it('bankingDaysAfter lands on a banking day with exactly `count` banking days counted', () => {
    const anyDate = fc.date({ min: new Date('2022-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 1, max: 30 }), (instant, count) => {
        const start = { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
        const end = bankingDaysAfter(start, count);
        assert.equal(isBankingDay(end), true);
        let counted = 0;
        for (let d = addDays(start, 1); iso(d) <= iso(end); d = addDays(d, 1)) if (isBankingDay(d)) counted++;
        assert.equal(counted, count);
      }),
    );
  });
});
