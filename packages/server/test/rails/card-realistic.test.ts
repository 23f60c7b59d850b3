import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { pullSchedule } from '../../src/domain/transfers/rails/card/schedule.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, balance } from '../support/transfers.ts';
import { body, cardMethod, getTransfer, moneyWallet } from './helpers.ts';

// A card payment on the realistic pacing walked with the clock: nothing moves
// before the brand cutoff, settled after it, the wallet credited only at the
// credit time of the next banking day.
for (const kind of await storeKinds()) {
  describe(`card payment on the banking calendar (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('settles at the Mastercard cutoff and credits the wallet the next banking day', async () => {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment', { cardNumber: '5555555555554444' });
      const paced = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: REALISTIC_PACING });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const run = () => s.services.jobs.runDueJobs({ platformID: caller.platformID });
      const outcome = await paced.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: body(card.paymentMethodID, merchant.paymentMethodID, 900) });
      assert.equal(outcome.kind, 'rail-answered');
      const confirmedOn = new Date((outcome.body.source as any).cardDetails.confirmedOn);
      const schedule = pullSchedule(confirmedOn, 'Mastercard', REALISTIC_PACING);
      const justBefore = (iso: string) => new Date(Date.parse(iso) - 60_000).toISOString();

      await s.services.platformClock.advance(caller.platformID, { until: justBefore(schedule.settleAt!) });
      await run();
      assert.equal((await getTransfer(s, outcome.body.transferID)).source.cardDetails.status, 'confirmed');
      await s.services.platformClock.advance(caller.platformID, { until: new Date(Date.parse(schedule.settleAt!) + 1_000).toISOString() });
      await run();
      assert.equal((await getTransfer(s, outcome.body.transferID)).source.cardDetails.status, 'settled');

      await s.services.platformClock.advance(caller.platformID, { until: justBefore(schedule.completeAt) });
      await run();
      assert.equal((await getTransfer(s, outcome.body.transferID)).status, 'pending');
      assert.equal(await balance(s, merchant), 0);
      await s.services.platformClock.advance(caller.platformID, { until: new Date(Date.parse(schedule.completeAt) + 1_000).toISOString() });
      await run();
      const done = await getTransfer(s, outcome.body.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(done.source.cardDetails.status, 'completed');
      assert.equal(await balance(s, merchant), 900);
      await assertLedgerOk(s);
    });
  });
}
