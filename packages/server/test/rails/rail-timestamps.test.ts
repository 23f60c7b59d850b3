import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock, type TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { postTransfer } from '../support/transfers.ts';
import { advance, bankMethod, body, cardMethod, getTransfer, moneyWallet } from './helpers.ts';
import { bankParty } from './ach-helpers.ts';

// Rail timestamps are the platform clock at each step (docs/time-and-jobs.md:
// a step is stamped at the time it was due, even when one advance jumps past
// several), not merely present. The clock stands still, so each expected
// instant is the creation instant plus the step's delay on the `fast` pacing
// (docs/rails.md), written out here in seconds.

async function platformNow(s: TestServer): Promise<number> {
  const clock = await s.request('GET', '/railyard/clock', { headers: V2026 });
  assert.equal(clock.status, 200, clock.text);
  return Date.parse(clock.json.now);
}

/** Seconds after `start` of each named timestamp (undefined when absent). */
function secondsAfter(start: number, stamps: Record<string, string | undefined>): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(stamps).map(([name, at]) => [name, at === undefined ? undefined : (Date.parse(at) - start) / 1000]));
}

for (const kind of await storeKinds()) {
  describe(`rail timestamps follow the platform clock (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('RTP: initiated and completed at creation', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const start = await platformNow(s);
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 4_000), { waitFor: 'rail-response' });
      const rtp = created.json.destination.rtpDetails;
      assert.deepEqual(secondsAfter(start, { createdOn: created.json.createdOn, initiatedOn: rtp.initiatedOn, completedOn: rtp.completedOn, transferCompletedOn: created.json.completedOn }), {
        createdOn: 0,
        initiatedOn: 0,
        completedOn: 0,
        transferCompletedOn: 0,
      });
    });

    it('ACH standard credit, one jump of 10 s: initiated at creation, originated +1 s, completed +3 s', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const start = await platformNow(s);
      const created = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 2_500), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 10 });
      const done = await getTransfer(s, created.json.transferID);
      const ach = done.destination.achDetails;
      assert.deepEqual(secondsAfter(start, { createdOn: done.createdOn, initiatedOn: ach.initiatedOn, originatedOn: ach.originatedOn, completedOn: ach.completedOn, transferCompletedOn: done.completedOn }), {
        createdOn: 0,
        initiatedOn: 0,
        originatedOn: 1,
        completedOn: 3,
        transferCompletedOn: 3,
      });
    });

    it('card payment, one jump of 10 s: confirmed at creation, settled +1 s, completed +2 s', async () => {
      const merchant = await moneyWallet(s, 0);
      const card = await cardMethod(s, 'card-payment');
      const start = await platformNow(s);
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 10 });
      const done = await getTransfer(s, created.json.transferID);
      const details = done.source.cardDetails;
      assert.deepEqual(
        secondsAfter(start, { createdOn: done.createdOn, initiatedOn: details.initiatedOn, confirmedOn: details.confirmedOn, settledOn: details.settledOn, completedOn: details.completedOn, transferCompletedOn: done.completedOn }),
        { createdOn: 0, initiatedOn: 0, confirmedOn: 0, settledOn: 1, completedOn: 2, transferCompletedOn: 2 },
      );
    });

    it('push to card, one jump of 10 s: initiated at creation, completed +2 s', async () => {
      const payer = await moneyWallet(s, 10_000);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const start = await platformNow(s);
      const created = await postTransfer(s, body(payer.paymentMethodID, card.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 10 });
      const done = await getTransfer(s, created.json.transferID);
      const details = done.destination.cardDetails;
      assert.deepEqual(secondsAfter(start, { createdOn: done.createdOn, initiatedOn: details.initiatedOn, completedOn: details.completedOn, transferCompletedOn: done.completedOn }), {
        createdOn: 0,
        initiatedOn: 0,
        completedOn: 2,
        transferCompletedOn: 2,
      });
    });
  });
}
