import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { enqueueJob } from '../../src/jobs/index.ts';
import { effectCounts, recordEffect } from '../support/jobs.ts';

const HOUR_MS = 3_600_000;

for (const kind of await storeKinds()) {
  describe(`POST /railyard/clock/advance, GET /railyard/clock (${kind})`, () => {
    const s = serverPerSuite(kind);
    before(async () => {
      s.services.jobs.registerJobHandler('test.clock-effect', async (sql, job, ctx) => {
        await recordEffect(sql, job.platformID, job.jobID, ctx.clock.now().toISOString());
      });
    });

    const advance = (body: unknown, auth?: string | null) => s.request('POST', '/railyard/clock/advance', { body, ...(auth !== undefined ? { auth } : {}) });
    const getClock = (auth?: string | null) => s.request('GET', '/railyard/clock', auth !== undefined ? { auth } : {});

    it("answers the platform's clock", async () => {
      const before = Date.now();
      const response = await getClock();
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.json).sort(), ['now', 'offsetSeconds', 'platformID']);
      assert.equal(response.json.platformID, s.platform.accountID);
      assert.equal(response.json.offsetSeconds, 0);
      const now = Date.parse(response.json.now);
      assert.ok(now >= before && now <= Date.now());
    });

    it('moves the clock by seconds, and to an instant, and answers the new time', async () => {
      const bySeconds = await advance({ seconds: 3_600 });
      assert.equal(bySeconds.status, 200, bySeconds.text);
      assert.equal(bySeconds.json.platformID, s.platform.accountID);
      assert.equal(bySeconds.json.offsetSeconds, 3_600);
      assert.ok(Math.abs(Date.parse(bySeconds.json.now) - (Date.now() + HOUR_MS)) < 5_000);
      const target = new Date(Date.parse(bySeconds.json.now) + 48 * HOUR_MS);
      const toInstant = await advance({ until: target.toISOString() });
      assert.equal(toInstant.status, 200, toInstant.text);
      assert.equal(toInstant.json.now, target.toISOString());
      assert.ok(Math.abs(toInstant.json.offsetSeconds - 49 * 3_600) < 5);
      const read = await getClock();
      assert.equal(read.json.offsetSeconds, toInstant.json.offsetSeconds);
    });

    it("leaves other platforms' clocks alone", async () => {
      const other = await getClock(s.otherPlatform.basic);
      assert.equal(other.status, 200);
      assert.equal(other.json.platformID, s.otherPlatform.accountID);
      assert.equal(other.json.offsetSeconds, 0);
    });

    it('runs the work that became due before it answers', async () => {
      const platformID = s.platform.accountID;
      const { jobID, otherJobID } = await s.services.store.write(async (sql) => {
        const clock = await s.services.platformClock.view(sql, platformID);
        const runAt = new Date(clock.now().getTime() + HOUR_MS);
        const mine = await enqueueJob(sql, { platformID, kind: 'test.clock-effect', payload: {}, runAt }, clock);
        const theirs = await enqueueJob(
          sql,
          { platformID: s.otherPlatform.accountID, kind: 'test.clock-effect', payload: {}, runAt },
          clock,
        );
        return { jobID: mine.jobID, otherJobID: theirs.jobID };
      });
      assert.equal((await advance({ seconds: 3_599 })).status, 200);
      assert.equal((await effectCounts(s.services.store)).get(jobID), undefined, 'not due yet');
      assert.equal((await advance({ seconds: 1 })).status, 200);
      const effects = await effectCounts(s.services.store);
      assert.equal(effects.get(jobID), 1, 'the job ran before the answer');
      assert.equal(effects.get(otherJobID), undefined, "another platform's job is not due on its own clock");
    });

    it('answers 422 with a field map for bad input, and moves nothing', async () => {
      const before = (await getClock()).json.offsetSeconds;
      const nowMs = Date.parse((await getClock()).json.now);
      const cases: Array<[unknown, string[]]> = [
        [{}, ['seconds', 'until']],
        [{ seconds: 10, until: new Date(nowMs + HOUR_MS).toISOString() }, ['seconds', 'until']],
        [{ seconds: 0 }, ['seconds']],
        [{ seconds: -60 }, ['seconds']],
        [{ seconds: 1.5 }, ['seconds']],
        [{ seconds: '60' }, ['seconds']],
        [{ seconds: null }, ['seconds']],
        [{ seconds: 400 * 86_400 + 1 }, ['seconds']],
        [{ until: 'tomorrow' }, ['until']],
        [{ until: 12 }, ['until']],
        [{ until: '2026-02-30' }, ['until']],
        [{ until: new Date(nowMs - HOUR_MS).toISOString() }, ['until']],
        [{ until: new Date(nowMs + 401 * 86_400_000).toISOString() }, ['until']],
      ];
      for (const [body, fields] of cases) {
        const response = await advance(body);
        assert.equal(response.status, 422, `${JSON.stringify(body)}: ${response.text}`);
        assert.deepEqual(Object.keys(response.json).sort(), fields, `${JSON.stringify(body)}: ${response.text}`);
      }
      assert.equal((await getClock()).json.offsetSeconds, before);
    });

    it('answers 400 for a malformed body and 401 without credentials', async () => {
      for (const rawBody of ['[1]', '"soon"', '{"seconds":', '']) {
        const response = await s.request('POST', '/railyard/clock/advance', { rawBody, headers: { 'content-type': 'application/json' } });
        assert.equal(response.status, 400, `${rawBody}: ${response.text}`);
        assert.equal(typeof response.json.error, 'string');
      }
      const unknownField = await advance({ seconds: 5, hours: 1 });
      assert.equal(unknownField.status, 400, unknownField.text);
      assert.match(unknownField.json.error, /hours/);
      assert.equal((await advance({ seconds: 5 }, null)).status, 401);
      assert.equal((await getClock(null)).status, 401);
      assert.equal((await getClock('Basic ' + Buffer.from('nobody:wrong-secret-0000').toString('base64'))).status, 401);
    });

    it("needs the platform's transfer scopes on a Bearer token", async () => {
      const mint = async (scope: string) => {
        const response = await s.request('POST', '/oauth2/token', { body: { grant_type: 'client_credentials', scope } });
        assert.equal(response.status, 200, response.text);
        return `Bearer ${response.json.access_token as string}`;
      };
      const id = s.platform.accountID;
      const readOnly = await mint(`/accounts/${id}/transfers.read`);
      assert.equal((await getClock(readOnly)).status, 200);
      assert.equal((await advance({ seconds: 1 }, readOnly)).status, 403);
      const writer = await mint(`/accounts/${id}/transfers.write`);
      assert.equal((await advance({ seconds: 1 }, writer)).status, 200);
      assert.equal((await getClock(await mint('/ping.read'))).status, 403);
    });
  });
}
