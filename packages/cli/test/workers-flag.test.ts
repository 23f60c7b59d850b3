import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseWorkers } from '../src/serve-workers.ts';
import { UsageError } from '../src/args.ts';

/** `--workers N` / RAILYARD_WORKERS (docs/deploy.md); the processes themselves: server/test/scale/workers.test.ts. */
describe('--workers', () => {
  it('takes 1 to 16; absent or blank means one process', () => {
    assert.deepEqual(['1', '2', '16', ' 4 ', undefined, '', ' '].map((text) => parseWorkers(text)), [1, 2, 16, 4, 1, 1, 1]);
  });

  it('refuses anything else with the range in the message', () => {
    for (const bad of ['0', '17', '99', 'two', '-1', '1.5', '2x']) {
      assert.throws(
        () => parseWorkers(bad),
        (error: unknown) => error instanceof UsageError && error.message === `--workers must be 1 to 16, not ${bad}`,
        `--workers ${bad}`,
      );
    }
  });
});
