import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { createPlatform, ledgerSnapshot, openAccount, outsideWorld, steppingClock } from './fixtures.ts';
import {
  getEntry,
  getLedgerAccount,
  holdFunds,
  LedgerError,
  moveFunds,
  reverseEntry,
  verifyLedger,
  type LedgerAccount,
  type SettlementKind,
} from '../../src/ledger/index.ts';

/**
 * Decision 1600: a platform settlement (an entry with `settlement`) may take a
 * wallet below zero; every other debit stops at zero, so a negative wallet
 * cannot send until covered; verify-ledger accepts a negative wallet only when
 * settlements explain it.
 */

function refusedWith(code: string) {
  return (error: unknown) => error instanceof LedgerError && error.code === code;
}

for (const kind of await storeKinds()) {
  describe(`ledger platform settlements (${kind})`, () => {
    const t = storePerSuite(kind);
    let platformID: string;
    let world: LedgerAccount;
    const clock = steppingClock();
    const ref = (referenceID = randomUUID()) => ({ platformID, referenceType: 'transfer', referenceID, description: 'test' });

    const balances = async (account: LedgerAccount) => {
      const read = await t.store.read((sql) => getLedgerAccount(sql, platformID, account.ledgerAccountID));
      return { available: read.available, pending: read.pending };
    };
    const fund = (wallet: LedgerAccount, amount: number) =>
      t.store.write((sql) =>
        moveFunds(sql, { ...ref(), fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet.ledgerAccountID, amount, currency: 'USD' }, clock),
      );
    const debit = (wallet: LedgerAccount, amount: number, settlement?: SettlementKind) =>
      t.store.write((sql) =>
        moveFunds(
          sql,
          {
            ...ref(),
            ...(settlement ? { settlement } : {}),
            fromLedgerAccountID: wallet.ledgerAccountID,
            toLedgerAccountID: world.ledgerAccountID,
            amount,
            currency: 'USD',
          },
          clock,
        ),
      );

    before(async () => {
      platformID = await createPlatform(t.store, clock);
      world = await outsideWorld(t.store, clock, platformID);
    });

    it('lets a settlement overdraw a wallet, refuses a customer debit from it, and funding covers it', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      await fund(wallet, 300);
      const refund = await debit(wallet, 500, 'refund');
      assert.equal(refund.entry.settlement, 'refund');
      assert.deepEqual(await balances(wallet), { available: -200, pending: 0 });
      assert.equal((await t.store.read((sql) => getEntry(sql, platformID, refund.entry.entryID))).settlement, 'refund');
      assert.equal((await verifyLedger(t.store)).ok, true);

      // A negative wallet cannot send: a move or a hold, of any size, is refused and writes nothing.
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(debit(wallet, 1), refusedWith('insufficient-funds'));
      await assert.rejects(
        t.store.write((sql) => holdFunds(sql, { ...ref(), ledgerAccountID: wallet.ledgerAccountID, amount: 1, currency: 'USD' }, clock)),
        refusedWith('insufficient-funds'),
      );
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);

      // Funding lands on the negative balance, part by part; only once covered can the wallet send again.
      await fund(wallet, 150);
      assert.deepEqual(await balances(wallet), { available: -50, pending: 0 });
      await assert.rejects(debit(wallet, 1), refusedWith('insufficient-funds'));
      await fund(wallet, 80);
      assert.deepEqual(await balances(wallet), { available: 30, pending: 0 });
      await assert.rejects(debit(wallet, 31), refusedWith('insufficient-funds'));
      await debit(wallet, 30);
      assert.deepEqual(await balances(wallet), { available: 0, pending: 0 });
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('lets every settlement kind overdraw, and a second settlement deepen the overdraft', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      for (const settlement of ['refund', 'dispute', 'ach-return', 'adjustment', 'fee'] as const) await debit(wallet, 10, settlement);
      assert.deepEqual(await balances(wallet), { available: -50, pending: 0 });
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('lets a reversal marked as a settlement (an ACH return after payout) overdraw, and refuses it unmarked', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      const funding = await fund(wallet, 400);
      await debit(wallet, 300);
      const reverse = (settlement?: SettlementKind) =>
        t.store.write((sql) =>
          reverseEntry(sql, { platformID, entryID: funding.entry.entryID, description: 'ACH return', ...(settlement ? { settlement } : {}) }, clock),
        );
      await assert.rejects(reverse(), refusedWith('insufficient-funds'));
      const returned = await reverse('ach-return');
      assert.equal(returned.entry.settlement, 'ach-return');
      assert.equal(returned.entry.entryType, 'reversal');
      assert.deepEqual(await balances(wallet), { available: -300, pending: 0 });
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('never lets a settlement take a pending bucket below zero', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(
        t.store.write((sql) =>
          moveFunds(sql, { ...ref(), settlement: 'fee', fromLedgerAccountID: wallet.ledgerAccountID, toLedgerAccountID: world.ledgerAccountID, amount: 0, currency: 'USD' }, clock),
        ),
        refusedWith('invalid-amount'),
      );
      // A pending-bucket debit, settlement or not, stays at or above zero.
      const { postEntry } = await import('../../src/ledger/index.ts');
      await assert.rejects(
        t.store.write((sql) =>
          postEntry(
            sql,
            {
              ...ref(),
              settlement: 'dispute',
              postings: [
                { ledgerAccountID: wallet.ledgerAccountID, bucket: 'pending', amount: -5, currency: 'USD' },
                { ledgerAccountID: world.ledgerAccountID, bucket: 'available', amount: 5, currency: 'USD' },
              ],
            },
            clock,
          ),
        ),
        refusedWith('insufficient-funds'),
      );
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('refuses a settlement kind the ledger does not know', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      await assert.rejects(debit(wallet, 5, 'chargeback' as SettlementKind), refusedWith('invalid-entry'));
    });

    it('answers a replay with the first entry only when the settlement mark matches', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      const input = { ...ref(), idempotencyRef: `refund-${randomUUID()}`, fromLedgerAccountID: wallet.ledgerAccountID, toLedgerAccountID: world.ledgerAccountID, amount: 70, currency: 'USD' };
      const first = await t.store.write((sql) => moveFunds(sql, { ...input, settlement: 'refund' }, clock));
      const replay = await t.store.write((sql) => moveFunds(sql, { ...input, settlement: 'refund' }, clock));
      assert.equal(replay.replayed, true);
      assert.equal(replay.entry.entryID, first.entry.entryID);
      await assert.rejects(t.store.write((sql) => moveFunds(sql, input, clock)), refusedWith('idempotency-conflict'));
      assert.deepEqual(await balances(wallet), { available: -70, pending: 0 });
    });

    it('verify-ledger reports a negative wallet once its settlement mark is taken off', async () => {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      await fund(wallet, 100);
      const dispute = await debit(wallet, 250, 'dispute');
      assert.equal((await verifyLedger(t.store)).ok, true);
      await t.store.write((sql) => sql.run('UPDATE ledger_entries SET settlement = NULL WHERE entry_id = ?', [dispute.entry.entryID]));
      const result = await verifyLedger(t.store);
      assert.equal(result.ok, false);
      assert.match(
        (result as { violation: string }).violation,
        new RegExp(`ledger account ${wallet.ledgerAccountID} went negative \\(available -150\\) at posting #2 by entry ${dispute.entry.entryID}, which is not a platform settlement`),
      );
      await t.store.write((sql) => sql.run("UPDATE ledger_entries SET settlement = 'chargeback' WHERE entry_id = ?", [dispute.entry.entryID]));
      assert.match((await verifyLedger(t.store) as { violation: string }).violation, /is marked as a settlement of unknown kind chargeback/);
      await t.store.write((sql) => sql.run("UPDATE ledger_entries SET settlement = 'dispute' WHERE entry_id = ?", [dispute.entry.entryID]));
      assert.equal((await verifyLedger(t.store)).ok, true);
    });
  });
}
