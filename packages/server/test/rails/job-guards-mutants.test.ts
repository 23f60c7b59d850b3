import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { postTransfer } from '../support/transfers.ts';
import { bankMethod, body, cardMethod, fakeJob, moneyWallet, runJobAgain } from './helpers.ts';
import { advance, bankParty } from './ach-helpers.ts';
import { achRail } from '../../src/domain/transfers/rails/ach/rail.ts';
import { cardRail } from '../../src/domain/transfers/rails/card/index.ts';
import { rtpRail } from '../../src/domain/transfers/rails/rtp/index.ts';
import type { JobHandler } from '../../src/jobs/index.ts';

// Every rail job runs only from its own step of a `pending` transfer
// (docs/rails.md; docs/transfers.md): a job delivered again after its
// transfer moved on (a retry after a crash, a duplicate) changes nothing, no
// money, no status, no event. Each job of each rail is run again here, by
// hand, on a transfer that finished; and an ACH return job for a transfer
// with no planned return is refused. Added for the rails mutation scope
// (issue 15, item 6).

for (const kind of await storeKinds()) {
  describe(`rail jobs delivered again do nothing (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    const runAgain = (handler: JobHandler | undefined, jobKind: string, payload: { transferID: string } & Record<string, unknown>) => runJobAgain(s, handler, jobKind, payload);

    it('card: settle, complete and push-complete on finished transfers', async () => {
      const merchant = await moneyWallet(s, 10_000);
      const payment = await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, merchant.paymentMethodID, 1_500));
      const push = await postTransfer(s, body(merchant.paymentMethodID, (await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' })).paymentMethodID, 1_500));
      const declined = await postTransfer(s, body(merchant.paymentMethodID, (await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002018' })).paymentMethodID, 1_500));
      await advance(s, { seconds: 10 });
      for (const name of ['rail.card.settle', 'rail.card.complete']) await runAgain(cardRail.jobs?.[name], name, { transferID: payment.json.transferID });
      await runAgain(cardRail.jobs?.['rail.card.push-complete'], 'rail.card.push-complete', { transferID: push.json.transferID });
      await runAgain(cardRail.jobs?.['rail.card.push-complete'], 'rail.card.push-complete', { transferID: declined.json.transferID });
      // A payment still waiting to settle: its completion job, early, does nothing either.
      const waiting = await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, merchant.paymentMethodID, 1_200));
      await runAgain(cardRail.jobs?.['rail.card.complete'], 'rail.card.complete', { transferID: waiting.json.transferID });
    });

    it('RTP: the answer job on a completed and on a failed credit', async () => {
      const payer = await moneyWallet(s, 20_000);
      const completed = await postTransfer(s, body(payer.paymentMethodID, (await bankMethod(s, 'rtp-credit')).paymentMethodID, 1_000), { waitFor: 'rail-response' });
      const failed = await postTransfer(s, body(payer.paymentMethodID, (await bankMethod(s, 'rtp-credit')).paymentMethodID, 7_709), { waitFor: 'rail-response' });
      assert.deepEqual([completed.json.status, failed.json.status], ['completed', 'failed']);
      for (const created of [completed, failed]) await runAgain(rtpRail.jobs?.['rail.rtp.complete'], 'rail.rtp.complete', { transferID: created.json.transferID });
    });

    it('ACH: originate, complete and return on a completed credit and a completed debit; a return job without a planned return throws', async () => {
      const payer = await bankParty(s, { verified: true, walletCents: 20_000 });
      const payee = await bankParty(s, { verified: false });
      const credit = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 1_000));
      const debit = await postTransfer(s, body(payer.methods['ach-debit-fund']!, payer.paymentMethodID, 1_000));
      const returned = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 5_503));
      const failed = await postTransfer(s, body(payer.methods['ach-debit-fund']!, payer.paymentMethodID, 5_501));
      await advance(s, { seconds: 20 });
      for (const [created, leg] of [[credit, 'credit'], [debit, 'debit']] as const) {
        for (const name of ['rail.ach.originate', 'rail.ach.complete']) await runAgain(achRail.jobs?.[name], name, { transferID: created.json.transferID, leg });
      }
      // The planned returns, delivered again once the transfer is reversed or failed.
      await runAgain(achRail.jobs?.['rail.ach.return'], 'rail.ach.return', { transferID: returned.json.transferID, leg: 'credit' });
      await runAgain(achRail.jobs?.['rail.ach.return'], 'rail.ach.return', { transferID: failed.json.transferID, leg: 'debit' });
      const ctx = { clock: s.services.clock, liveClock: s.services.clock } as never;
      const handler = achRail.jobs?.['rail.ach.return'];
      assert.ok(handler);
      await assert.rejects(
        s.testStore.store.write((sql) => handler(sql, fakeJob(s, 'rail.ach.return', { transferID: credit.json.transferID, leg: 'credit' }), ctx)),
        { message: `ACH return job for transfer ${credit.json.transferID} without a planned return` },
      );
      // A return planned for the credit leg, delivered for the debit leg: refused the same way.
      await assert.rejects(
        s.testStore.store.write((sql) => handler(sql, fakeJob(s, 'rail.ach.return', { transferID: returned.json.transferID, leg: 'debit' }), ctx)),
        { message: 'ACH plan has no debit leg' },
      );
    });
  });
}
