import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock, type TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { advance, assertLedgerOk, balance, getTransfer, methodTransferBody as body, postTransfer, transferLeftovers, updateStatuses, type WalletParty } from '../support/transfers.ts';
import { bankParty, cardMethod, moneyWallet } from '../support/parties.ts';

// Cancellation on the real ACH and card rails (docs/api-behaviour.md §5.4, decision
// 1400), on the default `fast` pacing: ACH legs originate 1 s after creation,
// card payments settle 1 s after authorization, a push to card is answered by
// the network 2 s after creation. Each case is canceled once in time and once
// too late (the platform clock moved past the step that ends the window).

/** Enough platform time for every step any of these transfers plans (fast pacing). */
const PAST_EVERY_STEP = 15;

interface Case {
  name: string;
  /** Creates the parties: the request body and the wallet the transfer holds or would credit. */
  make(s: TestServer): Promise<{ request: unknown; wallet: WalletParty }>;
  side: 'source' | 'destination';
  details: 'achDetails' | 'cardDetails';
  /** Seconds after creation at which the step that closes the window has run. */
  lateAfter: number;
  /** The leg's status then. */
  lateStatus: string;
  lateError: RegExp;
  /** The transfer's status once it ran its course without the cancellation. */
  finalStatus: 'completed' | 'failed';
}

const cases: Case[] = [
  {
    name: 'ACH wallet → ach-credit-standard (before the credit originates)',
    async make(s) {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      return { request: body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 2_500), wallet: payer };
    },
    side: 'destination',
    details: 'achDetails',
    lateAfter: 1,
    lateStatus: 'originated',
    lateError: /ACH credit has already been originated/,
    finalStatus: 'completed',
  },
  {
    name: 'ACH wallet → ach-credit-same-day (before the credit originates)',
    async make(s) {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      return { request: body(payer.paymentMethodID, payee.methods['ach-credit-same-day']!, 1_500), wallet: payer };
    },
    side: 'destination',
    details: 'achDetails',
    lateAfter: 1,
    lateStatus: 'originated',
    lateError: /ACH credit has already been originated/,
    finalStatus: 'completed',
  },
  {
    name: 'ACH ach-debit-fund → wallet (before the debit originates)',
    async make(s) {
      const owner = await bankParty(s, { verified: true });
      const request = { source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: '1-day' } }, destination: { paymentMethodID: owner.paymentMethodID }, amount: { currency: 'USD', value: 4_000 } };
      return { request, wallet: owner };
    },
    side: 'source',
    details: 'achDetails',
    lateAfter: 1,
    lateStatus: 'originated',
    lateError: /ACH debit has already been originated/,
    finalStatus: 'completed',
  },
  {
    name: 'ACH bank → bank (before the debit originates)',
    async make(s) {
      const customer = await bankParty(s, { verified: true, walletCents: 700 });
      const merchant = await bankParty(s, { verified: false });
      const request = { source: { paymentMethodID: customer.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } }, destination: { paymentMethodID: merchant.methods['ach-credit-standard'] }, amount: { currency: 'USD', value: 3_000 } };
      // No wallet takes part: the customer's wallet must simply stay untouched.
      return { request, wallet: customer };
    },
    side: 'source',
    details: 'achDetails',
    lateAfter: 1,
    lateStatus: 'originated',
    lateError: /ACH debit has already been originated/,
    finalStatus: 'completed',
  },
  {
    name: 'card payment (before settlement)',
    async make(s) {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'card-payment');
      return { request: body(card.paymentMethodID, merchant.paymentMethodID, 2_500, { facilitatorFee: { total: 100 } }), wallet: merchant };
    },
    side: 'source',
    details: 'cardDetails',
    lateAfter: 1,
    lateStatus: 'settled',
    lateError: /already settled/,
    finalStatus: 'completed',
  },
  {
    name: 'pull from card (before settlement)',
    async make(s) {
      const merchant = await moneyWallet(s);
      const card = await cardMethod(s, 'pull-from-card', { cardNumber: '4111100010002000' });
      return { request: body(card.paymentMethodID, merchant.paymentMethodID, 1_000), wallet: merchant };
    },
    side: 'source',
    details: 'cardDetails',
    lateAfter: 1,
    lateStatus: 'settled',
    lateError: /already settled/,
    finalStatus: 'completed',
  },
  {
    name: 'push to card (before the network answers)',
    async make(s) {
      const payer = await moneyWallet(s, 5_000);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      return { request: body(payer.paymentMethodID, card.paymentMethodID, 2_000), wallet: payer };
    },
    side: 'destination',
    details: 'cardDetails',
    lateAfter: 2,
    lateStatus: 'completed',
    lateError: /already completed/,
    finalStatus: 'completed',
  },
  {
    name: 'push to a card the network will decline (before it answers)',
    async make(s) {
      const payer = await moneyWallet(s, 5_000);
      const card = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002018' });
      return { request: body(payer.paymentMethodID, card.paymentMethodID, 1_200), wallet: payer };
    },
    side: 'destination',
    details: 'cardDetails',
    lateAfter: 2,
    lateStatus: 'failed',
    lateError: /has failed/,
    finalStatus: 'failed',
  },
];

for (const kind of await storeKinds()) {
  describe(`cancellation on the ACH and card rails (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    const cancel = (transferID: string) => s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations`, { headers: V2026 });
    const count = async (query: string, args: string[]) => (await s.testStore.store.read((sql) => sql.get<{ n: number | string }>(query, args)))!.n;
    const eventCount = () => count('SELECT COUNT(*) AS n FROM events WHERE platform_id = ?', [s.platform.accountID]);
    const cancellationEvents = async (transferID: string) => {
      const rows = await s.testStore.store.read((sql) =>
        sql.all<{ event_type: string; data: string }>("SELECT event_type, data FROM events WHERE platform_id = ? AND event_type LIKE 'cancellation.%'", [s.platform.accountID]),
      );
      return rows.map((r) => ({ type: r.event_type, data: JSON.parse(r.data) })).filter((e) => e.data.transferID === transferID).map((e) => `${e.type}:${e.data.status}`).sort();
    };
    /** Statuses of the transfer's rail jobs; every one has run once the clock passed it. */
    const jobStatuses = async (transferID: string) => {
      const rows = await s.testStore.store.read((sql) => sql.all<{ status: string }>('SELECT status FROM jobs WHERE platform_id = ? AND dedupe_key LIKE ?', [s.platform.accountID, `transfer:${transferID}:%`]));
      return rows.map((r) => r.status);
    };
    const createPending = async (c: Case) => {
      const { request, wallet } = await c.make(s);
      const walletBefore = await balance(s, wallet);
      const created = await postTransfer(s, request, { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'pending', created.text);
      return { transferID: created.json.transferID as string, wallet, walletBefore };
    };

    for (const c of cases) {
      it(`${c.name}: canceled in time, the hold released and the later jobs do nothing`, async () => {
        const { transferID, wallet, walletBefore } = await createPending(c);
        const created = await cancel(transferID);
        assert.equal(created.status, 200, created.text);
        assert.equal(created.json.status, 'completed');

        const canceled = await getTransfer(s, transferID);
        assert.equal(canceled.status, 'canceled');
        assert.equal(canceled[c.side][c.details].status, 'canceled');
        assert.ok(!Number.isNaN(Date.parse(canceled[c.side][c.details].canceledOn)), JSON.stringify(canceled[c.side]));
        assert.deepEqual(canceled.cancellations, [created.json]);
        assert.equal(await balance(s, wallet), walletBefore);
        assert.deepEqual(await transferLeftovers(s, transferID), [], 'holds released, authorization reversed');
        const statuses = await updateStatuses(s, transferID);
        // Events of one unit of work share a timestamp; their order among themselves is not asserted.
        // The SDK's transfer.updated statuses have `source.canceled` but no `destination.canceled`
        // (docs/api-behaviour.md §6.3): a canceled destination leg shows only as the top-level `canceled`.
        if (c.side === 'source') assert.deepEqual(statuses.slice(-2).sort(), ['canceled', 'source.canceled']);
        else {
          assert.equal(statuses.at(-1), 'canceled');
          assert.ok(!statuses.includes('destination.canceled') && !statuses.includes('source.canceled'), JSON.stringify(statuses));
        }
        // Where money had moved (a wallet's hold, an authorization), its release is the transfer's `cancel`
        // entry (docs/ledger.md); an ACH debit not yet originated has no entry at all.
        const refs = await s.testStore.store.read((sql) =>
          sql.all<{ idempotency_ref: string }>('SELECT idempotency_ref FROM ledger_entries WHERE reference_id = ?', [transferID]),
        );
        if (refs.length > 0) assert.ok(refs.some((row) => row.idempotency_ref === `transfer:${transferID}:cancel`), JSON.stringify(refs));
        else assert.equal(c.side, 'source', 'only a debit not yet originated moves no money');
        assert.deepEqual(await cancellationEvents(transferID), ['cancellation.created:pending', 'cancellation.updated:completed']);
        await assertLedgerOk(s);

        await advance(s, { seconds: PAST_EVERY_STEP });
        const jobs = await jobStatuses(transferID);
        assert.ok(jobs.length > 0, 'the rail had scheduled its next step');
        assert.ok(jobs.every((status) => status === 'completed'), `jobs: ${jobs.join(', ')}`);
        assert.deepEqual(await getTransfer(s, transferID), canceled, 'the rail jobs left the canceled transfer alone');
        assert.deepEqual(await updateStatuses(s, transferID), statuses);
        assert.equal(await balance(s, wallet), walletBefore);
        assert.deepEqual(await transferLeftovers(s, transferID), []);

        const again = await cancel(transferID);
        assert.equal(again.status, 400);
        assert.match(again.json.error, /already been canceled/);
        await assertLedgerOk(s);
      });

      it(`${c.name}: too late answers 400, writes nothing, and the transfer runs its course`, async () => {
        const { transferID } = await createPending(c);
        await advance(s, { seconds: c.lateAfter });
        const late = await getTransfer(s, transferID);
        assert.equal(late[c.side][c.details].status, c.lateStatus);
        const events = await eventCount();

        const refused = await cancel(transferID);
        assert.equal(refused.status, 400, refused.text);
        assert.deepEqual(Object.keys(refused.json), ['error']);
        assert.match(refused.json.error, c.lateError);
        assert.deepEqual(await getTransfer(s, transferID), late);
        assert.equal(late.cancellations, undefined);
        assert.equal(await eventCount(), events);
        assert.deepEqual(await cancellationEvents(transferID), []);

        await advance(s, { seconds: PAST_EVERY_STEP });
        assert.equal((await getTransfer(s, transferID)).status, c.finalStatus);
        await assertLedgerOk(s);
      });
    }

    it('refuses a bank → bank transfer whose debit completed and whose credit is not yet originated (decision 1400)', async () => {
      const { transferID } = await createPending(cases.find((c) => c.name.startsWith('ACH bank → bank'))!);
      await advance(s, { seconds: 3 });
      const middle = await getTransfer(s, transferID);
      assert.equal(middle.source.achDetails.status, 'completed');
      assert.equal(middle.destination.achDetails.status, 'initiated');
      const refused = await cancel(transferID);
      assert.equal(refused.status, 400);
      assert.match(refused.json.error, /ACH debit has already been originated/);
      await advance(s, { seconds: PAST_EVERY_STEP });
      assert.equal((await getTransfer(s, transferID)).status, 'completed');
      await assertLedgerOk(s);
    });
  });
}
