import assert from 'node:assert/strict';
import { clientFor } from '../fixtures.ts';
import { apiError, type Exercises } from './context.ts';

/** Within this many ms of real time plus the offset: the request itself takes time. */
const SLACK_MS = 5_000;

export const sandboxExercises: Exercises = {
  'sandbox.getClock': async ({ server, client }) => {
    const clock = await client.sandbox.getClock();
    assert.equal(clock.platformID, server.platform.accountID);
    assert.ok(Math.abs(Date.parse(clock.now) - clock.offsetSeconds * 1000 - Date.now()) < SLACK_MS, JSON.stringify(clock));
  },

  'sandbox.advanceClock': async ({ server, client }) => {
    // The second platform's clock moves, so the other exercises keep real time.
    const other = clientFor(server, { username: server.otherPlatform.publicKey, password: server.otherPlatform.secret });
    const before = await other.sandbox.getClock();
    const after = await other.sandbox.advanceClock({ body: { seconds: 3_600 } });
    assert.equal(after.platformID, server.otherPlatform.accountID);
    assert.ok(Math.abs(after.offsetSeconds - before.offsetSeconds - 3_600) < 1, JSON.stringify({ before, after }));
    const target = new Date(Date.parse(after.now) + 86_400_000).toISOString();
    assert.equal((await other.sandbox.advanceClock({ body: { until: target } })).now, target);
    assert.equal((await client.sandbox.getClock()).platformID, server.platform.accountID);
    await assert.rejects(
      other.sandbox.advanceClock({ body: { seconds: 60, until: target } }),
      apiError(422, (e) => e.fields?.['seconds'] !== undefined && e.fields?.['until'] !== undefined),
    );
  },
};
