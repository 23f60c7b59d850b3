import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { ValidationFailed } from '../../src/kernel/errors.ts';
import { MAX_ADVANCE_SECONDS, MAX_CLOCK_OFFSET_MS, PlatformClock } from '../../src/kernel/platform-clock.ts';
import { createPlatform, ManualClock } from '../support/jobs.ts';

const DAY_MS = 86_400_000;

function refusedOn(field: string) {
  return (error: unknown) => {
    assert.ok(error instanceof ValidationFailed, String(error));
    assert.equal(typeof error.fields[field], 'string', JSON.stringify(error.fields));
    return true;
  };
}

for (const kind of await storeKinds()) {
  describe(`platform clock (${kind})`, () => {
    const testStore = storePerSuite(kind);
    const base = new ManualClock();
    let clocks: PlatformClock;
    let one: string;
    let two: string;

    before(async () => {
      clocks = new PlatformClock(testStore.store, base);
      one = await createPlatform(testStore.store, base, 'One');
      two = await createPlatform(testStore.store, base, 'Two');
    });

    it('starts at real time and follows it', async () => {
      const fresh = await createPlatform(testStore.store, base, 'Fresh');
      assert.deepEqual(await clocks.read(fresh), { platformID: fresh, now: base.now(), offsetMs: 0 });
      base.tick(1_500);
      assert.deepEqual(await clocks.now(fresh), base.now());
    });

    it("moves forward by seconds or to an instant, and only the caller's platform", async () => {
      const start = (await clocks.read(one)).offsetMs;
      const moved = await clocks.advance(one, { seconds: 3_600 });
      assert.equal(moved.offsetMs, start + 3_600_000);
      assert.equal(moved.now.getTime(), base.ms + start + 3_600_000);
      const target = new Date(moved.now.getTime() + 2 * DAY_MS + 123);
      const jumped = await clocks.advance(one, { until: target.toISOString() });
      assert.deepEqual(jumped.now, target);
      assert.deepEqual(await clocks.now(one), target);
      assert.equal((await clocks.read(two)).offsetMs, 0, "another platform's clock did not move");
    });

    it('accepts an instant with a zone offset', async () => {
      const now = await clocks.now(one);
      const target = new Date(now.getTime() + DAY_MS);
      const local = new Date(target.getTime() - 5 * 3_600_000).toISOString().replace('Z', '-05:00');
      assert.deepEqual((await clocks.advance(one, { until: local })).now, target);
    });

    it('never goes backwards, and refuses jumps of nothing or too far', async () => {
      const before = await clocks.read(one);
      await assert.rejects(clocks.advance(one, { until: new Date(before.now.getTime() - 1).toISOString() }), refusedOn('until'));
      await assert.rejects(clocks.advance(one, { until: before.now.toISOString() }), refusedOn('until'));
      await assert.rejects(clocks.advance(one, { until: new Date(0).toISOString() }), refusedOn('until'));
      await assert.rejects(
        clocks.advance(one, { until: new Date(before.now.getTime() + MAX_ADVANCE_SECONDS * 1000 + 1).toISOString() }),
        refusedOn('until'),
      );
      await assert.rejects(clocks.advance(one, { until: 'next tuesday' }), refusedOn('until'));
      await assert.rejects(clocks.advance(one, { until: '2026-13-45T99:00:00Z' }), refusedOn('until'));
      for (const seconds of [0, -5, 1.5, Number.NaN, MAX_ADVANCE_SECONDS + 1, Number.MAX_SAFE_INTEGER + 2]) {
        await assert.rejects(clocks.advance(one, { seconds }), refusedOn('seconds'));
      }
      await assert.rejects(clocks.advance(one, {}), refusedOn('seconds'));
      await assert.rejects(clocks.advance(one, { seconds: 1, until: new Date(before.now.getTime() + 5_000).toISOString() }), refusedOn('until'));
      assert.equal((await clocks.read(one)).offsetMs, before.offsetMs, 'no refused advance moved the clock');
    });

    it('stops a century ahead of real time', async () => {
      const far = await createPlatform(testStore.store, base, 'Far');
      await clocks.advance(far, { seconds: 60 });
      await testStore.store.write((sql) =>
        sql.run('UPDATE platform_clocks SET offset_ms = ? WHERE platform_id = ?', [MAX_CLOCK_OFFSET_MS - 1_000, far]),
      );
      await assert.rejects(clocks.advance(far, { seconds: 2 }), refusedOn('seconds'));
      assert.equal((await clocks.advance(far, { seconds: 1 })).offsetMs, MAX_CLOCK_OFFSET_MS);
      const now = await clocks.now(far);
      await assert.rejects(clocks.advance(far, { until: new Date(now.getTime() + 1_000).toISOString() }), refusedOn('until'));
    });

    it('counts every one of concurrent advances', async () => {
      const busy = await createPlatform(testStore.store, base, 'Busy');
      await Promise.all(Array.from({ length: 20 }, () => clocks.advance(busy, { seconds: 1 })));
      assert.equal((await clocks.read(busy)).offsetMs, 20_000);
    });

    it("gives a Clock inside a unit of work that runs on the platform's time", async () => {
      const reading = await clocks.read(one);
      const view = await testStore.store.read((sql) => clocks.view(sql, one));
      assert.deepEqual(view.now(), reading.now);
      base.tick(10);
      assert.equal(view.now().getTime(), reading.now.getTime() + 10, 'the view follows real time');
    });

    it('rejects a negative offset in the table itself', async () => {
      await assert.rejects(
        testStore.store.write((sql) => sql.run('UPDATE platform_clocks SET offset_ms = -1 WHERE platform_id = ?', [one])),
      );
    });
  });
}
