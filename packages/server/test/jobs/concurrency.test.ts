import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { enqueueJob, JobRunner, type RunSummary } from '../../src/jobs/index.ts';
import { countJobsByStatus } from '../../src/store/repos/jobs.ts';
import { createPlatform, effectCounts, openTwinStores, recordEffect } from '../support/jobs.ts';

const JOBS = 500;

for (const kind of await storeKinds()) {
  describe(`jobs: two processes on one database (${kind})`, () => {
    it(`run each of ${JOBS} jobs exactly once`, async () => {
      const twins = await openTwinStores(kind);
      try {
        const platformID = await createPlatform(twins.a, systemClock);
        const now = systemClock.now();
        for (let start = 0; start < JOBS; start += 100) {
          await twins.a.write(async (sql) => {
            for (let i = start; i < start + 100; i++) {
              await enqueueJob(sql, { platformID, kind: 'test.once', payload: { i }, runAt: now }, systemClock);
            }
          });
        }
        const makeRunner = (store: typeof twins.a, workerID: string) => {
          const runner = new JobRunner({ store, clock: systemClock, workerID, maxJobsPerTick: 25 });
          runner.registerJobHandler('test.once', async (sql, job, ctx) => {
            await recordEffect(sql, job.platformID, job.jobID, ctx.clock.now().toISOString());
          });
          return runner;
        };
        // Two runners per store, all four draining at once: two "processes", each with a loop and a request.
        const runners = [makeRunner(twins.a, 'a1'), makeRunner(twins.a, 'a2'), makeRunner(twins.b, 'b1'), makeRunner(twins.b, 'b2')];
        const summaries: RunSummary[] = await Promise.all(runners.map((runner) => runner.runDueJobs()));
        const total = summaries.reduce((sum, s) => sum + s.completed, 0);
        assert.equal(total, JOBS, 'every job completed once across the runners');
        assert.ok(summaries.every((s) => s.retried === 0 && s.failed === 0));
        const effects = await effectCounts(twins.a);
        assert.equal(effects.size, JOBS);
        assert.ok([...effects.values()].every((n) => n === 1), 'no job committed its effect twice');
        const storeAWorkers = summaries[0]!.completed + summaries[1]!.completed;
        assert.ok(storeAWorkers > 0 && storeAWorkers < JOBS, `both processes took work (a: ${storeAWorkers})`);
        assert.deepEqual(await twins.b.read((sql) => countJobsByStatus(sql, platformID)), {
          pending: 0,
          claimed: 0,
          completed: JOBS,
          failed: 0,
        });
      } finally {
        await twins.destroy();
      }
    });
  });
}
