import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer, transferBody } from '../support/transfers.ts';
import { bankMethod, body, cardMethod, fakeJob, moneyWallet } from './helpers.ts';
import { advance, bankParty } from './ach-helpers.ts';
import { findTransferRow } from '../../src/store/repos/transfers.ts';
import { transferFromRow } from '../../src/domain/transfers/model.ts';
import { transferOfJob } from '../../src/domain/transfers/rails/job-helpers.ts';
import { walletOf } from '../../src/domain/transfers/rails/ledger-steps.ts';
import { walletRail, WALLET_COMPLETE_JOB } from '../../src/domain/transfers/rails/wallet.ts';

// The rails' shared pieces (rails/ledger-steps.ts, job-helpers.ts, wallet.ts)
// where no rail test looked: the description an entry gets when the transfer
// has none (what the rail does), a fee equal to the amount (the receiver gets
// nothing, so no posting of zero), the errors a job with a bad payload or a
// wallet outside the platform raises, and the wallet completion job run on a
// transfer that is no longer pending. Added for the rails mutation scope
// (issue 15, item 6).

async function entries(s: TestServer, transferID: string) {
  return s.testStore.store.read((sql) =>
    sql.all<{ entry_id: string; description: string; idempotency_ref: string }>(
      "SELECT entry_id, description, idempotency_ref FROM ledger_entries WHERE platform_id = ? AND reference_id = ? ORDER BY created_on, entry_id",
      [s.platform.accountID, transferID],
    ),
  );
}

async function postingCount(s: TestServer, entryID: string): Promise<number> {
  const row = await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM ledger_postings WHERE entry_id = ?', [entryID]));
  return Number(row?.n);
}

async function storedTransfer(s: TestServer, transferID: string) {
  const row = await s.testStore.store.read((sql) => findTransferRow(sql, s.platform.accountID, transferID));
  assert.ok(row, `transfer ${transferID} is stored`);
  return transferFromRow(row);
}

for (const kind of await storeKinds()) {
  describe(`rails' shared steps (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    it('an entry without the transfer’s description says what the rail does', async () => {
      const payer = await moneyWallet(s, 100_000);
      const payee = await moneyWallet(s, 0);
      const described = await postTransfer(s, transferBody(payer, payee, 100, { description: 'Rent for March' }), { waitFor: 'rail-response' });
      const wallet = await postTransfer(s, transferBody(payer, payee, 100), { waitFor: 'rail-response' });
      const rtp = await postTransfer(s, body(payer.paymentMethodID, (await bankMethod(s, 'rtp-credit')).paymentMethodID, 100), { waitFor: 'rail-response' });
      const pushCard = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const push = await postTransfer(s, body(payer.paymentMethodID, pushCard.paymentMethodID, 100), { waitFor: 'rail-response' });
      const payment = await postTransfer(s, body((await cardMethod(s, 'card-payment')).paymentMethodID, payer.paymentMethodID, 100), { waitFor: 'rail-response' });
      const achPayer = await bankParty(s, { verified: false, walletCents: 1_000 });
      const achPayee = await bankParty(s, { verified: false });
      const ach = await postTransfer(s, body(achPayer.paymentMethodID, achPayee.methods['ach-credit-standard']!, 100), { waitFor: 'rail-response' });
      for (const created of [described, wallet, rtp, push, payment, ach]) assert.equal(created.status, 200, created.text);
      const descriptions = async (id: string) => [...new Set((await entries(s, id)).map((e) => e.description))];
      assert.deepEqual(await descriptions(described.json.transferID), ['Rent for March']);
      assert.deepEqual(await descriptions(wallet.json.transferID), ['wallet transfer']);
      assert.deepEqual(await descriptions(rtp.json.transferID), ['payout']);
      assert.deepEqual(await descriptions(push.json.transferID), ['payout']);
      assert.deepEqual(await descriptions(payment.json.transferID), ['card payment']);
      assert.deepEqual(await descriptions(ach.json.transferID), ['ACH transfer']);
    });

    it('a fee equal to the amount: the receiver gets nothing and no posting of zero, the platform the whole amount', async () => {
      const payer = await moneyWallet(s, 10_000);
      const payee = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(payer, payee, 500, { facilitatorFee: { total: 500 } }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'completed', created.text);
      assert.deepEqual([await balance(s, payer), await balance(s, payee)], [9_500, 0]);
      const [move] = await entries(s, created.json.transferID);
      assert.ok(move, 'the move entry');
      assert.equal(await postingCount(s, move.entry_id), 2, 'the source and the fees account, nothing for the receiver');
      // A push to card with the whole amount as fee: the held money settles to the fees account alone.
      const pushCard = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const push = await postTransfer(s, body(payer.paymentMethodID, pushCard.paymentMethodID, 300, { facilitatorFee: { total: 300 } }), { waitFor: 'rail-response' });
      assert.equal(push.status, 200, push.text);
      await advance(s, { seconds: 10 });
      const settle = (await entries(s, push.json.transferID)).find((e) => e.idempotency_ref.endsWith(':settle'));
      assert.ok(settle, 'the settle entry');
      // settleHold: the held wallet's release and debit lines, and the fees account's credit.
      const withFee = await postingCount(s, settle.entry_id);
      const plain = await postTransfer(s, body(payer.paymentMethodID, pushCard.paymentMethodID, 300), { waitFor: 'rail-response' });
      await advance(s, { seconds: 10 });
      const plainSettle = (await entries(s, plain.json.transferID)).find((e) => e.idempotency_ref.endsWith(':settle'));
      assert.ok(plainSettle, 'the plain settle entry');
      assert.equal(withFee, await postingCount(s, plainSettle.entry_id), 'one receiver line either way: the fees account instead of the card');
      assert.equal(await balance(s, payer), 9_500 - 600);
      await assertLedgerOk(s);
    });

    it('a job without a transferID, or for a transfer that does not exist, fails naming its kind', async () => {
      const ctx = { clock: s.services.clock, liveClock: s.services.clock } as never;
      await s.testStore.store.read(async (sql) => {
        await assert.rejects(transferOfJob(sql, fakeJob(s, 'rail.test.step', {}), ctx), { message: 'rail.test.step: payload without transferID' });
        await assert.rejects(transferOfJob(sql, fakeJob(s, 'rail.test.step', { transferID: 42 }), ctx), { message: 'rail.test.step: payload without transferID' });
        await assert.rejects(transferOfJob(sql, fakeJob(s, 'rail.test.step', { transferID: 'no-such-transfer' }), ctx), {
          message: 'rail.test.step: no transfer no-such-transfer',
        });
      });
    });

    it('a wallet outside the transfer’s platform is refused, from the store or from the rows creation read', async () => {
      const payer = await moneyWallet(s, 1_000);
      const payee = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(payer, payee, 100), { waitFor: 'rail-response' });
      const transfer = await storedTransfer(s, created.json.transferID);
      const elsewhere = { ...transfer, platformID: s.otherPlatform.accountID };
      await s.testStore.store.read(async (sql) => {
        assert.equal((await walletOf(sql, transfer, 'source')).wallet_id, payer.walletID);
        assert.equal((await walletOf(sql, transfer, 'destination')).wallet_id, payee.walletID);
        await assert.rejects(walletOf(sql, elsewhere, 'source'), { message: `transfer ${transfer.transferID}: source wallet missing from the platform's ledger` });
        await assert.rejects(walletOf(sql, elsewhere, 'destination'), { message: `transfer ${transfer.transferID}: destination wallet missing from the platform's ledger` });
        const row = await walletOf(sql, transfer, 'source');
        // A row creation read is used only for the same account: another account's row under the wallet's ID is read again.
        const stale = new Map([[payer.walletID, { ...row, account_id: 'another-account', ledger_account_id: 'not-this-one' }]]);
        assert.equal((await walletOf(sql, transfer, 'source', stale)).ledger_account_id, row.ledger_account_id);
        const kept = new Map([[payer.walletID, { ...row, name: 'kept row' }]]);
        assert.equal((await walletOf(sql, transfer, 'source', kept)).name, 'kept row', 'the kept row is used');
      });
    });

    it('the wallet completion job leaves a transfer that is no longer pending alone', async () => {
      const payer = await moneyWallet(s, 1_000);
      const payee = await moneyWallet(s, 0);
      const created = await postTransfer(s, transferBody(payer, payee, 400), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const handler = walletRail.jobs?.[WALLET_COMPLETE_JOB];
      assert.ok(handler, 'the wallet rail has its completion job');
      const ctx = { clock: s.services.clock, liveClock: s.services.clock } as never;
      await s.testStore.store.write((sql) => handler(sql, fakeJob(s, WALLET_COMPLETE_JOB, { transferID: created.json.transferID }), ctx));
      assert.deepEqual([await balance(s, payer), await balance(s, payee)], [600, 400]);
      assert.equal((await entries(s, created.json.transferID)).length, 1, 'no settle entry');
      assert.equal((await storedTransfer(s, created.json.transferID)).status, 'completed');
    });
  });
}
