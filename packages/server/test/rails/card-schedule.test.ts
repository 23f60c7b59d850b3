import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PACING, REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { brandCutoff, pullSchedule, pushSchedule } from '../../src/domain/transfers/rails/card/schedule.ts';

// The realistic card calendar (docs/api-behaviour.md §6.2) in Eastern time, across a
// weekend and the 2026-03-08 daylight saving change. Pure: no store involved.
describe('card settlement schedule', () => {
  const fridayMorning = new Date('2026-03-06T15:00:00Z'); // Fri 10:00 EST

  it('cuts off at each brand’s time', () => {
    assert.equal(brandCutoff(fridayMorning, 'Mastercard', 'America/New_York').toISOString(), '2026-03-07T07:00:00.000Z');
    assert.equal(brandCutoff(fridayMorning, 'American Express', 'America/New_York').toISOString(), '2026-03-07T06:00:00.000Z');
    assert.equal(brandCutoff(fridayMorning, 'Discover', 'America/New_York').toISOString(), '2026-03-07T11:00:00.000Z');
    assert.equal(brandCutoff(fridayMorning, 'Visa', 'America/New_York').toISOString(), '2026-03-07T11:00:00.000Z');
    // Before the morning cutoff: Discover takes it the same morning, Visa the next.
    const early = new Date('2026-03-04T09:00:00Z'); // Wed 04:00 EST
    assert.equal(brandCutoff(early, 'Discover', 'America/New_York').toISOString(), '2026-03-04T11:00:00.000Z');
    assert.equal(brandCutoff(early, 'Visa', 'America/New_York').toISOString(), '2026-03-05T11:00:00.000Z');
  });

  it('credits the wallet at 13:00 ET on the banking day after the cutoff, across a weekend and DST', () => {
    const visa = pullSchedule(fridayMorning, 'Visa', REALISTIC_PACING);
    assert.equal(visa.settleAt, '2026-03-07T11:00:00.000Z');
    assert.equal(visa.completeAt, '2026-03-09T17:00:00.000Z'); // Monday 13:00 EDT
    const midweek = pullSchedule(new Date('2026-03-03T20:00:00Z'), 'Mastercard', REALISTIC_PACING); // Tue 15:00 EST
    assert.equal(midweek.settleAt, '2026-03-04T07:00:00.000Z');
    assert.equal(midweek.completeAt, '2026-03-05T18:00:00.000Z'); // Thu 13:00 EST
  });

  it('runs in seconds on the fast pacing, and pushes by funds speed', () => {
    const at = new Date('2026-03-03T20:00:00Z');
    assert.deepEqual(pullSchedule(at, 'Visa', FAST_PACING), { settleAt: '2026-03-03T20:00:01.000Z', completeAt: '2026-03-03T20:00:02.000Z' });
    assert.equal(pushSchedule(at, true, REALISTIC_PACING).completeAt, '2026-03-03T20:30:00.000Z');
    assert.equal(pushSchedule(at, false, REALISTIC_PACING).completeAt, '2026-03-04T18:00:00.000Z');
    assert.equal(pushSchedule(at, true, FAST_PACING).completeAt, '2026-03-03T20:00:02.000Z');
  });
});
