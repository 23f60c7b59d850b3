import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, POSTGRES_URL, storeKinds, type TestStore } from '../support/stores.ts';
import { groupWrites, type Grouping } from '../../../../bench/tools/group-commit.ts';

// The bench's group-commit measurement (bench/tools/group-commit.ts, decision 2001 amendment
// "Group commit, measured and not taken"): units of work as savepoints of one shared transaction. Its figures
// mean something only if a group commits its units together, and a unit that fails takes
// nothing of the others with it.

const postgres = (await storeKinds()).includes('postgres');

describe('group commit for the bench (bench/tools/group-commit.ts)', { skip: postgres ? false : 'needs PostgreSQL' }, () => {
  let testStore: TestStore;
  let grouping: Grouping;

  before(async () => {
    testStore = await createTestStore('postgres');
    await testStore.store.write((sql) => sql.run('CREATE TABLE grouped (n INTEGER PRIMARY KEY, note TEXT)'));
    grouping = await groupWrites(testStore.store, { connectionString: POSTGRES_URL, size: 4 });
  });

  after(async () => {
    await grouping?.close();
    await testStore?.destroy();
  });

  const count = () => testStore.store.read(async (sql) => (await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM grouped'))?.n);

  it('runs queued units four at a time in one transaction each, every unit answered with its own value', async () => {
    const values = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        testStore.store.write(async (sql) => {
          await sql.defer('INSERT INTO grouped (n, note) VALUES (?, ?)', [n, 'deferred']);
          return (await sql.run('UPDATE grouped SET note = ? WHERE n = ?', ['read back', n])).changes * 100 + n;
        }),
      ),
    );
    assert.deepEqual(values, [100, 101, 102, 103, 104, 105, 106, 107]);
    assert.equal(await count(), 8);
    // Queued in one turn of the event loop: two groups of four.
    assert.equal(grouping.units, 8);
    assert.equal(grouping.groups, 2);
  });

  it('rolls back a failing unit alone: the others of its group commit, and it is answered with its own error', async () => {
    const outcomes = await Promise.allSettled(
      [20, 21, 20, 22].map((n) => testStore.store.write((sql) => sql.run('INSERT INTO grouped (n) VALUES (?)', [n]))),
    );
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
    );
    assert.match(String((outcomes[2] as PromiseRejectedResult).reason), /unique/);
    assert.equal(await count(), 11);
  });

  it('undoes a unit whose work throws after writing, and keeps its neighbours', async () => {
    const outcomes = await Promise.allSettled([
      testStore.store.write((sql) => sql.run('INSERT INTO grouped (n) VALUES (30)')),
      testStore.store.write(async (sql) => {
        await sql.run('INSERT INTO grouped (n) VALUES (31)');
        throw new Error('refused after writing');
      }),
      testStore.store.write((sql) => sql.run('INSERT INTO grouped (n) VALUES (32)')),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const rows = await testStore.store.read((sql) => sql.all<{ n: number }>('SELECT n FROM grouped WHERE n >= 30 ORDER BY n'));
    assert.deepEqual(
      rows.map((r) => r.n),
      [30, 32],
    );
  });

  it('refuses a group size or a number of connections out of its bounds', async () => {
    await assert.rejects(groupWrites(testStore.store, { connectionString: POSTGRES_URL, size: 0 }), /size must be 1\.\.16/);
    await assert.rejects(groupWrites(testStore.store, { connectionString: POSTGRES_URL, size: 17 }), /size must be 1\.\.16/);
    await assert.rejects(groupWrites(testStore.store, { connectionString: POSTGRES_URL, size: 4, connections: 0 }), /connections must be 1\.\.16/);
  });

  it('runs groups on several connections at once, and runs a deadlock victim again instead of failing it', async () => {
    const two = await groupWrites(testStore.store, { connectionString: POSTGRES_URL, size: 2, connections: 2 });
    try {
      await testStore.store.write((sql) => sql.run('INSERT INTO grouped (n, note) VALUES (40, ?), (41, ?)', ['0', '0']));
      // Two groups at once: each first unit locks one row, each second unit the other group's row.
      // Whichever group PostgreSQL picks as the deadlock's victim has its second unit rolled back
      // to its savepoint and queued again; every unit ends done, none failed.
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothLocked = new Promise<void>((resolve) => (release = resolve));
      const lockThenWait = (n: number) =>
        testStore.store.write(async (sql) => {
          await sql.run("UPDATE grouped SET note = note || 'a' WHERE n = ?", [n]);
          if (++arrived === 2) release();
          await bothLocked;
        });
      const lockOther = (n: number) => testStore.store.write((sql) => sql.run("UPDATE grouped SET note = note || 'b' WHERE n = ?", [n]));
      const outcomes = await Promise.allSettled([lockThenWait(40), lockOther(41), lockThenWait(41), lockOther(40)]);
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'],
      );
      assert.equal(two.groups >= 2, true);
      assert.ok(two.retried >= 1, `retried: ${two.retried}`);
      const notes = await testStore.store.read((sql) => sql.all<{ note: string }>('SELECT note FROM grouped WHERE n IN (40, 41) ORDER BY n'));
      // Each row: the initial 0, one 'a' and one 'b', none lost, none twice.
      assert.deepEqual(
        notes.map((r) => [...r.note].sort().join('')),
        ['0ab', '0ab'],
      );
    } finally {
      await two.close();
    }
  });
});
