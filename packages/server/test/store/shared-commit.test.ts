import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { type LocksFirst, type Sql, type Store, UniqueViolation } from '../../src/store/port.ts';
import type { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import type { PipelinedStatement } from '../../src/store/postgres/pipeline.ts';
import { MAX_SHARED_UNITS, SharedCommits } from '../../src/store/postgres/shared-commit.ts';
import { isConnectionError } from '../../src/store/postgres/sqlstate.ts';

// `Sql.shareCommit` (decision 2001, amendment "Commits shared down a queue"):
// units offered under one key that hold no lock at their end gather into one
// transaction, sent once the key's transaction before it ended. Whatever the
// adapter does, each unit must mean the same: its writes all or nothing, in the
// order the units had their places, a failed statement failing its own unit
// only (the rest are sent again without it), and every unit told the truth.
const CREATED = '2026-01-01T00:00:00.000Z';
const insertPlatform = 'INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)';
const rename = 'UPDATE platforms SET name = ? WHERE platform_id = ?';
const nameOf = 'SELECT name FROM platforms WHERE platform_id = ?';
/** Whether `promise` settles within a few event-loop turns. */
const settlesSoon = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50))]);

/** Locks platforms' rows in the one order, as the ledger's statement locks its accounts (repos/ledger-forecast.ts). */
const lockPlatformsInOrder = (ids: readonly string[]) => ({
  sql: `SELECT platform_id FROM platforms WHERE platform_id = ANY (string_to_array(?, ' ')) ORDER BY platform_id COLLATE "C" FOR UPDATE`,
  params: [ids.join(' ')],
});
const locking = (...ids: string[]): LocksFirst => ({ ids, statement: lockPlatformsInOrder });

function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

for (const kind of await storeKinds()) {
  describe(`shared commits (${kind})`, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(kind);
      await t.store.write(async (sql) => {
        for (const id of ['lock-1', 'lock-2', 'lock-3', 'lock-4', 'lock-5', 'lock-6', 'lock-7', 'lock-8', 'lock-9', 'x-2', 'x-5']) {
          await sql.run(insertPlatform, [id, 'idle', CREATED]);
        }
      });
    });
    after(async () => {
      await t.destroy();
    });

    async function nameStored(id: string): Promise<string | undefined> {
      return (await t.store.read((sql) => sql.get<{ name: string }>(nameOf, [id])))?.name;
    }

    /** A unit offered under `key` that defers `writes`: answers how many times the store ran it, and its outcome. */
    function sharing(key: string, writes: (sql: Sql) => Promise<void>, options: { store?: Store; locks?: LocksFirst } = {}) {
      const runs = { count: 0 };
      const done = (options.store ?? t.store).write(async (sql) => {
        runs.count++;
        // Not awaited inside the unit: the unit's place comes once its work has returned.
        void sql.shareCommit(key, options.locks);
        await writes(sql);
      });
      return { runs, done };
    }

    /** A unit holding `id`'s row lock until `release` opens; `locked` settles once it holds it (PostgreSQL). */
    function holdRow(id: string) {
      const locked = gate();
      const release = gate();
      const done = t.store.write(async (sql) => {
        await sql.get(`${nameOf} FOR UPDATE`, [id]);
        locked.open();
        await release.promise;
      });
      return { locked: locked.promise, release: release.open, done };
    }

    /** Until `count` units gather for the key's next transaction (PostgreSQL). */
    async function gathered(key: string, count: number, store: Store = t.store): Promise<void> {
      const commits = (store as PostgresStore).sharedCommits;
      for (let tries = 0; tries < 500 && commits.gatheringFor(key) !== count; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(commits.gatheringFor(key), count, `${count} units gathered for ${key}`);
    }

    /** The transaction that last wrote each row (its `xmin`): rows written by one transaction share it. */
    async function writers(ids: string[]): Promise<string[]> {
      return t.store.read(async (sql) =>
        Promise.all(ids.map(async (id) => (await sql.get<{ xmin: string }>('SELECT xmin::text AS xmin FROM platforms WHERE platform_id = ?', [id]))!.xmin)),
      );
    }

    /** Until some backend waits on a row lock whose statement names `tag` (PostgreSQL). */
    async function blockedOn(tag: string): Promise<number> {
      for (let tries = 0; tries < 200; tries++) {
        const row = await t.store.read((sql) =>
          sql.get<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE ? AND pid <> pg_backend_pid()",
            [`%${tag}%`],
          ),
        );
        if (row) return row.pid;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no backend came to wait on ${tag}`);
    }

    it('every unit commits, and one whose statement fails fails alone: the others are sent again without it, and commit', async () => {
      await t.store.write((sql) => sql.run(insertPlatform, ['taken', 'first', CREATED]));
      // On PostgreSQL the key's first transaction waits on a row lock, so the four gather into the next one.
      const holder = kind === 'postgres' ? holdRow('lock-5') : undefined;
      await holder?.locked;
      const lead = sharing('k-fail', (sql) => sql.defer(`${rename} /* fail-lead */`, ['moved', 'lock-5']));
      if (holder) await blockedOn('fail-lead');
      const units = [
        sharing('k-fail', (sql) => sql.defer(insertPlatform, ['f-1', 'one', CREATED])),
        sharing('k-fail', (sql) => sql.defer(insertPlatform, ['taken', 'again', CREATED])),
        sharing('k-fail', (sql) => sql.defer(insertPlatform, ['f-3', 'three', CREATED])),
        sharing('k-fail', (sql) => sql.defer(insertPlatform, ['f-4', 'four', CREATED])),
      ];
      const settled = Promise.allSettled(units.map((unit) => unit.done)); // heard at once: SQLite refuses the second now
      if (holder) await gathered('k-fail', units.length);
      holder?.release();
      await Promise.all([holder?.done, lead.done]);
      const outcomes = await settled;
      assert.deepEqual(
        outcomes.map((outcome) => outcome.status),
        ['fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
      );
      assert.ok((outcomes[1] as PromiseRejectedResult).reason instanceof UniqueViolation, 'the unit whose statement failed hears its own error');
      assert.deepEqual(await Promise.all(['f-1', 'taken', 'f-3', 'f-4'].map(nameStored)), ['one', 'first', 'three', 'four']);
      assert.deepEqual(
        units.map((unit) => unit.runs.count),
        [1, 1, 1, 1],
        'no unit runs again: its statements are kept and sent again',
      );
      if (kind === 'postgres') {
        const [one, three, four] = await writers(['f-1', 'f-3', 'f-4']);
        assert.ok(one === three && three === four, 'the sound ones committed together, without the failed one');
      }
      if (kind === 'postgres') assert.equal((t.store as PostgresStore).sharedCommits.size, 0, 'nothing left gathering');
    });

    it('a unit that is not offered, or holds a lock at its end, commits on its own', async () => {
      await t.store.write(async (sql) => {
        void sql.shareCommit('k-own');
        await sql.get(nameOf, ['lock-1']); // sent inside its transaction: it holds what that took
        await sql.defer(insertPlatform, ['own-1', 'own', CREATED]);
      });
      await t.store.write((sql) => sql.defer(insertPlatform, ['own-2', 'own', CREATED]));
      assert.deepEqual(await Promise.all(['own-1', 'own-2'].map(nameStored)), ['own', 'own']);
    });

    if (kind !== 'postgres') return;

    it('units that come while the key\'s transaction is in flight gather into the next, in the order of their places, and commit together', async () => {
      const holder = holdRow('lock-1');
      await holder.locked;
      const first = sharing('k-gather', (sql) => sql.defer(`${rename} /* gather-first */`, ['moved', 'lock-1']));
      await blockedOn('gather-first');
      const second = sharing('k-gather', async (sql) => {
        await sql.defer(insertPlatform, ['g-1', 'inserted', CREATED]);
        await sql.defer(insertPlatform, ['g-1b', 'inserted', CREATED]);
      });
      await gathered('k-gather', 1);
      // Renames the row the second inserts: only in order, in one transaction or after it.
      const third = sharing('k-gather', async (sql) => {
        await sql.defer(rename, ['renamed', 'g-1']);
        await sql.defer(insertPlatform, ['g-2', 'inserted', CREATED]);
      });
      await gathered('k-gather', 2);
      assert.equal(await settlesSoon(Promise.race([second.done, third.done])), false, 'they wait for the transaction ahead');
      holder.release();
      await Promise.all([holder.done, first.done, second.done, third.done]);
      assert.equal(await nameStored('g-1'), 'renamed');
      const [lock, g1b, g2] = await writers(['lock-1', 'g-1b', 'g-2']);
      assert.equal(g1b, g2, 'the second and third committed in one transaction');
      assert.notEqual(lock, g2, 'not in the first one\'s: it was sent before they came');
      assert.equal(first.runs.count + second.runs.count + third.runs.count, 3, 'nobody ran twice');
      assert.equal((t.store as PostgresStore).sharedCommits.size, 0);
    });

    it(`one transaction carries at most ${MAX_SHARED_UNITS} units; the rest gather into the one after`, async () => {
      const holder = holdRow('lock-2');
      await holder.locked;
      const first = sharing('k-bound', (sql) => sql.defer(`${rename} /* bound-first */`, ['moved', 'lock-2']));
      await blockedOn('bound-first');
      const ids = Array.from({ length: MAX_SHARED_UNITS + 2 }, (_, index) => `b-${index}`);
      // One after the other, so that every one has its place before the first is let go.
      const units = [];
      for (const id of ids) {
        units.push(sharing('k-bound', (sql) => sql.defer(insertPlatform, [id, 'inserted', CREATED])));
        // Past the bound, a second transaction gathers: the count is of the key's last one.
        await gathered('k-bound', units.length <= MAX_SHARED_UNITS ? units.length : units.length - MAX_SHARED_UNITS);
      }
      holder.release();
      await Promise.all([holder.done, first.done, ...units.map((unit) => unit.done)]);
      const transactions = await writers(ids);
      assert.equal(new Set(transactions.slice(0, MAX_SHARED_UNITS)).size, 1, `the first ${MAX_SHARED_UNITS} in one transaction`);
      assert.equal(new Set(transactions.slice(MAX_SHARED_UNITS)).size, 1, 'the rest in another');
      assert.notEqual(transactions[0], transactions[MAX_SHARED_UNITS]);
    });

    it('a shared transaction that a deadlock picks as its victim is sent again whole, and its unit commits once', async () => {
      const otherLocked = gate();
      const goOn = gate();
      const runs = { other: 0 };
      // Holds lock-7, then wants lock-6: the shared transaction holds lock-6 and wants lock-7 by then.
      const other = t.store.write(async (sql) => {
        runs.other++;
        await sql.get(`${nameOf} FOR UPDATE`, ['lock-7']);
        otherLocked.open();
        await goOn.promise;
        await sql.run(rename, ['other', 'lock-6']);
      });
      await otherLocked.promise;
      const shared = sharing('k-dead', async (sql) => {
        await sql.defer(rename, ['shared', 'lock-6']);
        await sql.defer(`${rename} /* dead-shared */`, ['shared', 'lock-7']);
      });
      await blockedOn('dead-shared');
      // The shared transaction waited first, so its backend finds the deadlock (after deadlock_timeout) and is the victim.
      goOn.open();
      await Promise.all([other, shared.done]);
      assert.deepEqual({ other: runs.other, shared: shared.runs.count }, { other: 1, shared: 1 }, 'nobody ran twice: the shared statements were sent again');
      assert.deepEqual(await Promise.all(['lock-6', 'lock-7'].map(nameStored)), ['shared', 'shared'], 'sent again after the other committed');
    });

    it('an error no statement answered (the connection ended) reaches every unit of the transaction as it came, and nothing of it commits', async () => {
      const holder = holdRow('lock-3');
      const other = holdRow('lock-4');
      await Promise.all([holder.locked, other.locked]);
      const first = sharing('k-lost', (sql) => sql.defer(`${rename} /* lost-first */`, ['moved', 'lock-3']));
      await blockedOn('lost-first');
      const second = sharing('k-lost', (sql) => sql.defer(insertPlatform, ['l-1', 'inserted', CREATED]));
      await gathered('k-lost', 1);
      const third = sharing('k-lost', (sql) => sql.defer(`${rename} /* lost-third */`, ['moved', 'lock-4']));
      await gathered('k-lost', 2);
      const outcomes = Promise.allSettled([second.done, third.done]); // heard at once: they fail while the test waits
      // The first commits; the next transaction (the second and third) then waits on another row's lock.
      holder.release();
      await Promise.all([holder.done, first.done]);
      const pid = await blockedOn('lost-third');
      await t.store.read((sql) => sql.get('SELECT pg_terminate_backend(?)', [pid]));
      other.release();
      await other.done;
      for (const outcome of await outcomes) {
        assert.equal(outcome.status, 'rejected');
        assert.ok(isConnectionError((outcome as PromiseRejectedResult).reason), 'the connection\'s own error');
      }
      assert.equal(second.runs.count + third.runs.count, 2, 'neither ran again: whether it committed is not known to the unit');
      assert.equal(await nameStored('l-1'), undefined, 'nothing of that transaction committed');
      assert.equal(await nameStored('lock-3'), 'moved');
      assert.equal(await nameStored('lock-4'), 'idle');
      assert.equal((t.store as PostgresStore).sharedCommits.size, 0);
    });

    it('two processes\' shared transactions whose units lock crossing rows lock them all first, in one order, and do not deadlock', async () => {
      const other = t.openAnother!();
      try {
        // Each store's first transaction waits on a held row, so that two units gather behind it in each.
        const resentBefore = (t.store as PostgresStore).sharedCommits.sentAgainWhole; // the deadlock test's victim counts too
        const holder = holdRow('lock-8');
        const holder2 = holdRow('lock-9');
        await Promise.all([holder.locked, holder2.locked]);
        const lead = sharing('k-cross', (sql) => sql.defer(`${rename} /* cross-lead */`, ['moved', 'lock-8']));
        const lead2 = sharing('k-cross', (sql) => sql.defer(`${rename} /* cross-lead-2 */`, ['moved', 'lock-9']), { store: other });
        await Promise.all([blockedOn('cross-lead'), blockedOn('cross-lead-2')]);
        // In statement order the first store's transaction takes x-5 then x-2, the other's x-2 then x-5,
        // each pausing in between: without the lock taken first, a deadlock every time.
        const pausing = (id: string) => async (sql: Sql) => {
          await sql.defer(rename, ['crossed', id]);
          await sql.defer('SELECT pg_sleep(0.3)');
        };
        // One after the other, so that each transaction has its units in this order.
        const units = [sharing('k-cross', pausing('x-5'), { locks: locking('x-5') })];
        await gathered('k-cross', 1);
        units.push(sharing('k-cross', (sql) => sql.defer(rename, ['crossed', 'x-2']), { locks: locking('x-2') }));
        await gathered('k-cross', 2);
        const units2 = [sharing('k-cross', pausing('x-2'), { store: other, locks: locking('x-2') })];
        await gathered('k-cross', 1, other);
        units2.push(sharing('k-cross', (sql) => sql.defer(rename, ['crossed', 'x-5']), { store: other, locks: locking('x-5') }));
        await gathered('k-cross', 2, other);
        holder.release();
        holder2.release();
        await Promise.all([holder.done, holder2.done, lead.done, lead2.done, ...[...units, ...units2].map((unit) => unit.done)]);
        const commits = [(t.store as PostgresStore).sharedCommits, other.sharedCommits];
        assert.deepEqual([commits[0]!.sentAgainWhole - resentBefore, commits[1]!.sentAgainWhole], [0, 0], 'no deadlock: neither was sent again');
        assert.deepEqual([...units, ...units2].map((unit) => unit.runs.count), [1, 1, 1, 1]);
        const [x2, x5] = await writers(['x-2', 'x-5']);
        assert.equal(x2, x5, 'the last transaction to commit wrote both rows');
        assert.deepEqual(commits.map((shared) => shared.size), [0, 0]);
      } finally {
        await other.close();
      }
    });
  });
}

describe('shared commits: the lock taken first', () => {
  /** The statements of the one transaction `units` gather into, each unit offering the rows it locks. */
  async function statementsFor(units: Array<readonly string[] | undefined>): Promise<string[]> {
    const commits = new SharedCommits();
    const sent: PipelinedStatement[][] = [];
    const hold = gate();
    const hooks = (record: boolean) => ({
      send: async (statements: readonly PipelinedStatement[]) => {
        if (record) sent.push([...statements]);
        else await hold.promise; // the transaction ahead: the units gather meanwhile
      },
      placed: () => undefined,
      leave: () => undefined,
    });
    const statement = (ids: readonly string[]): PipelinedStatement => ({ text: `LOCK ${ids.join(',')}`, name: undefined, values: [] });
    const ahead = commits.commit('k', { statements: [] }, hooks(false));
    const done = units.map((ids, index) =>
      commits.commit('k', { statements: [{ text: `UNIT ${index}`, name: undefined, values: [] }], ...(ids && { locks: { ids, statement } }) }, hooks(true)),
    );
    hold.open();
    await Promise.all([ahead, ...done]);
    assert.equal(sent.length, 1, 'one transaction');
    return sent[0]!.map((one) => one.text);
  }

  it('units locking different rows: one statement locks them all first, in order, each once', async () => {
    assert.deepEqual(await statementsFor([['w-5', 'w-7'], ['w-2', 'w-9'], ['w-7', 'w-2']]), ['LOCK w-2,w-5,w-7,w-9', 'UNIT 0', 'UNIT 1', 'UNIT 2']);
  });

  it('units locking the same rows (one wallet\'s queue), or none, need no such statement', async () => {
    assert.deepEqual(await statementsFor([['w-1', 'w-3'], ['w-3', 'w-1']]), ['UNIT 0', 'UNIT 1']);
    assert.deepEqual(await statementsFor([undefined, undefined]), ['UNIT 0', 'UNIT 1']);
  });
});
