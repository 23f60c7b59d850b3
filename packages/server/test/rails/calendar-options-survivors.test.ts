import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isBankingDay, wallTime } from '../../src/domain/transfers/rails/banking-calendar.ts';
import { fedHolidays, isFedHoliday } from '../../src/domain/transfers/rails/fed-holidays.ts';
import { brandCutoff } from '../../src/domain/transfers/rails/card/schedule.ts';
import { checkAchOptions } from '../../src/domain/transfers/rails/ach/options.ts';
import { ValidationFailed } from '../../src/kernel/errors.ts';

// Cases the first mutation run of the rails scope showed no test asked
// (issue 15, item 6; docs/testing.md "Mutation testing"): the weekdays
// Tuesday to Thursday of a wall time, a year before Juneteenth whose June 19
// is a weekday, the Mastercard and Amex cutoffs taken the same night (only
// Discover's was), a brand without a cutoff of its own, and a SEC code on the
// destination that is reported once, as an unknown field. Dates read off a
// calendar; March 2026 is EST (UTC−5) before March 8. Pure: no store.

const ET = 'America/New_York';

describe('calendar cases the first mutation run left open', () => {
  it('reads Tuesday, Wednesday and Thursday as weekdays 2, 3 and 4', () => {
    assert.deepEqual([3, 4, 5].map((day) => wallTime(new Date(`2026-03-0${day}T17:00:00Z`), ET).weekday), [2, 3, 4]);
  });

  it('has no Juneteenth closure before 2022, even when June 19 is a weekday (Friday 2020)', () => {
    assert.equal(isFedHoliday({ year: 2020, month: 6, day: 19 }), false);
    assert.equal(isBankingDay({ year: 2020, month: 6, day: 19 }), true);
    // 11 less Juneteenth (not yet) less Independence Day (a Saturday in 2020).
    assert.equal(fedHolidays(2020).length, 9);
    assert.equal(isFedHoliday({ year: 2023, month: 6, day: 19 }), true, 'a Monday in 2023');
  });

  it('Mastercard (02:00) and Amex (01:00) take an authorization made just before their cutoff the same night; an unknown brand follows Visa', () => {
    const wednesday0030 = new Date('2026-03-04T05:30:00Z'); // Wed 00:30 EST
    assert.equal(brandCutoff(wednesday0030, 'Mastercard', ET).toISOString(), '2026-03-04T07:00:00.000Z'); // Wed 02:00
    assert.equal(brandCutoff(wednesday0030, 'American Express', ET).toISOString(), '2026-03-04T06:00:00.000Z'); // Wed 01:00
    assert.equal(brandCutoff(wednesday0030, 'Discover', ET).toISOString(), '2026-03-04T11:00:00.000Z'); // Wed 06:00
    // Visa, and a brand without a rule of its own: 06:00 of the next calendar day.
    assert.equal(brandCutoff(wednesday0030, 'Visa', ET).toISOString(), '2026-03-05T11:00:00.000Z');
    assert.equal(brandCutoff(wednesday0030, 'JCB', ET).toISOString(), '2026-03-05T11:00:00.000Z');
  });
});

describe('ACH options the first mutation run left open', () => {
  it('a bad SEC code or hold period on the destination is reported once, as an unknown field, not checked as a value', () => {
    try {
      checkAchOptions({ destinationOptions: { achDetails: { secCode: 'XYZ', debitHoldPeriod: '3-days' } } } as never);
      assert.fail('the options were accepted');
    } catch (error) {
      assert.ok(error instanceof ValidationFailed, String(error));
      assert.deepEqual(error.fields, { destinationPaymentMethodID: 'achDetails.secCode is not a known field; achDetails.debitHoldPeriod is not a known field' });
    }
  });
});
