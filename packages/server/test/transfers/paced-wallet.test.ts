import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, balance, transferBody, walletParty } from './helpers.ts';
import { eventTypes } from '../support/events.ts';

// The wallet rail with a completion delay: a hold at creation (pending), and the
// rail.wallet.complete job settles it once the platform's clock reaches it.
for (const kind of await storeKinds()) {
  describe(`wallet rail with a delay (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('holds, stays pending until the job runs, then completes with one settlement', async () => {
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const paced = new TransferService(s.testStore.store, {
        platformClock: s.services.platformClock,
        rails: s.services.rails,
        pacing: { ...FAST_PACING, walletCompleteAfterSeconds: 60 },
      });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const outcome = await paced.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(alice, bob, 400) });
      assert.equal(outcome.kind, 'rail-answered');
      assert.equal(outcome.body.status, 'pending');
      assert.equal(await balance(s, alice), 600);
      assert.equal(await balance(s, bob), 0);

      assert.equal((await s.services.jobs.runDueJobs({ platformID: caller.platformID })).completed, 0);
      await s.services.platformClock.advance(caller.platformID, { seconds: 61 });
      assert.equal((await s.services.jobs.runDueJobs({ platformID: caller.platformID })).completed, 1);

      const done = await paced.get(caller, caller.platformID, outcome.body.transferID);
      assert.equal(done.status, 'completed');
      assert.ok(done.completedOn);
      assert.equal(await balance(s, bob), 400);
      const statuses = (await eventTypes(s, 'transfer.updated')).filter((e) => e.data.transferID === done.transferID).map((e) => e.data.status);
      assert.deepEqual(statuses, ['pending', 'completed']);
      await assertLedgerOk(s);
    });
  });
}
