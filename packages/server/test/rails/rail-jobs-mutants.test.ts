import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { postTransfer } from '../support/transfers.ts';
import { body, cardMethod, moneyWallet } from './helpers.ts';
import { advance, bankParty } from './ach-helpers.ts';

// The jobs each rail schedules for a transfer, walked to its end on the fast
// pacing: their kinds, payloads, dedupe keys `transfer:<id>:<step>`
// (docs/transfers.md, docs/time-and-jobs.md: a step is scheduled once for ever)
// and when they are due, in seconds after creation as docs/rails.md states them
// (ACH: originate +1 s, a credit completes at +3 s, a 2-day-hold debit at +5 s,
// bank → bank at +8 s, a return after completion 1 s after it; cards: settle
// +1 s, credit +1 s more, push +2 s; a dispute notice 5 s after the credit,
// docs/sandbox.md). Written out here, not read from the rails. Added for the
// rails mutation scope (issue 15, item 6).

type JobRow = { kind: string; dedupe_key: string; payload: string; run_at: string; status: string };

async function jobsOf(s: TestServer, transferID: string, createdOn: string) {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<JobRow>('SELECT kind, dedupe_key, payload, run_at, status FROM jobs WHERE platform_id = ? AND dedupe_key LIKE ? ORDER BY run_at_ms, kind', [
      s.platform.accountID,
      `transfer:${transferID}:%`,
    ]),
  );
  return rows.map((row) => [row.kind, row.dedupe_key.slice(`transfer:${transferID}:`.length), JSON.parse(row.payload), (Date.parse(row.run_at) - Date.parse(createdOn)) / 1000, row.status]);
}

for (const kind of await storeKinds()) {
  describe(`the jobs each rail schedules (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    it('ACH: a credit, a debit, bank → bank and both kinds of return', async () => {
      const payer = await bankParty(s, { verified: true, walletCents: 100_000 });
      const payee = await bankParty(s, { verified: false });
      const credit = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 1_000));
      const debit = await postTransfer(s, body(payer.methods['ach-debit-fund']!, payer.paymentMethodID, 1_000));
      const bankToBank = await postTransfer(s, body(payer.methods['ach-debit-fund']!, payee.methods['ach-credit-standard']!, 1_000));
      const lateReturn = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 5_503));
      const clearingReturn = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-same-day']!, 5_501));
      for (const created of [credit, debit, bankToBank, lateReturn, clearingReturn]) assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 20 });
      const walked = async (created: typeof credit) => jobsOf(s, created.json.transferID, created.json.createdOn);
      const id = (created: typeof credit) => created.json.transferID as string;
      const done = 'completed';
      assert.deepEqual(await walked(credit), [
        ['rail.ach.originate', 'credit-originate', { transferID: id(credit), leg: 'credit' }, 1, done],
        ['rail.ach.complete', 'credit-complete', { transferID: id(credit), leg: 'credit' }, 3, done],
      ]);
      assert.deepEqual(await walked(debit), [
        ['rail.ach.originate', 'debit-originate', { transferID: id(debit), leg: 'debit' }, 1, done],
        ['rail.ach.complete', 'debit-complete', { transferID: id(debit), leg: 'debit' }, 5, done],
      ]);
      assert.deepEqual(await walked(bankToBank), [
        ['rail.ach.originate', 'debit-originate', { transferID: id(bankToBank), leg: 'debit' }, 1, done],
        ['rail.ach.complete', 'debit-complete', { transferID: id(bankToBank), leg: 'debit' }, 5, done],
        ['rail.ach.originate', 'credit-originate', { transferID: id(bankToBank), leg: 'credit' }, 6, done],
        ['rail.ach.complete', 'credit-complete', { transferID: id(bankToBank), leg: 'credit' }, 8, done],
      ]);
      assert.deepEqual(await walked(lateReturn), [
        ['rail.ach.originate', 'credit-originate', { transferID: id(lateReturn), leg: 'credit' }, 1, done],
        ['rail.ach.complete', 'credit-complete', { transferID: id(lateReturn), leg: 'credit' }, 3, done],
        ['rail.ach.return', 'credit-return', { transferID: id(lateReturn), leg: 'credit' }, 4, done],
      ]);
      assert.deepEqual(await walked(clearingReturn), [
        ['rail.ach.originate', 'credit-originate', { transferID: id(clearingReturn), leg: 'credit' }, 1, done],
        ['rail.ach.return', 'credit-return', { transferID: id(clearingReturn), leg: 'credit' }, 2, done],
      ]);
    });

    it('cards: a payment settles and completes, a disputed one adds the network notice, a push completes', async () => {
      const merchant = await moneyWallet(s, 10_000);
      const payment = await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, merchant.paymentMethodID, 1_500));
      const disputed = await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, merchant.paymentMethodID, 6_601));
      const push = await postTransfer(s, body(merchant.paymentMethodID, (await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' })).paymentMethodID, 1_500));
      for (const created of [payment, disputed, push]) assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 20 });
      const walked = async (created: typeof push) => jobsOf(s, created.json.transferID, created.json.createdOn);
      assert.deepEqual(await walked(payment), [
        ['rail.card.settle', 'card-settle', { transferID: payment.json.transferID }, 1, 'completed'],
        ['rail.card.complete', 'card-complete', { transferID: payment.json.transferID }, 2, 'completed'],
      ]);
      assert.deepEqual((await walked(disputed)).map(([jobKind, step, payload, at]) => [jobKind, step, payload, at]), [
        ['rail.card.settle', 'card-settle', { transferID: disputed.json.transferID }, 1],
        ['rail.card.complete', 'card-complete', { transferID: disputed.json.transferID }, 2],
        ['rail.card.chargeback', 'chargeback', { transferID: disputed.json.transferID }, 7],
      ]);
      assert.deepEqual(await walked(push), [['rail.card.push-complete', 'push-complete', { transferID: push.json.transferID }, 2, 'completed']]);
    });
  });
}
