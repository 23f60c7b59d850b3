import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { PlatformClock } from '../../src/kernel/platform-clock.ts';
import { claimDueJobs, completeJob, enqueueJob, failJob } from '../../src/jobs/index.ts';
import type { Store } from '../../src/store/port.ts';
import { countJobsByStatus } from '../../src/store/repos/jobs.ts';
import { createPlatform, effectCounts, jobRow, ManualClock, openTwinStores, type TwinStores } from '../support/jobs.ts';

const KINDS = ['test.step'];

for (const kind of await storeKinds()) {
  describe(`jobs: enqueue, claim, complete, fail (${kind})`, () => {
    let twins: TwinStores;
    let store: Store;
    const clock = new ManualClock();
    let platformID: string;
    let otherPlatformID: string;
    let clocks: PlatformClock;

    before(async () => {
      twins = await openTwinStores(kind);
      store = twins.a;
      platformID = await createPlatform(store, clock, 'One');
      otherPlatformID = await createPlatform(store, clock, 'Two');
      clocks = new PlatformClock(store, clock);
    });
    after(async () => {
      await twins.destroy();
    });

    const enqueue = (input: { runAt?: string | Date; dedupeKey?: string; maxAttempts?: number; platform?: string; kind?: string } = {}) =>
      store.write((sql) =>
        enqueueJob(
          sql,
          {
            platformID: input.platform ?? platformID,
            kind: input.kind ?? 'test.step',
            payload: { n: 1 },
            runAt: input.runAt ?? clock.now(),
            ...(input.dedupeKey ? { dedupeKey: input.dedupeKey } : {}),
            ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
          },
          clock,
        ),
      );
    const claim = (workerID: string, options: { leaseMs?: number; platformID?: string; kinds?: string[] } = {}) =>
      claimDueJobs(store, clock, {
        limit: 100,
        leaseMs: options.leaseMs ?? 30_000,
        workerID,
        kinds: options.kinds ?? KINDS,
        platformID: options.platformID ?? platformID,
      });
    /** Clears the platform's due jobs so each test starts from nothing claimable. */
    const drain = async () => {
      for (const job of await claim('drain')) await store.write((sql) => completeJob(sql, job, clock));
    };

    it('claims a due job once, with a token and a counted attempt, and completes it once', async () => {
      await drain();
      const { jobID, created } = await enqueue();
      assert.equal(created, true);
      const [job, ...rest] = await claim('worker-a');
      assert.equal(rest.length, 0);
      assert.equal(job!.jobID, jobID);
      assert.deepEqual(job!.payload, { n: 1 });
      assert.equal(job!.attempts, 1);
      assert.equal(job!.claimedBy, 'worker-a');
      assert.equal((await claim('worker-b')).length, 0, 'a claimed job is not claimed again while its lease holds');
      assert.equal(await store.write((sql) => completeJob(sql, job!, clock)), true);
      assert.equal(await store.write((sql) => completeJob(sql, job!, clock)), false, 'a job completes once');
      const row = await jobRow(store, jobID);
      assert.equal(row.status, 'completed');
      assert.equal(row.finished_on, clock.now().toISOString());
      assert.equal((await claim('worker-b')).length, 0);
    });

    it("commits with the caller's unit of work, or not at all", async () => {
      const before = await store.read((sql) => countJobsByStatus(sql, platformID));
      await assert.rejects(
        store.write(async (sql) => {
          await enqueueJob(sql, { platformID, kind: 'test.step', payload: {}, runAt: clock.now() }, clock);
          throw new Error('the transfer was refused');
        }),
        /refused/,
      );
      assert.deepEqual(await store.read((sql) => countJobsByStatus(sql, platformID)), before);
    });

    it('keeps one job per (platform, dedupe key)', async () => {
      await drain();
      const first = await enqueue({ dedupeKey: 'transfer-1:originate' });
      const second = await enqueue({ dedupeKey: 'transfer-1:originate' });
      assert.equal(second.created, false);
      assert.equal(second.jobID, first.jobID);
      const elsewhere = await enqueue({ dedupeKey: 'transfer-1:originate', platform: otherPlatformID });
      assert.equal(elsewhere.created, true);
      assert.notEqual(elsewhere.jobID, first.jobID);
      assert.equal((await claim('w')).length, 1);
    });

    it("is not claimed before run_at on the platform's clock, and is once the clock advances", async () => {
      await drain();
      const runAt = new Date(clock.ms + 3_600_000);
      const mine = await enqueue({ runAt });
      const theirs = await enqueue({ runAt, platform: otherPlatformID });
      assert.equal((await claim('w')).length, 0);
      await clocks.advance(platformID, { seconds: 3_599 });
      assert.equal((await claim('w')).length, 0, 'one second early');
      await clocks.advance(platformID, { seconds: 1 });
      const claimed = await claim('w');
      assert.deepEqual(
        claimed.map((job) => job.jobID),
        [mine.jobID],
      );
      const otherClaims = await claim('w', { platformID: otherPlatformID });
      assert.ok(!otherClaims.some((job) => job.jobID === theirs.jobID), "another platform's clock did not move");
      for (const job of otherClaims) await store.write((sql) => completeJob(sql, job, clock));
      assert.equal((await jobRow(store, theirs.jobID)).status, 'pending');
      await store.write((sql) => completeJob(sql, claimed[0]!, clock));
    });

    it('sees an advance made through another store (another process) on the next claim', async () => {
      await drain();
      const runAt = new Date((await clocks.now(platformID)).getTime() + 60_000);
      const { jobID } = await enqueue({ runAt });
      await new PlatformClock(twins.b, clock).advance(platformID, { seconds: 60 });
      const claimed = await claim('w');
      assert.deepEqual(
        claimed.map((job) => job.jobID),
        [jobID],
      );
      await store.write((sql) => completeJob(sql, claimed[0]!, clock));
    });

    it('claims only the kinds it is asked for', async () => {
      await drain();
      const { jobID } = await enqueue({ kind: 'test.other' });
      assert.equal((await claim('w')).length, 0);
      const claimed = await claim('w', { kinds: ['test.other'] });
      assert.equal(claimed[0]?.jobID, jobID);
      await store.write((sql) => completeJob(sql, claimed[0]!, clock));
    });

    it('lets another worker claim a job whose lease ran out, and refuses the stale worker', async () => {
      await drain();
      const { jobID } = await enqueue();
      const [stale] = await claim('worker-a', { leaseMs: 1_000 });
      clock.tick(999);
      assert.equal((await claim('worker-b')).length, 0, 'the lease still holds');
      clock.tick(1);
      const [fresh] = await claim('worker-b');
      assert.equal(fresh?.jobID, jobID);
      assert.equal(fresh!.attempts, 2);
      assert.notEqual(fresh!.claimToken, stale!.claimToken);
      assert.equal(await store.write((sql) => completeJob(sql, stale!, clock)), false);
      assert.equal(await store.write((sql) => failJob(sql, stale!, new Error('late'), clock)), 'stale');
      assert.equal((await jobRow(store, jobID)).status, 'claimed');
      assert.equal(await store.write((sql) => completeJob(sql, fresh!, clock)), true);
    });

    it('retries after a backoff of platform time, then fails for good after its last attempt', async () => {
      await drain();
      const { jobID } = await enqueue({ maxAttempts: 3 });
      const attempt = async () => {
        const [job] = await claim('w');
        assert.ok(job, 'the job is due');
        return store.write((sql) => failJob(sql, job, new Error('bank offline'), clock));
      };
      assert.equal(await attempt(), 'retry');
      const afterFirst = await jobRow(store, jobID);
      assert.equal(afterFirst.status, 'pending');
      assert.equal(afterFirst.last_error, 'Error: bank offline');
      const platformNow = (await clocks.now(platformID)).getTime();
      assert.equal(Number(afterFirst.run_at_ms), platformNow + 2_000, 'first retry after 2 s');
      assert.equal((await claim('w')).length, 0, 'not before the backoff');
      await clocks.advance(platformID, { seconds: 2 });
      assert.equal(await attempt(), 'retry');
      assert.equal(Number((await jobRow(store, jobID)).run_at_ms), platformNow + 2_000 + 4_000, 'second retry after 4 s');
      await clocks.advance(platformID, { seconds: 4 });
      assert.equal(await attempt(), 'failed');
      const row = await jobRow(store, jobID);
      assert.equal(row.status, 'failed');
      assert.equal(Number(row.attempts), 3);
      await clocks.advance(platformID, { seconds: 3_600 });
      assert.equal((await claim('w')).length, 0, 'a failed job is never claimed again');
    });

    it('fails a job whose worker vanished during its last attempt', async () => {
      await drain();
      const { jobID } = await enqueue({ maxAttempts: 1 });
      assert.equal((await claim('doomed', { leaseMs: 10 })).length, 1);
      clock.tick(10);
      assert.equal((await claim('w')).length, 0);
      const row = await jobRow(store, jobID);
      assert.equal(row.status, 'failed');
      assert.equal(row.last_error, 'lease expired on the last attempt');
    });

    it('refuses malformed jobs and claims', async () => {
      await assert.rejects(enqueue({ kind: 'Not A Kind' }), /job kind/);
      await assert.rejects(enqueue({ runAt: 'tomorrow' }), /RFC 3339/);
      await assert.rejects(enqueue({ maxAttempts: 21 }), /maxAttempts/);
      await assert.rejects(enqueue({ dedupeKey: 'x'.repeat(201) }), /dedupeKey/);
      await assert.rejects(
        store.write((sql) => enqueueJob(sql, { platformID, kind: 'test.step', payload: 'x'.repeat(70_000), runAt: clock.now() }, clock)),
        /payload/,
      );
      await assert.rejects(claimDueJobs(store, clock, { limit: 0, leaseMs: 1, workerID: 'w', kinds: KINDS }), /limit/);
      await assert.rejects(claimDueJobs(store, clock, { limit: 1, leaseMs: 0, workerID: 'w', kinds: KINDS }), /lease/);
      assert.equal((await effectCounts(store)).size, 0);
    });
  });
}
