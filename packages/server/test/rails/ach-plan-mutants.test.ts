import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planAch, type PlanInput } from '../../src/domain/transfers/rails/ach/plan.ts';
import { FAST_PACING, REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import type { AchReturnTrigger } from '../../src/domain/transfers/rails/ach/returns.ts';

// The ACH schedule as docs/rails.md "ACH" (Lifecycle) and docs/sandbox.md "ACH
// returns" state it, figure by figure, for both pacings. Pure: no store. The
// return triggers are written out here (code, phase, preferred leg as the docs
// give them), not read from returns.ts. Added for the rails mutation scope
// (issue 15, item 6).

const NOW = new Date('2026-03-03T20:00:00.000Z'); // Tuesday 15:00 EST
const plus = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

const trigger = (code: string, phase: 'clearing' | 'after-completion', prefers: 'debit' | 'credit'): AchReturnTrigger => ({
  code,
  reason: `${code} reason`,
  description: `${code} description`,
  phase,
  prefers,
});
const R01 = trigger('R01', 'clearing', 'debit');
const R03 = trigger('R03', 'after-completion', 'credit');
const R05 = trigger('R05', 'after-completion', 'debit');

const fast = (input: Partial<PlanInput>) => planAch({ now: NOW, pacing: FAST_PACING, trigger: undefined, ...input });
const realistic = (now: string, input: Partial<PlanInput>) => planAch({ now: new Date(now), pacing: REALISTIC_PACING, trigger: undefined, ...input });

describe('ACH plan, fast pacing (docs/rails.md: originate +1 s, settle +2 s, same-day +1 s, a hold day 1 s)', () => {
  it('a standard credit: originates at 1 s, settles and completes at 3 s, on the destination side', () => {
    assert.deepEqual(fast({ credit: { speed: 'standard' } }), {
      legs: [{ kind: 'credit', side: 'destination', speed: 'standard', originateAt: plus(1), settleAt: plus(3), completeAt: plus(3) }],
    });
  });

  it('a same-day credit completes at 2 s', () => {
    assert.deepEqual(fast({ credit: { speed: 'same-day' } }).legs, [
      { kind: 'credit', side: 'destination', speed: 'same-day', originateAt: plus(1), settleAt: plus(2), completeAt: plus(2) },
    ]);
  });

  it('a debit settles at 3 s and completes after its hold: 2-day 5 s, 1-day 4 s, no-hold 3 s, on the source side', () => {
    for (const [holdPeriod, seconds] of [['2-days', 5], ['1-day', 4], ['no-hold', 3]] as const) {
      assert.deepEqual(fast({ debit: { holdPeriod } }).legs, [
        { kind: 'debit', side: 'source', speed: 'standard', originateAt: plus(1), settleAt: plus(3), completeAt: plus(seconds) },
      ], holdPeriod);
    }
  });

  it('bank → bank: the credit starts when the debit completes (8 s standard, 7 s same-day)', () => {
    const standard = fast({ debit: { holdPeriod: '2-days' }, credit: { speed: 'standard' } });
    assert.deepEqual(standard.legs.map((l) => [l.kind, l.side, l.originateAt, l.completeAt]), [
      ['debit', 'source', plus(1), plus(5)],
      ['credit', 'destination', plus(6), plus(8)],
    ]);
    assert.equal(fast({ debit: { holdPeriod: '2-days' }, credit: { speed: 'same-day' } }).legs[1]?.completeAt, plus(7));
  });

  it('a clearing return replaces completion at settlement: 3 s, 2 s for a same-day credit', () => {
    assert.deepEqual(fast({ debit: { holdPeriod: '2-days' }, trigger: R01 }).returns, {
      leg: 'debit',
      phase: 'clearing',
      at: plus(3),
      code: 'R01',
      reason: 'R01 reason',
      description: 'R01 description',
    });
    assert.equal(fast({ credit: { speed: 'same-day' }, trigger: R01 }).returns?.at, plus(2));
    assert.equal(fast({ credit: { speed: 'same-day' }, trigger: R01 }).returns?.leg, 'credit', 'a credit-only transfer: the return hits the credit');
  });

  it('a return after completion arrives 1 s after the transfer completed: 4 s standard credit, 6 s 2-day debit', () => {
    assert.equal(fast({ credit: { speed: 'standard' }, trigger: R03 }).returns?.at, plus(4));
    assert.equal(fast({ debit: { holdPeriod: '2-days' }, trigger: R05 }).returns?.at, plus(6));
    // Bank → bank: after the last leg (the credit, 8 s).
    assert.equal(fast({ debit: { holdPeriod: '2-days' }, credit: { speed: 'standard' }, trigger: R05 }).returns?.at, plus(9));
  });

  it('a bank → bank return hits the preferred leg: R03 the credit, R01 and R05 the debit', () => {
    const both = { debit: { holdPeriod: '2-days' as const }, credit: { speed: 'standard' as const } };
    assert.equal(fast({ ...both, trigger: R03 }).returns?.leg, 'credit');
    assert.equal(fast({ ...both, trigger: R05 }).returns?.leg, 'debit');
    // A clearing return of the credit leg arrives at the credit's settlement, not the debit's.
    assert.equal(fast({ ...both, trigger: trigger('R02', 'clearing', 'credit') }).returns?.at, plus(8));
    assert.equal(fast({ ...both, trigger: R01 }).returns?.at, plus(3));
  });

  it('no trigger, no returns; no legs, no returns', () => {
    assert.equal('returns' in fast({ credit: { speed: 'standard' } }), false);
    assert.deepEqual(fast({ trigger: R01 }), { legs: [] });
  });
});

describe('ACH plan, realistic pacing (docs/rails.md; all times ET)', () => {
  // March 2026 is EST (UTC−5) until Sunday March 8, EDT (UTC−4) after.
  it('a same-day credit takes the next window and settles at its time: 10:00 → 13:00, 14:15 → 17:00, 16:15 → 18:00', () => {
    const cases: Array<[now: string, originate: string, settle: string]> = [
      ['2026-03-03T13:00:00.000Z', '2026-03-03T15:00:00.000Z', '2026-03-03T18:00:00.000Z'], // 08:00 → 10:00, 13:00
      ['2026-03-03T15:00:00.000Z', '2026-03-03T19:15:00.000Z', '2026-03-03T22:00:00.000Z'], // at 10:00 exactly: the next window, 14:15 → 17:00
      ['2026-03-03T20:00:00.000Z', '2026-03-03T21:15:00.000Z', '2026-03-03T23:00:00.000Z'], // 15:00 → 16:15, 18:00
      ['2026-03-03T22:00:00.000Z', '2026-03-04T15:00:00.000Z', '2026-03-04T18:00:00.000Z'], // 17:00: Wednesday 10:00, 13:00
    ];
    for (const [now, originateAt, settleAt] of cases) {
      assert.deepEqual(realistic(now, { credit: { speed: 'same-day' } }).legs, [
        { kind: 'credit', side: 'destination', speed: 'same-day', originateAt, settleAt, completeAt: settleAt },
      ], now);
    }
  });

  it('a standard credit originates at 17:30 and settles 09:00 the next banking day (Friday → Monday)', () => {
    assert.deepEqual(realistic('2026-03-06T20:00:00.000Z', { credit: { speed: 'standard' } }).legs, [
      // Friday 17:30 EST; Monday 09:00 EDT (after the DST change).
      { kind: 'credit', side: 'destination', speed: 'standard', originateAt: '2026-03-06T22:30:00.000Z', settleAt: '2026-03-09T13:00:00.000Z', completeAt: '2026-03-09T13:00:00.000Z' },
    ]);
  });

  it('a debit completes its hold in banking days after settlement, at 09:00; no-hold at settlement', () => {
    const now = '2026-03-03T20:00:00.000Z'; // Tuesday: out 17:30, settles Wednesday 09:00 EST
    const completeAt = (holdPeriod: '2-days' | '1-day' | 'no-hold') => realistic(now, { debit: { holdPeriod } }).legs[0];
    assert.deepEqual(completeAt('2-days'), {
      kind: 'debit',
      side: 'source',
      speed: 'standard',
      originateAt: '2026-03-03T22:30:00.000Z',
      settleAt: '2026-03-04T14:00:00.000Z',
      completeAt: '2026-03-06T14:00:00.000Z', // Friday 09:00
    });
    assert.equal(completeAt('1-day')?.completeAt, '2026-03-05T14:00:00.000Z');
    assert.equal(completeAt('no-hold')?.completeAt, '2026-03-04T14:00:00.000Z');
  });

  it('a return after completion arrives at 12:00 ET one banking day after the transfer completed', () => {
    // Standard credit created Tuesday 15:00: completes Wednesday 09:00, returned Thursday 12:00 EST.
    assert.equal(realistic('2026-03-03T20:00:00.000Z', { credit: { speed: 'standard' }, trigger: R03 }).returns?.at, '2026-03-05T17:00:00.000Z');
    // Completed Friday: returned Monday 12:00 EDT.
    assert.equal(realistic('2026-03-05T20:00:00.000Z', { credit: { speed: 'standard' }, trigger: R03 }).returns?.at, '2026-03-09T16:00:00.000Z');
  });

  it('a clearing return arrives at the leg settlement', () => {
    assert.equal(realistic('2026-03-03T20:00:00.000Z', { debit: { holdPeriod: '2-days' }, trigger: R01 }).returns?.at, '2026-03-04T14:00:00.000Z');
  });
});
