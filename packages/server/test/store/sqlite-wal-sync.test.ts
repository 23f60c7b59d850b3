import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, type SqliteStoreOptions } from '../../src/store/sqlite/sqlite-store.ts';
import { WalFile } from '../../src/store/sqlite/wal-sync.ts';

// A group commit is acknowledged only once an fsync of the WAL that began after
// its COMMIT has returned (store/sqlite/wal-sync.ts).

async function withStore(options: SqliteStoreOptions, run: (store: SqliteStore) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'railyard-walsync-'));
  const store = new SqliteStore(join(dir, 'test.db'), options);
  try {
    await store.migrate();
    await run(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const insert = (store: SqliteStore, id: string) =>
  store.write((sql) =>
    sql.run('INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES (?, ?, ?, ?, ?)', [
      id,
      'p',
      'test.step',
      '{}',
      '2026-01-01T00:00:00.000Z',
    ]),
  );

const countEvents = (store: SqliteStore) =>
  store.read(async (sql) => (await sql.get<{ n: number }>('SELECT count(*) AS n FROM events'))!.n);

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

/** An fsync that waits until the test lets it finish. */
function heldSync() {
  const held: Array<{ path: string; finish: (error?: Error) => void }> = [];
  const syncFile = (path: string) =>
    new Promise<void>((resolve, reject) => held.push({ path, finish: (error) => (error ? reject(error) : resolve()) }));
  return { held, syncFile };
}

describe('SQLite durable acknowledgement (WAL fsync off the event loop)', () => {
  it('answers a write only after the WAL fsync that follows its commit', async () => {
    const { held, syncFile } = heldSync();
    let migrated = false;
    await withStore(
      {
        syncFile: async (path) => {
          if (!migrated) return; // the migrations' own sync
          await syncFile(path);
        },
      },
      async (store) => {
        migrated = true;
        let answered = false;
        const write = insert(store, 'e1').then(() => (answered = true));
        await tick();
        assert.equal(await countEvents(store), 1, 'committed: a reader sees the row');
        assert.equal(answered, false, 'but the writer has not been told yet');
        assert.equal(held.length, 1);
        assert.match(held[0]!.path, /test\.db-wal$/);
        held.shift()!.finish();
        await write;
        assert.equal(answered, true);
      },
    );
  });

  it('runs at most two fsyncs at once; a group is released by one that began after its commit, in order', async () => {
    const { held, syncFile } = heldSync();
    let migrated = false;
    await withStore({ syncFile: async (path) => (migrated ? syncFile(path) : undefined) }, async (store) => {
      migrated = true;
      const order: string[] = [];
      const first = insert(store, 'a').then(() => order.push('a'));
      await tick();
      assert.equal(held.length, 1, 'the first group is being synced');
      // A second group commits while that fsync runs: it gets its own at once.
      const second = insert(store, 'b').then(() => order.push('b'));
      await tick();
      assert.equal(held.length, 2);
      // A third commits while both run: it waits for a free one.
      const third = insert(store, 'c').then(() => order.push('c'));
      await tick();
      assert.equal(await countEvents(store), 3);
      assert.equal(held.length, 2, 'no third fsync at once');
      const [syncA, syncB] = [held.shift()!, held.shift()!];
      // The second fsync ends first: it began after b's commit, so it covers a and b.
      syncB.finish();
      await Promise.all([first, second]);
      await tick();
      assert.deepEqual(order, ['a', 'b']);
      assert.equal(held.length, 1, 'c got the freed slot');
      syncA.finish();
      await tick();
      assert.deepEqual(order, ['a', 'b'], 'the first fsync began before c committed: c is not durable yet');
      held.shift()!.finish();
      await third;
      assert.deepEqual(order, ['a', 'b', 'c']);
    });
  });

  it('a failed fsync rejects the waiting writes and every later one', async () => {
    const { held, syncFile } = heldSync();
    let migrated = false;
    await withStore({ syncFile: async (path) => (migrated ? syncFile(path) : undefined) }, async (store) => {
      migrated = true;
      const write = insert(store, 'x');
      await tick();
      held.shift()!.finish(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
      await assert.rejects(write, /EIO/);
      await assert.rejects(insert(store, 'y'), /refuses writes after a failed fsync/);
    });
  });

  it('many concurrent writers need far fewer fsyncs than writes, with the real fsync', async () => {
    let syncs = 0;
    let walFile: WalFile | undefined;
    await withStore(
      {
        syncFile: async (path) => {
          syncs++;
          walFile ??= new WalFile(path);
          await walFile.sync();
        },
      },
      async (store) => {
        const before = syncs;
        await Promise.all(Array.from({ length: 500 }, (_, i) => insert(store, `e${i}`)));
        assert.equal(await countEvents(store), 500);
        const used = syncs - before;
        assert.ok(used >= 1 && used < 100, `${used} fsyncs for 500 writes`);
      },
    );
    await walFile?.close();
  });

  it('a WAL file that does not exist yet is nothing to sync; other errors are reported', async () => {
    await new WalFile(join(tmpdir(), `railyard-no-such-${process.pid}-${Date.now()}`)).sync();
    await assert.rejects(new WalFile('/proc/self/nonexistent-dir/x\u0000').sync(), /./);
  });
});
