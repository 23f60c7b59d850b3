import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { V2026 } from '../support/versions.ts';
import { postTransfer, transferBody, walletParty } from '../support/transfers.ts';

/*
 * The Railyard-only reads behind the dashboard: a transfer's ledger entries and
 * events, and the job queue. A wallet transfer paced at 60 s stays pending with a
 * job until the clock is advanced, so each read sees a before and an after.
 */
for (const kind of await storeKinds()) {
  describe(`railyard insight operations (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock(), services: { railPacing: { ...FAST_PACING, walletCompleteAfterSeconds: 60 } } }));
    let transferID: string;
    const other = () => ({ auth: s.otherPlatform.basic });
    const get = (path: string, opts: { auth?: string } = {}) => s.request('GET', path, { headers: V2026, ...opts });

    before(async () => {
      const from = await walletParty(s, 10_000);
      const to = await walletParty(s);
      const created = await postTransfer(s, transferBody(from, to, 2_500));
      assert.ok(created.status < 300 && created.json.transferID, created.text);
      transferID = created.json.transferID;
    });

    it('lists the pending job of a paced transfer, earliest due first, and it completes when the clock moves past it', async () => {
      const before = await get('/railyard/jobs');
      assert.equal(before.status, 200, before.text);
      const job = before.json.jobs.find((j: { transferID: string | null }) => j.transferID === transferID);
      assert.ok(job, before.text);
      assert.deepEqual([job.kind, job.status, job.finishedOn], ['rail.wallet.complete', 'pending', null]);
      assert.equal(before.json.counts.pending >= 1, true);
      const advanced = await s.request('POST', '/railyard/clock/advance', { headers: V2026, body: { seconds: 120 } });
      assert.equal(advanced.status, 200, advanced.text);
      const afterAdvance = await get('/railyard/jobs?status=completed');
      const done = afterAdvance.json.jobs.find((j: { jobID: string }) => j.jobID === job.jobID);
      assert.equal(done?.status, 'completed', afterAdvance.text);
      assert.ok(done.finishedOn);
      assert.ok(afterAdvance.json.jobs.every((j: { status: string }) => j.status === 'completed'));
      assert.equal((await get('/railyard/jobs?status=pending')).json.jobs.some((j: { jobID: string }) => j.jobID === job.jobID), false);
    });

    it("answers a transfer's balanced ledger entries with the ledger accounts they touched", async () => {
      const response = await get(`/railyard/transfers/${transferID}/ledger-entries`);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.transferID, transferID);
      assert.ok(response.json.entries.length >= 2, response.text); // the hold, then its settlement
      for (const entry of response.json.entries) {
        assert.equal(entry.postings.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0), 0, JSON.stringify(entry));
        for (const posting of entry.postings) assert.ok(posting.ledgerAccount.kind !== 'unknown', JSON.stringify(posting));
      }
      const kinds = response.json.entries.flatMap((e: { postings: { ledgerAccount: { kind: string } }[] }) => e.postings.map((p) => p.ledgerAccount.kind));
      assert.ok(kinds.includes('wallet'), kinds.join());
    });

    it("answers the transfer's events, oldest first: created, then the status changes", async () => {
      const response = await get(`/railyard/transfers/${transferID.toUpperCase()}/events`);
      assert.equal(response.status, 200, response.text);
      const types = response.json.events.map((e: { type: string }) => e.type);
      assert.equal(types[0], 'transfer.created', types.join());
      const statuses = response.json.events.filter((e: { type: string }) => e.type === 'transfer.updated').map((e: { data: { status: string } }) => e.data.status);
      assert.equal(statuses.at(-1), 'completed', statuses.join());
      assert.ok(response.json.events.every((e: { data: { transferID?: string } }) => e.data.transferID === transferID));
    });

    it("never shows another platform's transfer or jobs (the same 404 as an unknown transfer)", async () => {
      for (const path of [`/railyard/transfers/${transferID}/ledger-entries`, `/railyard/transfers/${transferID}/events`]) {
        const theirs = await get(path, other());
        const unknown = await get(path.replace(transferID, randomUUID()));
        assert.equal(theirs.status, 404, theirs.text);
        assert.equal(unknown.status, 404, unknown.text);
        assert.equal(theirs.text, unknown.text);
      }
      const jobs = await get('/railyard/jobs', other());
      assert.equal(jobs.status, 200);
      assert.deepEqual(jobs.json.jobs, []);
      assert.deepEqual(jobs.json.counts, { pending: 0, claimed: 0, completed: 0, failed: 0 });
    });

    it('refuses bad input with 4xx: malformed IDs, unknown statuses, counts out of range, no credentials', async () => {
      assert.equal((await get('/railyard/transfers/not-a-uuid/events')).status, 404);
      const badStatus = await get('/railyard/jobs?status=sleeping');
      assert.equal(badStatus.status, 422, badStatus.text);
      assert.ok(badStatus.json.status);
      assert.equal((await get('/railyard/jobs?count=0')).status, 422);
      assert.equal((await get('/railyard/jobs?count=201')).status, 422);
      assert.equal((await s.request('GET', '/railyard/jobs', { headers: V2026, auth: null })).status, 401);
    });
  });
}
