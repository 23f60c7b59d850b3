import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { PlatformClock } from '../../src/kernel/platform-clock.ts';
import { claimDueJobs, enqueueJob, JobRunner } from '../../src/jobs/index.ts';
import type { Store } from '../../src/store/port.ts';
import { createPlatform, effectCounts, jobRow, ManualClock, openTwinStores, recordEffect, type TwinStores } from '../support/jobs.ts';

for (const kind of await storeKinds()) {
  describe(`jobs: runner (${kind})`, () => {
    let twins: TwinStores;
    let store: Store;
    const clock = new ManualClock();
    let platformID: string;
    let clocks: PlatformClock;
    let runner: JobRunner;
    /** Jobs whose handler should throw after writing its effect. */
    const failing = new Set<string>();

    before(async () => {
      twins = await openTwinStores(kind);
      store = twins.a;
      platformID = await createPlatform(store, clock);
      clocks = new PlatformClock(store, clock);
      runner = new JobRunner({ store, clock, workerID: 'runner-a', maxJobsPerTick: 4 });
      runner.registerJobHandler('test.effect', async (sql, job, ctx) => {
        await recordEffect(sql, job.platformID, job.jobID, ctx.clock.now().toISOString());
        if (failing.has(job.jobID)) throw new Error('handler refused');
      });
      runner.registerJobHandler('test.clocks', async (sql, job, ctx) => {
        await recordEffect(sql, job.platformID, job.jobID, `${ctx.clock.now().toISOString()}|${ctx.liveClock.now().toISOString()}`);
      });
      runner.registerJobHandler('test.chain', async (sql, job, ctx) => {
        const { left } = job.payload as { left: number };
        await recordEffect(sql, job.platformID, job.jobID, ctx.clock.now().toISOString());
        if (left > 0) {
          await enqueueJob(sql, { platformID: job.platformID, kind: 'test.chain', payload: { left: left - 1 }, runAt: ctx.clock.now() }, ctx.clock);
        }
      });
    });
    after(async () => {
      await runner.stop();
      await twins.destroy();
    });

    const enqueue = (jobKind: string, payload: unknown, runAt: Date, maxAttempts?: number) =>
      store.write((sql) => enqueueJob(sql, { platformID, kind: jobKind, payload, runAt, ...(maxAttempts ? { maxAttempts } : {}) }, clock));

    it('runs every due job, more than one tick holds, and leaves later ones', async () => {
      const now = await clocks.now(platformID);
      const due = await Promise.all(Array.from({ length: 10 }, () => enqueue('test.effect', {}, now)));
      const later = await enqueue('test.effect', {}, new Date(now.getTime() + 60_000));
      const summary = await runner.runDueJobs();
      assert.deepEqual(summary, { completed: 10, retried: 0, failed: 0 });
      const effects = await effectCounts(store);
      for (const { jobID } of due) assert.equal(effects.get(jobID), 1);
      assert.equal(effects.get(later.jobID), undefined);
      assert.equal((await jobRow(store, later.jobID)).status, 'pending');
      await clocks.advance(platformID, { seconds: 60 });
      assert.deepEqual(await runner.runDueJobs({ platformID }), { completed: 1, retried: 0, failed: 0 });
      assert.equal((await effectCounts(store)).get(later.jobID), 1);
    });

    it("gives a handler its platform's clock", async () => {
      const platformNow = await clocks.now(platformID);
      const { jobID } = await enqueue('test.effect', {}, platformNow);
      await runner.runDueJobs();
      const row = await store.read((sql) => sql.get<{ created_on: string }>('SELECT created_on FROM events WHERE data = ?', [jobID]));
      assert.equal(row?.created_on, platformNow.toISOString(), 'the manual clock did not move, so platform time is exact');
    });

    it('a late job runs at its due time; its live clock reads the platform now', async () => {
      const due = await clocks.now(platformID);
      const { jobID } = await enqueue('test.clocks', {}, due);
      await clocks.advance(platformID, { seconds: 3_600 }); // jumped over: the job runs an hour late
      await runner.runDueJobs({ platformID });
      const seen = await store.read((sql) => sql.get<{ created_on: string }>("SELECT created_on FROM events WHERE event_type = 'test.job-ran' AND data = ?", [jobID]));
      const [step, live] = seen!.created_on.split('|');
      assert.equal(step, due.toISOString());
      assert.equal(live, new Date(due.getTime() + 3_600_000).toISOString());
    });

    it('runs jobs that jobs make due in the same call', async () => {
      await enqueue('test.chain', { left: 5 }, await clocks.now(platformID));
      const summary = await runner.runDueJobs();
      assert.equal(summary.completed, 6);
    });

    it("rolls a failed attempt's effects back, retries it, and fails it after its last attempt", async () => {
      const { jobID } = await enqueue('test.effect', {}, await clocks.now(platformID), 2);
      failing.add(jobID);
      assert.deepEqual(await runner.runDueJobs(), { completed: 0, retried: 1, failed: 0 });
      assert.equal((await effectCounts(store)).get(jobID), undefined, 'the effect rolled back with the attempt');
      await clocks.advance(platformID, { seconds: 2 });
      assert.deepEqual(await runner.runDueJobs(), { completed: 0, retried: 0, failed: 1 });
      const row = await jobRow(store, jobID);
      assert.equal(row.status, 'failed');
      assert.match(row.last_error ?? '', /handler refused/);
      assert.equal((await effectCounts(store)).get(jobID), undefined);
    });

    it("commits nothing for a stale worker whose job another worker took", async () => {
      const { jobID } = await enqueue('test.effect', {}, await clocks.now(platformID));
      // A worker on the other store claims the job and dies; its lease runs out.
      const [lost] = await claimDueJobs(twins.b, clock, { limit: 1, leaseMs: 5, workerID: 'dead', kinds: ['test.effect'] });
      assert.equal(lost?.jobID, jobID);
      assert.deepEqual(await runner.runDueJobs(), { completed: 0, retried: 0, failed: 0 }, 'the lease still holds');
      clock.tick(5);
      assert.deepEqual(await runner.runDueJobs(), { completed: 1, retried: 0, failed: 0 });
      assert.equal((await effectCounts(store)).get(jobID), 1);
      assert.equal(Number((await jobRow(store, jobID)).attempts), 2);
    });

    it('does not claim kinds it has no handler for', async () => {
      const { jobID } = await enqueue('test.unhandled', {}, await clocks.now(platformID));
      assert.deepEqual(await runner.runDueJobs(), { completed: 0, retried: 0, failed: 0 });
      assert.equal((await jobRow(store, jobID)).status, 'pending');
    });

    it('polls in the background once started, and stops', async () => {
      const polling = new JobRunner({ store, clock, workerID: 'poller', pollIntervalMs: 5 });
      polling.registerJobHandler('test.polled', async (sql, job, ctx) => {
        await recordEffect(sql, job.platformID, job.jobID, ctx.clock.now().toISOString());
      });
      polling.start();
      try {
        const { jobID } = await enqueue('test.polled', {}, await clocks.now(platformID));
        const deadline = Date.now() + 5_000;
        while ((await jobRow(store, jobID)).status !== 'completed') {
          assert.ok(Date.now() < deadline, 'the polling loop ran the job');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        await polling.stop();
      }
      const { jobID: afterStop } = await enqueue('test.polled', {}, await clocks.now(platformID));
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.equal((await jobRow(store, afterStop)).status, 'pending', 'a stopped runner claims nothing');
    });

    it('refuses bad settings and duplicate handlers', () => {
      assert.throws(() => new JobRunner({ store, clock, pollIntervalMs: 0 }), /poll interval/);
      assert.throws(() => new JobRunner({ store, clock, maxJobsPerTick: 501 }), /jobs per tick/);
      assert.throws(() => runner.registerJobHandler('test.effect', async () => undefined), /already registered/);
      assert.throws(() => runner.registerJobHandler('Bad Kind', async () => undefined), /invalid job kind/);
    });
  });
}
