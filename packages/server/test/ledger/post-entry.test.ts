import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { createPlatform, ledgerSnapshot, openAccount, outsideWorld, postingSuite, refusedWith, usd } from './fixtures.ts';
import {
  getEntry,
  InsufficientFunds,
  MAX_POSTING_AMOUNT,
  moveFunds,
  postEntry,
  verifyLedger,
  type EntryInput,
  type LedgerAccount,
} from '../../src/ledger/index.ts';

for (const kind of await storeKinds()) {
  describe(`ledger postEntry (${kind})`, () => {
    const { t, clock, book, entry, post } = postingSuite(kind, { description: 'test entry', funding: 10_000 });
    let otherPlatformID: string;
    let euroWallet: LedgerAccount;
    let foreignWallet: LedgerAccount;

    before(async () => {
      otherPlatformID = await createPlatform(t.store, clock);
      euroWallet = await openAccount(t.store, clock, book.platformID, 'wallet', 'EUR');
      foreignWallet = await openAccount(t.store, clock, otherPlatformID, 'wallet');
    });

    it('posts a balanced entry, numbering postings per account and recording balances after', async () => {
      const before = await t.store.read((sql) => sql.get<{ posting_count: number }>('SELECT posting_count FROM ledger_accounts WHERE ledger_account_id = ?', [book.wallet.ledgerAccountID]));
      const { entry: posted, replayed } = await post(entry([usd(book.wallet, -2_500), usd(book.other, 2_500)]));
      assert.equal(replayed, false);
      assert.equal(posted.entryType, 'movement');
      assert.equal(posted.postings.length, 2);
      const [debit, credit] = posted.postings;
      assert.equal(debit!.line, 0);
      assert.equal(debit!.amount, -2_500);
      assert.equal(debit!.accountSeq, Number(before!.posting_count) + 1);
      assert.equal(credit!.availableAfter, 2_500);
      assert.deepEqual(await t.store.read((sql) => getEntry(sql, book.platformID, posted.entryID)), posted);
      assert.deepEqual(await verifyLedger(t.store), { ok: true, ...(await counts()) });
    });

    it('balances per currency in a multi-currency entry', async () => {
      const euroWorld = await outsideWorld(t.store, clock, book.platformID, 'EUR');
      const { entry: posted } = await post(
        entry([
          usd(book.world, -100),
          usd(book.other, 100),
          { ledgerAccountID: euroWorld.ledgerAccountID, amount: -70, currency: 'EUR', bucket: 'available' },
          { ledgerAccountID: euroWallet.ledgerAccountID, amount: 70, currency: 'EUR', bucket: 'available' },
        ]),
      );
      assert.equal(posted.postings.length, 4);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    // Each refusal must leave the ledger exactly as it was.
    const refusals: Array<[string, () => EntryInput, string]> = [
      ['an unbalanced entry', () => entry([usd(book.world, -100), usd(book.wallet, 99)]), 'unbalanced'],
      ['an entry balanced only across currencies', () => entry([usd(book.world, -100), { ...usd(euroWallet, 100), currency: 'EUR' }]), 'unbalanced'],
      ['a float amount', () => entry([usd(book.world, -10.5), usd(book.wallet, 10.5)]), 'invalid-amount'],
      ['an unsafe integer', () => entry([usd(book.world, -(2 ** 53)), usd(book.wallet, 2 ** 53)]), 'invalid-amount'],
      ['an amount above the limit', () => entry([usd(book.world, -(MAX_POSTING_AMOUNT + 1)), usd(book.wallet, MAX_POSTING_AMOUNT + 1)]), 'invalid-amount'],
      ['a NaN amount', () => entry([usd(book.world, Number.NaN), usd(book.wallet, Number.NaN)]), 'invalid-amount'],
      ['a string amount', () => entry([usd(book.world, '-5' as unknown as number), usd(book.wallet, 5)]), 'invalid-amount'],
      ['a zero posting', () => entry([usd(book.world, 0), usd(book.wallet, 0)]), 'invalid-amount'],
      ['a single posting', () => entry([usd(book.world, 0)]), 'invalid-entry'],
      ['seventeen postings', () => entry(Array.from({ length: 17 }, (_, i) => usd(book.world, i % 2 ? 1 : -1))), 'invalid-entry'],
      ['one bucket touched twice', () => entry([usd(book.wallet, -5), usd(book.wallet, 5)]), 'invalid-entry'],
      ['an unknown bucket', () => entry([usd(book.world, -5), { ...usd(book.wallet, 5), bucket: 'frozen' as 'pending' }]), 'invalid-entry'],
      ['a bad currency code', () => entry([{ ...usd(book.world, -5), currency: 'usd' }, { ...usd(book.wallet, 5), currency: 'usd' }]), 'invalid-entry'],
      ['an unknown account', () => entry([usd(book.world, -5), { ...usd(book.wallet, 5), ledgerAccountID: randomUUID() }]), 'unknown-account'],
      ['another platform’s account', () => entry([usd(book.world, -5), usd(foreignWallet, 5)]), 'unknown-account'],
      ['a currency the account does not hold', () => entry([{ ...usd(book.world, -5), currency: 'EUR' }, { ...usd(euroWallet, 5) , currency: 'EUR' }]), 'currency-mismatch'],
      ['an overdraft of a wallet', () => entry([usd(book.wallet, -1_000_000), usd(book.other, 1_000_000)]), 'insufficient-funds'],
      ['a negative pending bucket', () => entry([usd(book.wallet, -1, 'pending'), usd(book.wallet, 1)]), 'insufficient-funds'],
      ['a bad reference type', () => entry([usd(book.world, -5), usd(book.wallet, 5)], { referenceType: 'Transfer!' }), 'invalid-entry'],
      ['an empty reference', () => entry([usd(book.world, -5), usd(book.wallet, 5)], { referenceID: '' }), 'invalid-entry'],
      ['a long description', () => entry([usd(book.world, -5), usd(book.wallet, 5)], { description: 'd'.repeat(257) }), 'invalid-entry'],
    ];
    for (const [what, input, code] of refusals) {
      it(`refuses ${what} and writes nothing`, async () => {
        const snapshot = await ledgerSnapshot(t.store);
        await assert.rejects(post(input()), refusedWith(code));
        assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
      });
    }

    it('undoes its own writes when a later posting is refused, even if the caller catches and commits', async () => {
      const snapshot = await ledgerSnapshot(t.store);
      const poor = await openAccount(t.store, clock, book.platformID, 'wallet');
      const afterOpen = await ledgerSnapshot(t.store);
      assert.notDeepEqual(afterOpen, snapshot);
      // Sorted by account ID the credit to `other` may run first; either way the overdraft of `poor` refuses the whole entry.
      const refusal = await t.store.write(async (sql) => {
        try {
          await postEntry(sql, entry([usd(book.other, 50), usd(book.world, 50), usd(poor, -100)]), clock);
          return undefined;
        } catch (error) {
          return error;
        }
      });
      assert.ok(refusal instanceof InsufficientFunds);
      assert.equal(refusal.ledgerAccountID, poor.ledgerAccountID);
      assert.deepEqual(await ledgerSnapshot(t.store), afterOpen);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('refuses a wallet overdraft of one cent, and lets the wallet go to exactly zero', async () => {
      const exact = await openAccount(t.store, clock, book.platformID, 'wallet');
      await post(entry([usd(book.world, -500), usd(exact, 500)]));
      const snapshot = await ledgerSnapshot(t.store);
      const refusal = await post(entry([usd(exact, -501), usd(book.other, 501)])).catch((error: unknown) => error);
      assert.ok(refusal instanceof InsufficientFunds, `refused with ${String(refusal)}`);
      assert.equal(refusal.ledgerAccountID, exact.ledgerAccountID);
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot, 'the refused cent wrote nothing');
      const { entry: emptied } = await post(entry([usd(exact, -500), usd(book.other, 500)]));
      assert.equal(emptied.postings.find((p) => p.ledgerAccountID === exact.ledgerAccountID)?.availableAfter, 0);
      await assert.rejects(post(entry([usd(exact, -1), usd(book.other, 1)])), refusedWith('insufficient-funds'));
    });

    it('lets an outside-world account go negative but not past the balance limit', async () => {
      const fees = await openAccount(t.store, clock, book.platformID, 'fees');
      await post(entry([usd(fees, -MAX_POSTING_AMOUNT), usd(book.world, MAX_POSTING_AMOUNT)]));
      const snapshot = await ledgerSnapshot(t.store);
      // 90 postings of 10^14 fit under 2^53 − 1; the 91st would not.
      for (let i = 0; i < 89; i++) await post(entry([usd(fees, -MAX_POSTING_AMOUNT), usd(book.world, MAX_POSTING_AMOUNT)]));
      const fullSnapshot = await ledgerSnapshot(t.store);
      assert.notDeepEqual(fullSnapshot, snapshot);
      await assert.rejects(post(entry([usd(fees, -MAX_POSTING_AMOUNT), usd(book.world, MAX_POSTING_AMOUNT)])), refusedWith('balance-limit'));
      assert.deepEqual(await ledgerSnapshot(t.store), fullSnapshot);
    });

    it('replays an idempotent entry without moving money, and refuses a different one under the same reference', async () => {
      const idempotencyRef = `transfer:${randomUUID()}:funding`;
      const input = entry([usd(book.world, -300), usd(book.wallet, 300)], { idempotencyRef });
      const first = await post(input);
      const snapshot = await ledgerSnapshot(t.store);
      const second = await post(input);
      assert.equal(second.replayed, true);
      assert.deepEqual(second.entry, first.entry);
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
      await assert.rejects(post({ ...input, postings: [usd(book.world, -301), usd(book.wallet, 301)] }), refusedWith('idempotency-conflict'));
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot);
    });

    it('replays once when many writers race on one idempotency reference', async () => {
      const idempotencyRef = `race:${randomUUID()}`;
      const input = entry([usd(book.world, -7), usd(book.other, 7)], { idempotencyRef });
      const before = await t.store.read((sql) => sql.get<{ available: number }>('SELECT available FROM ledger_accounts WHERE ledger_account_id = ?', [book.other.ledgerAccountID]));
      const results = await Promise.all(Array.from({ length: 8 }, () => post(input)));
      assert.equal(results.filter((result) => !result.replayed).length, 1);
      assert.equal(new Set(results.map((result) => result.entry.entryID)).size, 1);
      const after = await t.store.read((sql) => sql.get<{ available: number }>('SELECT available FROM ledger_accounts WHERE ledger_account_id = ?', [book.other.ledgerAccountID]));
      assert.equal(Number(after!.available) - Number(before!.available), 7);
    });

    it('moves available funds between two accounts, refusing a non-positive amount', async () => {
      const move = (amount: number) =>
        t.store.write((sql) =>
          moveFunds(
            sql,
            { platformID: book.platformID, referenceType: 'transfer', referenceID: randomUUID(), description: 'wallet transfer', fromLedgerAccountID: book.wallet.ledgerAccountID, toLedgerAccountID: book.other.ledgerAccountID, amount, currency: 'USD' },
            clock,
          ),
        );
      const { entry: moved } = await move(1);
      assert.deepEqual(moved.postings.map((p) => [p.ledgerAccountID, p.amount]), [[book.wallet.ledgerAccountID, -1], [book.other.ledgerAccountID, 1]]);
      await assert.rejects(move(0), refusedWith('invalid-amount'));
      await assert.rejects(move(-5), refusedWith('invalid-amount'));
    });

    async function counts() {
      return t.store.read(async (sql) => {
        const row = await sql.get<{ a: number; e: number; p: number }>(
          'SELECT (SELECT COUNT(*) FROM ledger_accounts) AS a, (SELECT COUNT(*) FROM ledger_entries) AS e, (SELECT COUNT(*) FROM ledger_postings) AS p',
        );
        return { accounts: Number(row!.a), entries: Number(row!.e), postings: Number(row!.p) };
      });
    }
  });
}
