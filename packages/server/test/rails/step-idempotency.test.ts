import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { balance, postTransfer, transferBody } from '../support/transfers.ts';
import { bankMethod, body, cardMethod, moneyWallet } from './helpers.ts';
import { advance, bankParty } from './ach-helpers.ts';
import { findTransferRow } from '../../src/store/repos/transfers.ts';
import { transferFromRow } from '../../src/domain/transfers/model.ts';
import { walletRail } from '../../src/domain/transfers/rails/wallet.ts';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';

// Every ledger entry a rail step posts is keyed `transfer:<transferID>:<step>`
// (docs/transfers.md "Post with idempotencyRef", docs/ledger.md), so a step run
// again after a crash replays its entry instead of moving money a second time.
// The step names are written out here per rail, not read from the rails.

async function entriesOf(s: TestServer, transferID: string) {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ entry_type: string; idempotency_ref: string | null }>(
      "SELECT entry_type, idempotency_ref FROM ledger_entries WHERE platform_id = ? AND reference_type = 'transfer' AND reference_id = ? ORDER BY created_on, entry_id",
      [s.platform.accountID, transferID],
    ),
  );
  return rows.map((row) => [row.entry_type, row.idempotency_ref]);
}

function keyed(transferID: string, steps: Array<[entryType: string, step: string]>) {
  return steps.map(([entryType, step]) => [entryType, `transfer:${transferID}:${step}`]);
}

for (const kind of await storeKinds()) {
  describe(`rail steps post under transfer:<id>:<step> and move money once (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    it('wallet → wallet: one movement keyed move', async () => {
      const from = await moneyWallet(s, 10_000);
      const to = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(from, to, 1_000), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const id = created.json.transferID as string;
      assert.deepEqual(await entriesOf(s, id), keyed(id, [['movement', 'move']]));
    });

    it('wallet → wallet: the move step run again (its status change lost in a crash) moves no more money', async () => {
      const from = await moneyWallet(s, 10_000);
      const to = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(from, to, 1_000), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const [fromAfter, toAfter] = [await balance(s, from), await balance(s, to)];
      assert.deepEqual([fromAfter, toAfter], [9_000, 1_000], 'the first run moved $10');
      const rerun = await s.testStore.store.write(async (sql) => {
        const row = await findTransferRow(sql, s.platform.accountID, created.json.transferID);
        assert.ok(row, 'the transfer is stored');
        // The transfer as its rail found it before the step: created, not yet moved.
        const beforeStep = { ...transferFromRow(row), status: 'created' as const, completedOn: undefined, railAnsweredOn: undefined };
        return walletRail.start(sql, { clock: s.services.clock, pacing: FAST_PACING }, beforeStep);
      });
      assert.equal(rerun?.status, 'completed', 'the re-run step completed again');
      assert.deepEqual([await balance(s, from), await balance(s, to)], [9_000, 1_000], 'the re-run replayed the move');
      assert.deepEqual(await entriesOf(s, created.json.transferID), keyed(created.json.transferID, [['movement', 'move']]));
    });

    it('RTP: hold then settle', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 4_000), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const id = created.json.transferID as string;
      assert.deepEqual(await entriesOf(s, id), keyed(id, [['hold', 'hold'], ['settle', 'settle']]));
    });

    it('ACH credit: hold then settle (credit-complete); ACH debit: debit-originate then debit-complete', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const credit = await postTransfer(s, body(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 2_500), { waitFor: 'rail-response' });
      assert.equal(credit.status, 200, credit.text);
      const debitor = await bankParty(s, { verified: true });
      const debit = await postTransfer(s, body(debitor.methods['ach-debit-fund']!, payer.paymentMethodID, 2_500), { waitFor: 'rail-response' });
      assert.equal(debit.status, 200, debit.text);
      await advance(s, { seconds: 10 });
      assert.deepEqual(await entriesOf(s, credit.json.transferID), keyed(credit.json.transferID, [['hold', 'hold'], ['settle', 'credit-complete']]));
      assert.deepEqual(
        await entriesOf(s, debit.json.transferID),
        keyed(debit.json.transferID, [['movement', 'debit-originate'], ['movement', 'debit-complete']]),
      );
    });

    it('card payment: authorize then complete; push to card: hold then settle', async () => {
      const merchant = await moneyWallet(s, 10_000);
      const card = await cardMethod(s, 'card-payment');
      const payment = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(payment.status, 200, payment.text);
      const pushCard = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const push = await postTransfer(s, body(merchant.paymentMethodID, pushCard.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(push.status, 200, push.text);
      await advance(s, { seconds: 10 });
      assert.deepEqual(await entriesOf(s, payment.json.transferID), keyed(payment.json.transferID, [['movement', 'authorize'], ['movement', 'complete']]));
      assert.deepEqual(await entriesOf(s, push.json.transferID), keyed(push.json.transferID, [['hold', 'hold'], ['settle', 'settle']]));
    });
  });
}
