import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stepClock, type JobContext } from '../../src/jobs/index.ts';

// A step of a record runs at its job's due time, but never before the record
// last changed, and never after the platform's now.
const at = (iso: string) => ({ now: () => new Date(iso) });
const ctx = (due: string, live: string): JobContext => ({ clock: at(due), liveClock: at(live), workerID: 'test' });

describe('jobs: stepClock', () => {
  it('is the due time when the record last changed before it', () => {
    const clock = stepClock(ctx('2026-03-06T22:30:00.000Z', '2026-03-12T17:00:00.000Z'), '2026-03-06T22:00:00.000Z');
    assert.equal(clock.now().toISOString(), '2026-03-06T22:30:00.000Z');
  });

  it('is the last change when the record changed after the due time (a retried step before it, a PATCH)', () => {
    const clock = stepClock(ctx('2026-03-09T14:00:00.000Z', '2026-03-12T17:00:00.000Z'), '2026-03-09T15:00:02.000Z');
    assert.equal(clock.now().toISOString(), '2026-03-09T15:00:02.000Z');
  });

  it('never passes the platform now, and ignores an unreadable stamp', () => {
    assert.equal(stepClock(ctx('2026-03-09T14:00:00.000Z', '2026-03-09T14:05:00.000Z'), '2026-03-09T18:00:00.000Z').now().toISOString(), '2026-03-09T14:05:00.000Z');
    assert.equal(stepClock(ctx('2026-03-09T14:00:00.000Z', '2026-03-09T14:05:00.000Z'), 'not a time').now().toISOString(), '2026-03-09T14:00:00.000Z');
  });
});
