import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { ledgerSnapshot, openAccount, outsideWorld, postingSuite, refusedWith, usd } from './fixtures.ts';
import {
  entriesByReference,
  holdFunds,
  listPostings,
  openLedgerAccount,
  settleHold,
  type EntryInput,
  type LedgerAccount,
} from '../../src/ledger/index.ts';

// Edges the mutation run (docs/testing.md) found untested: each limit accepted
// at its value and refused one past it, and a replay under the same
// idempotencyRef refused when any part of the entry differs. The limits are
// written out as docs/ledger.md ("Invariants") states them, not read from limits.ts.
const MAX_OWNER_ID = 128;
const MAX_REFERENCE_ID = 64;
const MAX_IDEMPOTENCY_REF = 128;
const MAX_DESCRIPTION = 256;
const MAX_POSTINGS = 16;
const MAX_PAGE = 200;
const MAX_SKIP = 1_000_000;

for (const kind of await storeKinds()) {
  describe(`ledger limits at their edges, and replays that differ (${kind})`, () => {
    const { t, clock, book, entry, post } = postingSuite(kind, { description: 'edge test', funding: 100_000 });

    it(`an owner ID of ${MAX_OWNER_ID} characters opens an account, ${MAX_OWNER_ID + 1} is refused`, async () => {
      const open = (ownerID: string) => t.store.write((sql) => openLedgerAccount(sql, { platformID: book.platformID, kind: 'wallet', ownerID, currency: 'USD' }, clock));
      assert.equal((await open('o'.repeat(MAX_OWNER_ID))).ownerID, 'o'.repeat(MAX_OWNER_ID));
      await assert.rejects(open('p'.repeat(MAX_OWNER_ID + 1)), refusedWith('invalid-entry'));
    });

    it(`a platform ID must be 1 to ${MAX_REFERENCE_ID} characters to open an account`, async () => {
      const open = (platform: string) => t.store.write((sql) => openLedgerAccount(sql, { platformID: platform, kind: 'wallet', ownerID: randomUUID(), currency: 'USD' }, clock));
      await assert.rejects(open(''), refusedWith('invalid-entry'), 'an empty platform ID');
      await assert.rejects(open('q'.repeat(MAX_REFERENCE_ID + 1)), refusedWith('invalid-entry'), `a platform ID of ${MAX_REFERENCE_ID + 1}`);
    });

    it('an unknown settlement kind and a hold of zero are refused', async () => {
      await assert.rejects(post(entry([usd(book.world, -1), usd(book.other, 1)], { settlement: 'gift' as 'fee' })), refusedWith('invalid-entry'));
      const hold = (amount: number) =>
        t.store.write((sql) => holdFunds(sql, { platformID: book.platformID, referenceType: 'adjustment', referenceID: randomUUID(), description: 'hold', ledgerAccountID: book.wallet.ledgerAccountID, amount, currency: 'USD' }, clock));
      await assert.rejects(hold(0), refusedWith('invalid-amount'));
      assert.equal((await hold(1)).replayed, false, 'a hold of one cent');
    });

    it('text fields are accepted at their limit and refused one past it', async () => {
      const cases: Array<[string, number, (value: string) => Partial<EntryInput>]> = [
        ['referenceID', MAX_REFERENCE_ID, (value) => ({ referenceID: value })],
        ['description', MAX_DESCRIPTION, (value) => ({ description: value })],
        ['idempotencyRef', MAX_IDEMPOTENCY_REF, (value) => ({ idempotencyRef: value })],
      ];
      for (const [field, limit, extra] of cases) {
        const atLimit = `${randomUUID()}${'x'.repeat(limit)}`.slice(0, limit);
        const posted = await post(entry([usd(book.world, -1), usd(book.other, 1)], extra(atLimit)));
        assert.equal(posted.replayed, false, `${field} of ${limit}`);
        const snapshot = await ledgerSnapshot(t.store);
        await assert.rejects(post(entry([usd(book.world, -1), usd(book.other, 1)], extra('y'.repeat(limit + 1)))), refusedWith('invalid-entry'), `${field} of ${limit + 1}`);
        assert.deepEqual(await ledgerSnapshot(t.store), snapshot, `${field}: the refusal wrote nothing`);
      }
      await assert.rejects(post(entry([usd(book.world, -1), usd(book.other, 1)], { referenceID: '' })), refusedWith('invalid-entry'), 'an empty referenceID');
      assert.equal((await post(entry([usd(book.world, -1), usd(book.other, 1)], { description: '' }))).replayed, false, 'an empty description is allowed');
    });

    it(`an entry of ${MAX_POSTINGS} postings posts, ${MAX_POSTINGS + 1} are refused`, async () => {
      const accounts = await Promise.all(Array.from({ length: MAX_POSTINGS - 1 }, () => openAccount(t.store, clock, book.platformID, 'wallet')));
      const full = [usd(book.world, -(MAX_POSTINGS - 1)), ...accounts.map((account) => usd(account, 1))];
      assert.equal((await post(entry(full))).entry.postings.length, MAX_POSTINGS);
      const extra = await openAccount(t.store, clock, book.platformID, 'wallet');
      await assert.rejects(post(entry([usd(book.world, -MAX_POSTINGS), ...accounts.map((account) => usd(account, 1)), usd(extra, 1)])), refusedWith('invalid-entry'));
    });

    it(`a settlement pays 1 to ${MAX_POSTINGS - 1} credits: none or ${MAX_POSTINGS} are refused`, async () => {
      const referenceID = randomUUID();
      const reference = { platformID: book.platformID, referenceType: 'adjustment', referenceID, description: 'settle edges', ledgerAccountID: book.wallet.ledgerAccountID, currency: 'USD' };
      await t.store.write((sql) => holdFunds(sql, { ...reference, amount: MAX_POSTINGS }, clock));
      const receivers = await Promise.all(Array.from({ length: MAX_POSTINGS }, () => openAccount(t.store, clock, book.platformID, 'wallet')));
      const settle = (credits: LedgerAccount[]) =>
        t.store.write((sql) => settleHold(sql, { ...reference, amount: credits.length || 1, credits: credits.map((account) => ({ ledgerAccountID: account.ledgerAccountID, amount: 1 })) }, clock));
      const snapshot = await ledgerSnapshot(t.store);
      await assert.rejects(settle([]), refusedWith('invalid-entry'), 'no credit');
      await assert.rejects(settle(receivers), refusedWith('invalid-entry'), `${MAX_POSTINGS} credits`);
      assert.deepEqual(await ledgerSnapshot(t.store), snapshot, 'the refusals wrote nothing');
      const settled = await settle(receivers.slice(0, MAX_POSTINGS - 1));
      assert.equal(settled.entry.postings.length, MAX_POSTINGS, `${MAX_POSTINGS - 1} credits and the hold's debit`);
    });

    it('postings pages: count 1 and the largest count and skip are accepted; one past each is refused', async () => {
      const page = (request: { count?: number; skip?: number }) => t.store.read((sql) => listPostings(sql, book.platformID, book.wallet.ledgerAccountID, request));
      assert.equal((await page({ count: 1 })).length, 1);
      assert.ok((await page({ count: MAX_PAGE })).length >= 1, 'the largest page');
      assert.deepEqual(await page({ skip: MAX_SKIP }), []);
      await assert.rejects(page({ count: 0 }), refusedWith('invalid-page'));
      await assert.rejects(page({ count: MAX_PAGE + 1 }), refusedWith('invalid-page'));
      await assert.rejects(page({ skip: -1 }), refusedWith('invalid-page'));
      await assert.rejects(page({ skip: MAX_SKIP + 1 }), refusedWith('invalid-page'));
    });

    it('ten concurrent posts of one entry under one idempotencyRef post it once (on PostgreSQL the losers retry and replay)', async () => {
      const referenceID = randomUUID();
      const input = entry([usd(book.world, -77), usd(book.other, 77)], { idempotencyRef: `race:${randomUUID()}`, referenceID });
      const results = await Promise.all(Array.from({ length: 10 }, () => post(input)));
      assert.equal(results.filter((result) => !result.replayed).length, 1, 'one post, nine replays');
      assert.equal(new Set(results.map((result) => result.entry.entryID)).size, 1, 'every caller got the same entry');
      assert.equal((await t.store.read((sql) => entriesByReference(sql, book.platformID, referenceID))).length, 1);
    });

    it('a replay under the same idempotencyRef is refused when any part of the entry differs', async () => {
      const euro = await openAccount(t.store, clock, book.platformID, 'wallet', 'EUR');
      const euroWorld = await outsideWorld(t.store, clock, book.platformID, 'EUR');
      const idempotencyRef = `edge:${randomUUID()}`;
      const referenceID = randomUUID();
      const original = entry([usd(book.world, -250), usd(book.other, 250)], { idempotencyRef, referenceID });
      const first = await post(original);
      assert.equal((await post(original)).replayed, true, 'the same entry replays');
      const third = await openAccount(t.store, clock, book.platformID, 'wallet');
      const differing: Array<[string, EntryInput]> = [
        ['another account', { ...original, postings: [usd(book.world, -250), usd(third, 250)] }],
        ['another bucket', { ...original, postings: [usd(book.world, -250, 'pending'), usd(book.other, 250, 'pending')] }],
        ['another amount', { ...original, postings: [usd(book.world, -251), usd(book.other, 251)] }],
        ['another currency', { ...original, postings: [{ ...usd(euroWorld, -250), currency: 'EUR' }, { ...usd(euro, 250), currency: 'EUR' }] }],
        ['another posting order', { ...original, postings: [usd(book.other, 250), usd(book.world, -250)] }],
        ['one posting more', { ...original, postings: [usd(book.world, -250), usd(book.other, 200), usd(third, 50)] }],
        ['another reference type', { ...original, referenceType: 'transfer' }],
        ['another reference', { ...original, referenceID: randomUUID() }],
        ['a settlement', { ...original, settlement: 'adjustment' }],
      ];
      for (const [what, input] of differing) {
        const snapshot = await ledgerSnapshot(t.store);
        await assert.rejects(post(input), refusedWith('idempotency-conflict'), what);
        assert.deepEqual(await ledgerSnapshot(t.store), snapshot, `${what}: nothing written`);
      }
      // The same postings as a hold (another entry type) under that reference are a conflict too.
      const holdRef = `edge:${randomUUID()}`;
      await t.store.write((sql) => holdFunds(sql, { platformID: book.platformID, referenceType: 'adjustment', referenceID, description: 'hold', idempotencyRef: holdRef, ledgerAccountID: book.wallet.ledgerAccountID, amount: 300, currency: 'USD' }, clock));
      const asMovement = entry([usd(book.wallet, -300), usd(book.wallet, 300, 'pending')], { idempotencyRef: holdRef, referenceID, description: 'hold' });
      await assert.rejects(post(asMovement), refusedWith('idempotency-conflict'), 'a movement replaying a hold');
      assert.equal((await post(original)).entry.entryID, first.entry.entryID, 'the original still replays');
    });
  });
}
