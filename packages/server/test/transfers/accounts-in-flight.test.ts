import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccountsInFlight, CONTENDED_MS, CREATES_KEY, CreateRun } from '../../src/domain/transfers/forecast-offer.ts';
import { balancesAfter, noteEntryWritten } from '../../src/ledger/forecast.ts';
import type { LedgerEntry } from '../../src/ledger/types.ts';
import type { LocksFirst, Sql } from '../../src/store/port.ts';
import type { WalletLedgerRow } from '../../src/store/repos/transfer-parties.ts';

// Chained forecasts (forecast-offer.ts): this process's creates on one wallet
// queue; each forecasts from where the one ahead leaves the wallet. Unless it
// holds a lock, it offers its COMMIT to be shared under the process's one key,
// with its wallets to lock first, and goes on once the creates ahead of it in
// its wallets' queues have their place among the shared commits (or ended). A
// wallet another process is moving is taken off the queues for a while.

/**
 * Enough of a unit of work for CreateRun: the ledger keys what it follows by the object; `holdsNoLock` answers
 * as told; `shareCommit` records the key and the rows to lock, and settles when the test gives the unit's
 * writes their place (`place`).
 */
function fakeUnit(holdsNoLock = true) {
  const shared = { keys: [] as string[], locks: [] as string[][], place: () => undefined as void };
  const unit = {
    holdsNoLock: () => holdsNoLock,
    shareCommit: (key: string, locks?: LocksFirst) => {
      shared.keys.push(key);
      shared.locks.push([...(locks?.ids ?? [])]);
      return new Promise<void>((resolve) => (shared.place = resolve));
    },
  } as unknown as Sql;
  return { unit, shared };
}
const row = (id: string, postingCount: number, available = 1_000): WalletLedgerRow => ({
  ledger_account_id: id,
  platform_id: 'p',
  currency: 'USD',
  allow_negative: 0,
  available,
  pending: 0,
  posting_count: postingCount,
});
/** As the ledger notes an entry it wrote (forecast or guarded): where it leaves the account. */
const posted = (sql: Sql, id: string, accountSeq: number, availableAfter: number) =>
  noteEntryWritten(sql, { postings: [{ ledgerAccountID: id, accountSeq, availableAfter, pendingAfter: 0 }] } as unknown as LedgerEntry);
/** A create run begun on a fake unit: `begun` settles once it knows where it starts from (`base`). */
function started(queues: AccountsInFlight, rows: WalletLedgerRow[], options: { forecast?: boolean; holdsNoLock?: boolean } = {}) {
  const run = new CreateRun(queues);
  const { unit, shared } = fakeUnit(options.holdsNoLock);
  const begun = run.begin(unit, rows, options.forecast ?? true);
  return { run, unit, shared, begun, base: (id: string) => balancesAfter(unit).get(id) };
}
/** Whether `promise` settles within a few event-loop turns. */
const settlesSoon = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30))]);

describe('chained forecasts: a create run', () => {
  it('forecasts from its read when first, and from where the create ahead leaves the wallet when behind one', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3)]);
    await first.begun;
    assert.equal(first.base('a')?.postingCount, 3, 'first: as read');
    const second = started(queues, [row('a', 3)]);
    assert.equal(await settlesSoon(second.begun), false, 'waits for where the first leaves the wallet');
    posted(first.unit, 'a', 4, 900);
    const firstCommit = first.run.beforeCommit(first.unit);
    await second.begun;
    assert.deepEqual(
      { postingCount: second.base('a')?.postingCount, available: second.base('a')?.available },
      { postingCount: 4, available: 900 },
      'second: from the first one\'s tip, not its own read',
    );
    await firstCommit;
    assert.deepEqual(first.shared.keys, [CREATES_KEY], 'offers its commit under the process\'s one key');
    assert.deepEqual(first.shared.locks, [['a']], 'with its wallets to lock first');
    posted(second.unit, 'a', 5, 800);
    const secondCommit = second.run.beforeCommit(second.unit);
    assert.equal(await settlesSoon(secondCommit), false, 'its COMMIT waits until the first one\'s writes have their place');
    first.shared.place();
    assert.equal(await settlesSoon(secondCommit), true, 'not for the first one\'s commit: its own writes go after the first one\'s');
    assert.deepEqual(second.shared.keys, [CREATES_KEY]);
    first.run.end(true);
    second.run.end(true);
    assert.equal(queues.size, 0);
  });

  it('behind a create on other wallets too, goes on once that one\'s writes have their place among the shared commits', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3)]);
    await first.begun;
    const second = started(queues, [row('a', 3), row('b', 7)]);
    posted(first.unit, 'a', 4, 900);
    await first.run.beforeCommit(first.unit);
    await second.begun;
    posted(second.unit, 'a', 5, 800);
    const secondCommit = second.run.beforeCommit(second.unit);
    assert.equal(await settlesSoon(secondCommit), false, 'the first one\'s writes have no place yet');
    first.shared.place();
    assert.equal(await settlesSoon(secondCommit), true, 'its writes go after the first one\'s, in the same transaction or a later one');
    assert.deepEqual(second.shared.keys, [CREATES_KEY], 'one key for every create of the process');
    assert.deepEqual(second.shared.locks, [['a', 'b']], 'both wallets, to lock first in the one order');
    first.run.end(true);
    second.run.end(true);
    assert.equal(queues.size, 0);
  });

  it('the create behind goes on when the one ahead ends before its writes had a place, and one that joins late waits for the end', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3)]);
    await first.begun;
    const second = started(queues, [row('a', 3)]);
    posted(first.unit, 'a', 4, 900);
    await first.run.beforeCommit(first.unit);
    await second.begun;
    posted(second.unit, 'a', 5, 800);
    const secondCommit = second.run.beforeCommit(second.unit);
    assert.equal(await settlesSoon(secondCommit), false);
    first.run.end(false);
    assert.equal(await settlesSoon(secondCommit), true, 'the first failed: its writes will never have a place');
    // The second's writes have no place yet: a third joining now waits for that, or for its end.
    const third = started(queues, [row('a', 5, 800)]);
    await third.begun;
    posted(third.unit, 'a', 6, 700);
    const thirdCommit = third.run.beforeCommit(third.unit);
    assert.equal(await settlesSoon(thirdCommit), false, 'its place not given: waits for its end');
    second.run.end(true);
    assert.equal(await settlesSoon(thirdCommit), true);
    third.run.end(true);
    assert.equal(queues.size, 0);
  });

  it('a unit holding a lock sends its COMMIT without waiting; a run without a forecast waits before its work instead', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3)]);
    await first.begun;
    await first.run.beforeCommit(first.unit);
    const locked = started(queues, [row('a', 3)], { holdsNoLock: false });
    await locked.begun;
    assert.equal(await settlesSoon(locked.run.beforeCommit(locked.unit)), true, 'holds a lock: never waits');
    const guarded = started(queues, [row('a', 3)], { forecast: false });
    assert.equal(await settlesSoon(guarded.begun), false, 'its guarded updates would take the row lock at once: it waits for the ones ahead first');
    first.run.end(true);
    assert.equal(await settlesSoon(guarded.begun), false, 'the locked one is ahead of it too');
    locked.run.end(true);
    assert.equal(await settlesSoon(guarded.begun), true);
    guarded.run.end(true);
    assert.equal(queues.size, 0);
  });

  it('a create that fails before saying where it leaves the wallet passes on where it found it', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3, 700)]);
    await first.begun;
    const second = started(queues, [row('a', 3, 700)]);
    first.run.end(false);
    await second.begun;
    assert.equal(second.base('a')?.available, 700);
    second.run.end(true);
    assert.equal(queues.size, 0);
  });

  it('starts from where the last create left the wallet after it ended, when its own read began before that commit', async () => {
    const queues = new AccountsInFlight();
    const first = started(queues, [row('a', 3)]);
    await first.begun;
    posted(first.unit, 'a', 4, 900);
    await first.run.beforeCommit(first.unit);
    first.run.end(true);
    assert.equal(queues.size, 0, 'nothing in flight');
    const late = started(queues, [row('a', 3)]); // read before the first committed
    await late.begun;
    assert.equal(late.base('a')?.postingCount, 4);
    late.run.end(true);
    const fresh = started(queues, [row('a', 6, 500)]); // another process moved it since
    await fresh.begun;
    assert.equal(fresh.base('a')?.postingCount, 6);
    fresh.run.end(true);
    const failed = started(queues, [row('a', 6, 500)]);
    await failed.begun;
    posted(failed.unit, 'a', 7, 400);
    await failed.run.beforeCommit(failed.unit);
    failed.run.end(false);
    const next = started(queues, [row('a', 6, 500)]);
    await next.begun;
    assert.equal(next.base('a')?.postingCount, 6, 'the tip of a create that failed is not where it left the wallet');
    next.run.end(true);
  });

  it('counts a unit run again by the store (after a deadlock) in its same places', async () => {
    const queues = new AccountsInFlight();
    const run = new CreateRun(queues);
    await run.begin(fakeUnit().unit, [row('a', 3), row('b', 3)], true);
    await run.begin(fakeUnit().unit, [row('a', 3), row('b', 3)], true);
    assert.equal(queues.size, 2);
    run.end(true);
    assert.equal(queues.size, 0);
  });
});

describe('chained forecasts: a wallet another process is moving', () => {
  it('is marked contended after a miss with every create ahead committed, not after one whose create ahead failed', async () => {
    const queues = new AccountsInFlight();
    const alone = started(queues, [row('a', 3)]);
    await alone.begun;
    alone.run.end(false);
    alone.run.missed();
    assert.equal(queues.contended(['a']), true, 'nothing ahead of it: another process moved the wallet');

    const other = new AccountsInFlight();
    const first = started(other, [row('b', 3)]);
    await first.begun;
    await first.run.beforeCommit(first.unit);
    const second = started(other, [row('b', 3)]);
    await second.begun;
    first.run.end(false);
    second.run.end(false);
    second.run.missed();
    assert.equal(other.contended(['b']), false, 'its miss came from the failed create ahead of it');
  });

  it('sends this process\'s creates on it the guarded way, outside the queues, for CONTENDED_MS', async () => {
    let now = 1_000_000;
    const queues = new AccountsInFlight(() => now);
    queues.markContended(['a']);
    const run = started(queues, [row('a', 3), row('b', 3)]);
    await run.begun;
    assert.equal(queues.size, 0, 'joined no queue');
    assert.equal(balancesAfter(run.unit).size, 0, 'offered the ledger no forecast');
    run.run.end(true);
    now += CONTENDED_MS;
    assert.equal(queues.contended(['a']), false, 'expired');
    const later = started(queues, [row('a', 3)]);
    await later.begun;
    assert.equal(queues.size, 1);
    later.run.end(true);
  });
});
