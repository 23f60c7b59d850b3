import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccountsInFlight, CONTENDED_MS, CreateRun } from '../../src/domain/transfers/forecast-offer.ts';
import { balancesAfter, noteEntryWritten } from '../../src/ledger/forecast.ts';
import type { LedgerEntry } from '../../src/ledger/types.ts';
import type { Sql } from '../../src/store/port.ts';
import type { WalletLedgerRow } from '../../src/store/repos/transfer-parties.ts';

// Chained forecasts (forecast-offer.ts): this process's creates on one wallet
// queue; each forecasts from where the one ahead leaves the wallet and sends its
// COMMIT once that one ended, unless it holds a lock; a wallet another process
// is moving is taken off the queues for a while.

/** Enough of a unit of work for CreateRun: the ledger keys what it follows by the object; `holdsNoLock` answers as told. */
const fakeUnit = (holdsNoLock = true) => ({ holdsNoLock: () => holdsNoLock }) as unknown as Sql;
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
/** Whether `promise` settles within a few event-loop turns. */
const settlesSoon = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30))]);

describe('chained forecasts: a create run', () => {
  it('forecasts from its read when first, and from where the create ahead leaves the wallet when behind one', async () => {
    const queues = new AccountsInFlight();
    const first = new CreateRun(queues);
    const firstUnit = fakeUnit();
    await first.begin(firstUnit, [row('a', 3)], true);
    assert.equal(balancesAfter(firstUnit).get('a')?.postingCount, 3, 'first: as read');
    const second = new CreateRun(queues);
    const secondUnit = fakeUnit();
    const begun = second.begin(secondUnit, [row('a', 3)], true);
    assert.equal(await settlesSoon(begun), false, 'waits for where the first leaves the wallet');
    posted(firstUnit, 'a', 4, 900);
    const firstCommit = first.beforeCommit(firstUnit);
    await begun;
    assert.deepEqual(
      { postingCount: balancesAfter(secondUnit).get('a')?.postingCount, available: balancesAfter(secondUnit).get('a')?.available },
      { postingCount: 4, available: 900 },
      'second: from the first one\'s tip, not its own read',
    );
    await firstCommit;
    posted(secondUnit, 'a', 5, 800);
    const secondCommit = second.beforeCommit(secondUnit);
    assert.equal(await settlesSoon(secondCommit), false, 'its COMMIT waits until the first ended');
    first.end(true);
    assert.equal(await settlesSoon(secondCommit), true);
    second.end(true);
    assert.equal(queues.size, 0);
  });

  it('a unit holding a lock sends its COMMIT without waiting; a run without a forecast waits before its work instead', async () => {
    const queues = new AccountsInFlight();
    const first = new CreateRun(queues);
    const firstUnit = fakeUnit();
    await first.begin(firstUnit, [row('a', 3)], true);
    await first.beforeCommit(firstUnit);
    const locked = new CreateRun(queues);
    const lockedUnit = fakeUnit(false);
    await locked.begin(lockedUnit, [row('a', 3)], true);
    assert.equal(await settlesSoon(locked.beforeCommit(lockedUnit)), true, 'holds a lock: never waits');
    const guarded = new CreateRun(queues);
    const guardedBegun = guarded.begin(fakeUnit(), [row('a', 3)], false);
    assert.equal(await settlesSoon(guardedBegun), false, 'its guarded updates would take the row lock at once: it waits for the ones ahead first');
    first.end(true);
    assert.equal(await settlesSoon(guardedBegun), false, 'the locked one is ahead of it too');
    locked.end(true);
    assert.equal(await settlesSoon(guardedBegun), true);
    guarded.end(true);
    assert.equal(queues.size, 0);
  });

  it('a create that fails before saying where it leaves the wallet passes on where it found it', async () => {
    const queues = new AccountsInFlight();
    const first = new CreateRun(queues);
    await first.begin(fakeUnit(), [row('a', 3, 700)], true);
    const second = new CreateRun(queues);
    const secondUnit = fakeUnit();
    const begun = second.begin(secondUnit, [row('a', 3, 700)], true);
    first.end(false);
    await begun;
    assert.equal(balancesAfter(secondUnit).get('a')?.available, 700);
    second.end(true);
    assert.equal(queues.size, 0);
  });

  it('starts from where the last create left the wallet after it ended, when its own read began before that commit', async () => {
    const queues = new AccountsInFlight();
    const first = new CreateRun(queues);
    const firstUnit = fakeUnit();
    await first.begin(firstUnit, [row('a', 3)], true);
    posted(firstUnit, 'a', 4, 900);
    await first.beforeCommit(firstUnit);
    first.end(true);
    assert.equal(queues.size, 0, 'nothing in flight');
    const late = new CreateRun(queues);
    const lateUnit = fakeUnit();
    await late.begin(lateUnit, [row('a', 3)], true); // read before the first committed
    assert.equal(balancesAfter(lateUnit).get('a')?.postingCount, 4);
    late.end(true);
    const fresh = new CreateRun(queues);
    const freshUnit = fakeUnit();
    await fresh.begin(freshUnit, [row('a', 6, 500)], true); // another process moved it since
    assert.equal(balancesAfter(freshUnit).get('a')?.postingCount, 6);
    fresh.end(true);
    const afterFailure = new CreateRun(queues);
    const failedUnit = fakeUnit();
    await afterFailure.begin(failedUnit, [row('a', 6, 500)], true);
    posted(failedUnit, 'a', 7, 400);
    await afterFailure.beforeCommit(failedUnit);
    afterFailure.end(false);
    const next = new CreateRun(queues);
    const nextUnit = fakeUnit();
    await next.begin(nextUnit, [row('a', 6, 500)], true);
    assert.equal(balancesAfter(nextUnit).get('a')?.postingCount, 6, 'the tip of a create that failed is not where it left the wallet');
    next.end(true);
  });

  it('counts a unit run again by the store (after a deadlock) in its same places', async () => {
    const queues = new AccountsInFlight();
    const run = new CreateRun(queues);
    await run.begin(fakeUnit(), [row('a', 3), row('b', 3)], true);
    await run.begin(fakeUnit(), [row('a', 3), row('b', 3)], true);
    assert.equal(queues.size, 2);
    run.end(true);
    assert.equal(queues.size, 0);
  });
});

describe('chained forecasts: a wallet another process is moving', () => {
  it('is marked contended after a miss with every create ahead committed, not after one whose create ahead failed', async () => {
    const queues = new AccountsInFlight();
    const alone = new CreateRun(queues);
    await alone.begin(fakeUnit(), [row('a', 3)], true);
    alone.end(false);
    alone.missed();
    assert.equal(queues.contended(['a']), true, 'nothing ahead of it: another process moved the wallet');

    const other = new AccountsInFlight();
    const first = new CreateRun(other);
    const firstUnit = fakeUnit();
    await first.begin(firstUnit, [row('b', 3)], true);
    await first.beforeCommit(firstUnit);
    const second = new CreateRun(other);
    await second.begin(fakeUnit(), [row('b', 3)], true);
    first.end(false);
    second.end(false);
    second.missed();
    assert.equal(other.contended(['b']), false, 'its miss came from the failed create ahead of it');
  });

  it('sends this process\'s creates on it the guarded way, outside the queues, for CONTENDED_MS', async () => {
    let now = 1_000_000;
    const queues = new AccountsInFlight(() => now);
    queues.markContended(['a']);
    const run = new CreateRun(queues);
    const unit = fakeUnit();
    await run.begin(unit, [row('a', 3), row('b', 3)], true);
    assert.equal(queues.size, 0, 'joined no queue');
    assert.equal(balancesAfter(unit).size, 0, 'offered the ledger no forecast');
    run.end(true);
    now += CONTENDED_MS;
    assert.equal(queues.contended(['a']), false, 'expired');
    const later = new CreateRun(queues);
    await later.begin(fakeUnit(), [row('a', 3)], true);
    assert.equal(queues.size, 1);
    later.end(true);
  });
});
