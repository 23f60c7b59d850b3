import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { createPlatform, ledgerSnapshot, openAccount, outsideWorld, refusedWith, steppingClock } from './fixtures.ts';
import {
  entriesByReference,
  getEntry,
  getLedgerAccount,
  heldAmount,
  holdFunds,
  listPostings,
  moveFunds,
  releaseHold,
  reverseEntry,
  settleHold,
  verifyLedger,
  type LedgerAccount,
} from '../../src/ledger/index.ts';

for (const kind of await storeKinds()) {
  describe(`ledger holds, settlements and reversals (${kind})`, () => {
    const t = storePerSuite(kind, { beforeDestroy: async ({ store }) => assert.equal((await verifyLedger(store)).ok, true) });
    let platformID: string;
    let otherPlatformID: string;
    let world: LedgerAccount;
    let fees: LedgerAccount;
    const clock = steppingClock();
    const ref = (referenceID: string) => ({ platformID, referenceType: 'transfer', referenceID, description: 'transfer' });

    async function fundedWallet(amount: number): Promise<LedgerAccount> {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      await t.store.write((sql) =>
        moveFunds(sql, { ...ref(randomUUID()), fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet.ledgerAccountID, amount, currency: 'USD' }, clock),
      );
      return wallet;
    }
    const balances = async (account: LedgerAccount) => {
      const read = await t.store.read((sql) => getLedgerAccount(sql, platformID, account.ledgerAccountID));
      return { available: read.available, pending: read.pending };
    };
    const hold = (account: LedgerAccount, referenceID: string, amount: number) =>
      t.store.write((sql) => holdFunds(sql, { ...ref(referenceID), ledgerAccountID: account.ledgerAccountID, amount, currency: 'USD' }, clock));
    const release = (account: LedgerAccount, referenceID: string, amount: number) =>
      t.store.write((sql) => releaseHold(sql, { ...ref(referenceID), ledgerAccountID: account.ledgerAccountID, amount, currency: 'USD' }, clock));
    const settle = (account: LedgerAccount, referenceID: string, amount: number, credits: Array<{ ledgerAccountID: string; amount: number }>) =>
      t.store.write((sql) => settleHold(sql, { ...ref(referenceID), ledgerAccountID: account.ledgerAccountID, amount, currency: 'USD', credits }, clock));
    const reverse = (entryID: string, idempotencyRef?: string) =>
      t.store.write((sql) =>
        reverseEntry(sql, { platformID, entryID, description: 'reversal', ...(idempotencyRef ? { idempotencyRef } : {}) }, clock),
      );

    before(async () => {
      platformID = await createPlatform(t.store, clock);
      otherPlatformID = await createPlatform(t.store, clock);
      world = await outsideWorld(t.store, clock, platformID);
      fees = await openAccount(t.store, clock, platformID, 'fees');
    });

    it('holds, then settles to the counterparty and fees', async () => {
      const source = await fundedWallet(1_000);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const transferID = randomUUID();
      const held = await hold(source, transferID, 600);
      assert.equal(held.entry.entryType, 'hold');
      assert.deepEqual(await balances(source), { available: 400, pending: 600 });
      assert.equal(await t.store.read((sql) => heldAmount(sql, platformID, source.ledgerAccountID, transferID)), 600);
      const settled = await settle(source, transferID, 600, [
        { ledgerAccountID: destination.ledgerAccountID, amount: 590 },
        { ledgerAccountID: fees.ledgerAccountID, amount: 10 },
      ]);
      assert.equal(settled.entry.entryType, 'settle');
      assert.deepEqual(await balances(source), { available: 400, pending: 0 });
      assert.deepEqual(await balances(destination), { available: 590, pending: 0 });
      assert.equal(await t.store.read((sql) => heldAmount(sql, platformID, source.ledgerAccountID, transferID)), 0);
      const entries = await t.store.read((sql) => entriesByReference(sql, platformID, transferID));
      assert.deepEqual(entries.map((entry) => entry.entryType), ['hold', 'settle']);
      assert.deepEqual(await t.store.read((sql) => entriesByReference(sql, otherPlatformID, transferID)), []);
    });

    it('holds, then releases back to available', async () => {
      const source = await fundedWallet(500);
      const transferID = randomUUID();
      await hold(source, transferID, 500);
      assert.deepEqual(await balances(source), { available: 0, pending: 500 });
      await release(source, transferID, 200);
      await release(source, transferID, 300);
      assert.deepEqual(await balances(source), { available: 500, pending: 0 });
    });

    it('refuses a hold larger than the available balance and writes nothing', async () => {
      const source = await fundedWallet(100);
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(hold(source, randomUUID(), 101), refusedWith('insufficient-funds'));
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('lets a reference release or settle only what it held', async () => {
      const source = await fundedWallet(1_000);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const first = randomUUID();
      const second = randomUUID();
      await hold(source, first, 300);
      await hold(source, second, 300);
      const snapshot = await ledgerSnapshot(t.store);
      // The account's pending bucket has 600, but `first` only put 300 into it.
      await assert.rejects(release(source, first, 301), refusedWith('hold-exceeded'));
      await assert.rejects(settle(source, first, 400, [{ ledgerAccountID: destination.ledgerAccountID, amount: 400 }]), refusedWith('hold-exceeded'));
      await assert.rejects(release(source, randomUUID(), 1), refusedWith('hold-exceeded'));
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
      await settle(source, first, 300, [{ ledgerAccountID: destination.ledgerAccountID, amount: 300 }]);
      await assert.rejects(release(source, first, 1), refusedWith('hold-exceeded'));
      await release(source, second, 300);
      assert.deepEqual(await balances(source), { available: 700, pending: 0 });
    });

    it('refuses settlements whose credits do not add up, and bad amounts', async () => {
      const source = await fundedWallet(100);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const transferID = randomUUID();
      await hold(source, transferID, 100);
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(settle(source, transferID, 100, [{ ledgerAccountID: destination.ledgerAccountID, amount: 99 }]), refusedWith('unbalanced'));
      await assert.rejects(settle(source, transferID, 100, []), refusedWith('invalid-entry'));
      await assert.rejects(settle(source, transferID, 100, [{ ledgerAccountID: destination.ledgerAccountID, amount: 100.5 }]), refusedWith('invalid-amount'));
      await assert.rejects(hold(source, transferID, 0), refusedWith('invalid-amount'));
      await assert.rejects(release(source, transferID, -1), refusedWith('invalid-amount'));
      await assert.rejects(hold(source, transferID, 1.5), refusedWith('invalid-amount'));
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('reverses an entry exactly once, under the same reference', async () => {
      const source = await fundedWallet(1_000);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const transferID = randomUUID();
      const moved = await t.store.write((sql) =>
        moveFunds(sql, { ...ref(transferID), fromLedgerAccountID: source.ledgerAccountID, toLedgerAccountID: destination.ledgerAccountID, amount: 250, currency: 'USD' }, clock),
      );
      const reversal = await reverse(moved.entry.entryID);
      assert.equal(reversal.entry.entryType, 'reversal');
      assert.equal(reversal.entry.reversesEntryID, moved.entry.entryID);
      assert.equal(reversal.entry.referenceID, transferID);
      assert.deepEqual(reversal.entry.postings.map((p) => p.amount), moved.entry.postings.map((p) => -p.amount));
      assert.deepEqual(await balances(source), { available: 1_000, pending: 0 });
      assert.deepEqual(await balances(destination), { available: 0, pending: 0 });
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(reverse(moved.entry.entryID), refusedWith('already-reversed'));
      await assert.rejects(reverse(reversal.entry.entryID), refusedWith('invalid-entry'));
      await assert.rejects(reverse(randomUUID()), refusedWith('unknown-entry'));
      await assert.rejects(
        t.store.write((sql) => reverseEntry(sql, { platformID: otherPlatformID, entryID: moved.entry.entryID, description: 'x' }, clock)),
        refusedWith('unknown-entry'),
      );
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('replays a reversal with the same idempotency reference', async () => {
      const source = await fundedWallet(100);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const moved = await t.store.write((sql) =>
        moveFunds(sql, { ...ref(randomUUID()), fromLedgerAccountID: source.ledgerAccountID, toLedgerAccountID: destination.ledgerAccountID, amount: 40, currency: 'USD' }, clock),
      );
      const idempotencyRef = `reverse:${moved.entry.entryID}`;
      const first = await reverse(moved.entry.entryID, idempotencyRef);
      const again = await reverse(moved.entry.entryID, idempotencyRef);
      assert.equal(again.replayed, true);
      assert.equal(again.entry.entryID, first.entry.entryID);
      assert.deepEqual(await balances(source), { available: 100, pending: 0 });
    });

    it('reverses once when many reversals race', async () => {
      const source = await fundedWallet(100);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const moved = await t.store.write((sql) =>
        moveFunds(sql, { ...ref(randomUUID()), fromLedgerAccountID: source.ledgerAccountID, toLedgerAccountID: destination.ledgerAccountID, amount: 60, currency: 'USD' }, clock),
      );
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => reverse(moved.entry.entryID)));
      assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
      for (const result of results) {
        if (result.status === 'rejected') assert.ok(refusedWith('already-reversed')(result.reason), String(result.reason));
      }
      assert.deepEqual(await balances(source), { available: 100, pending: 0 });
    });

    it('refuses a reversal that would overdraw the receiver, or undo a hold already settled', async () => {
      const source = await fundedWallet(300);
      const destination = await openAccount(t.store, clock, platformID, 'wallet');
      const moved = await t.store.write((sql) =>
        moveFunds(sql, { ...ref(randomUUID()), fromLedgerAccountID: source.ledgerAccountID, toLedgerAccountID: destination.ledgerAccountID, amount: 100, currency: 'USD' }, clock),
      );
      // The receiver spends it.
      await t.store.write((sql) =>
        moveFunds(sql, { ...ref(randomUUID()), fromLedgerAccountID: destination.ledgerAccountID, toLedgerAccountID: world.ledgerAccountID, amount: 100, currency: 'USD' }, clock),
      );
      const transferID = randomUUID();
      const held = await hold(source, transferID, 50);
      await settle(source, transferID, 50, [{ ledgerAccountID: world.ledgerAccountID, amount: 50 }]);
      // Another transfer's hold keeps the pending bucket above zero: only the per-reference check can refuse.
      await hold(source, randomUUID(), 100);
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(reverse(moved.entry.entryID), refusedWith('insufficient-funds'));
      await assert.rejects(reverse(held.entry.entryID), refusedWith('hold-exceeded'));
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('lists an account’s postings newest first, in pages, with their entries', async () => {
      const wallet = await fundedWallet(1_000);
      const transferIDs = Array.from({ length: 5 }, () => randomUUID());
      for (const transferID of transferIDs) await hold(wallet, transferID, 10);
      const all = await t.store.read((sql) => listPostings(sql, platformID, wallet.ledgerAccountID));
      assert.equal(all.length, 11);
      assert.deepEqual(all.map((p) => p.accountSeq), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      assert.equal(all[0]!.referenceID, transferIDs[4]);
      assert.equal(all[0]!.entryType, 'hold');
      assert.equal(all[0]!.bucket, 'pending');
      assert.equal(all[0]!.pendingAfter, 50);
      assert.equal(all[10]!.availableAfter, 1_000);
      const page = await t.store.read((sql) => listPostings(sql, platformID, wallet.ledgerAccountID, { skip: 2, count: 3 }));
      assert.deepEqual(page.map((p) => p.accountSeq), [9, 8, 7]);
      const beyond = await t.store.read((sql) => listPostings(sql, platformID, wallet.ledgerAccountID, { skip: 50, count: 3 }));
      assert.deepEqual(beyond, []);
      for (const bad of [{ count: 0 }, { count: 201 }, { count: 1.5 }, { skip: -1 }, { skip: 1_000_001 }]) {
        await assert.rejects(t.store.read((sql) => listPostings(sql, platformID, wallet.ledgerAccountID, bad)), refusedWith('invalid-page'));
      }
      await assert.rejects(t.store.read((sql) => listPostings(sql, otherPlatformID, wallet.ledgerAccountID)), refusedWith('unknown-account'));
    });

    it('answers an entry only to its own platform', async () => {
      const wallet = await fundedWallet(10);
      const held = await hold(wallet, randomUUID(), 10);
      assert.equal((await t.store.read((sql) => getEntry(sql, platformID, held.entry.entryID))).entryID, held.entry.entryID);
      await assert.rejects(t.store.read((sql) => getEntry(sql, otherPlatformID, held.entry.entryID)), refusedWith('unknown-entry'));
    });
  });
}
