import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk } from '../support/transfers.ts';
import { advance, bankParty, getTransfer } from './ach-helpers.ts';
import { addDays, bankingDaysAfter, instantOf, isBankingDay, wallTime } from '../../src/domain/transfers/rails/banking-calendar.ts';

const ET = 'America/New_York';
/**
 * The `weeks`-th Friday after the coming one that is a banking day, as a calendar date in ET (the
 * clock only moves forward, so each test takes a later one). The dates follow the real date, so a
 * Federal Reserve holiday on a Friday (Juneteenth, Christmas or New Year's Day) is skipped: the tests
 * need the Friday cutoffs to run.
 */
function friday(weeks: number) {
  const today = wallTime(new Date(Date.now() + 2 * 86_400_000), ET);
  let date = addDays(today, (5 - today.weekday + 7) % 7);
  for (let left = weeks; left > 0; ) {
    date = addDays(date, 7);
    if (isBankingDay(date)) left--;
  }
  return date;
}
const etAt = (date: { year: number; month: number; day: number }, time: string, plusBankingDays = 0) =>
  instantOf(plusBankingDays ? bankingDaysAfter(date, plusBankingDays) : date, time as `${number}:${number}`, ET).toISOString();
const minus = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

// `realistic` pacing: the ET cutoffs rule, weekends are skipped. Each test walks
// the platform clock (which only moves forward) through its own coming week.
for (const kind of await storeKinds()) {
  describe(`ACH banking calendar (${kind})`, () => {
    let s: TestServer;
    let realistic: TransferService;
    before(async () => {
      s = await startTestServer(kind);
      realistic = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: REALISTIC_PACING });
    });
    after(async () => {
      await s.close();
    });
    const caller = () => ({ platformID: s.platform.accountID, publicKey: s.platform.publicKey });
    const create = async (body: unknown) => {
      const outcome = await realistic.create(caller(), { accountID: caller().platformID, idempotencyKey: randomUUID(), waitForRail: true, body: body as Record<string, unknown> });
      return outcome.body.transferID as string;
    };

    it('standard credit created Friday 17:00 ET originates at 17:30 and settles Monday 09:00 ET', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 1_000 });
      const payee = await bankParty(s, { verified: false });
      const fri = friday(1);
      await advance(s, { until: etAt(fri, '17:00') });
      const id = await create({ source: { paymentMethodID: payer.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-standard'] }, amount: { currency: 'USD', value: 1_000 } });
      await advance(s, { until: minus(etAt(fri, '17:30'), 1000) });
      assert.equal((await getTransfer(s, id)).destination.achDetails.status, 'initiated');
      await advance(s, { until: etAt(fri, '17:30') });
      const originated = await getTransfer(s, id);
      assert.equal(originated.destination.achDetails.status, 'originated');
      // Stamped when the step was due: the cutoff itself, not when the job happened to run.
      assert.equal(originated.destination.achDetails.originatedOn, etAt(fri, '17:30'));
      await advance(s, { until: minus(etAt(fri, '09:00', 1), 60_000) }); // Monday 08:59: the weekend is skipped
      assert.equal((await getTransfer(s, id)).status, 'pending');
      await advance(s, { until: etAt(fri, '09:00', 1) });
      assert.equal((await getTransfer(s, id)).status, 'completed');
      await assertLedgerOk(s);
    });

    it('same-day credit after the last window waits for Monday 10:00 ET; a debit holds two banking days', async () => {
      const payer = await bankParty(s, { verified: true, walletCents: 1_000 });
      const payee = await bankParty(s, { verified: false });
      const fri = friday(2);
      await advance(s, { until: etAt(fri, '16:20') }); // after the 16:15 window
      const credit = await create({ source: { paymentMethodID: payer.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-same-day'] }, amount: { currency: 'USD', value: 500 } });
      const debit = await create({ source: { paymentMethodID: payer.methods['ach-debit-fund'] }, destination: { paymentMethodID: payer.paymentMethodID }, amount: { currency: 'USD', value: 700 } });
      await advance(s, { until: etAt(fri, '10:00', 1) }); // Monday 10:00
      assert.equal((await getTransfer(s, credit)).destination.achDetails.status, 'originated');
      await advance(s, { until: etAt(fri, '13:00', 1) }); // Monday 13:00: same-day settlement
      const settled = await getTransfer(s, credit);
      assert.equal(settled.status, 'completed');
      assert.equal(settled.destination.achDetails.completedOn, etAt(fri, '13:00', 1));
      assert.equal(settled.completedOn, etAt(fri, '13:00', 1));
      // The debit went out at Friday 17:30, settled Monday 09:00, is held until Wednesday 09:00 (2-days).
      // One jump from Friday 16:20 to Monday 10:00 passed its cutoff: it reads as originated then.
      const held = await getTransfer(s, debit);
      assert.equal(held.source.achDetails.status, 'originated');
      assert.equal(held.source.achDetails.originatedOn, etAt(fri, '17:30'));
      await advance(s, { until: minus(etAt(fri, '09:00', 3), 60_000) });
      assert.equal((await getTransfer(s, debit)).status, 'pending');
      await advance(s, { until: etAt(fri, '09:00', 3) });
      assert.equal((await getTransfer(s, debit)).status, 'completed');
      await assertLedgerOk(s);
    });

    it('one long jump walks every step at its own time: rail stamps and events read as scheduled', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 1_000 });
      const payee = await bankParty(s, { verified: false });
      const fri = friday(3);
      await advance(s, { until: etAt(fri, '17:00') });
      const id = await create({ source: { paymentMethodID: payer.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-standard'] }, amount: { currency: 'USD', value: 400 } });
      await advance(s, { until: etAt(fri, '12:00', 4) }); // Thursday noon, past origination and settlement at once
      const done = await getTransfer(s, id);
      assert.equal(done.status, 'completed');
      assert.equal(done.destination.achDetails.originatedOn, etAt(fri, '17:30'));
      assert.equal(done.destination.achDetails.completedOn, etAt(fri, '09:00', 1));
      assert.equal(done.completedOn, etAt(fri, '09:00', 1));
      const events = await s.testStore.store.read((sql) =>
        sql.all<{ data: string; created_on: string }>(
          "SELECT data, created_on FROM events WHERE platform_id = ? AND event_type = 'transfer.updated' ORDER BY event_seq",
          [s.platform.accountID],
        ),
      );
      const mine = events.filter((e) => JSON.parse(e.data).transferID === id).map((e) => [JSON.parse(e.data).status, e.created_on]);
      assert.deepEqual(mine.slice(-3), [
        ['destination.originated', etAt(fri, '17:30')],
        ['destination.completed', etAt(fri, '09:00', 1)],
        ['completed', etAt(fri, '09:00', 1)],
      ]);
      await assertLedgerOk(s);
    });
  });
}
