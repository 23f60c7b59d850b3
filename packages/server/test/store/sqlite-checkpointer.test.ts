import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';

// The WAL is copied back by a worker thread (store/sqlite/checkpointer.ts), not
// inside the commits of the thread that answers requests.

const LIMIT_MS = 10_000;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withStore(run: (store: SqliteStore, path: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'railyard-checkpoint-'));
  const path = join(dir, 'test.db');
  const store = new SqliteStore(path);
  try {
    await store.migrate();
    await run(store, path);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes `units` units of work of one row each, all queued at once so they share commits. */
async function writeRows(store: SqliteStore, units: number): Promise<void> {
  await Promise.all(
    Array.from({ length: units }, (_, i) =>
      store.write((sql) =>
        sql.run('INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES (?, ?, ?, ?, ?)', [
          `e-${i}-${Math.random()}`,
          'p',
          'test.step',
          'x'.repeat(2000),
          new Date().toISOString(),
        ]),
      ),
    ),
  );
}

const writerPragma = (store: SqliteStore, name: string): unknown =>
  (store as unknown as { writer: { pragma(p: string, o: { simple: true }): unknown } }).writer.pragma(name, { simple: true });

describe('SQLite WAL checkpoints', () => {
  it('turns off checkpoints inside commits and copies the WAL back from the worker', async () => {
    await withStore(async (store) => {
      assert.equal(writerPragma(store, 'wal_autocheckpoint'), 0);
      await writeRows(store, 3000);
      await until(() => (store.checkpointer?.last?.copiedFrames ?? 0) > 0, 'a checkpoint that copies frames');
      const last = store.checkpointer!.last!;
      assert.ok(last.copiedFrames <= last.walFrames);
    });
  });

  it('keeps the WAL from growing without bound under steady writes', async () => {
    await withStore(async (store, path) => {
      // ~6 MB of rows: without any checkpoint the WAL would hold all of it.
      for (let round = 0; round < 6; round++) {
        await writeRows(store, 500);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await until(() => (store.checkpointer?.checkpoints ?? 0) > 3, 'several checkpoints');
      // The writer restarts the WAL from its start once a checkpoint has copied all of it.
      const walBytes = statSync(`${path}-wal`).size;
      const written = 3000 * 2000;
      assert.ok(walBytes < written, `WAL ${walBytes} bytes after ${written} bytes of rows: it is being reused`);
    });
  });

  it('falls back to checkpoints inside commits if the worker dies', async () => {
    await withStore(async (store) => {
      await store.checkpointer!.killWorker();
      await until(() => writerPragma(store, 'wal_autocheckpoint') === 1000, 'automatic checkpoints back on');
      await writeRows(store, 10);
      const count = await store.read((sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM events'));
      assert.equal(count?.n, 10);
      // A store opened after the loss gets a new worker.
      await withStore(async (next) => {
        assert.equal(writerPragma(next, 'wal_autocheckpoint'), 0);
        await writeRows(next, 100);
        await until(() => (next.checkpointer?.checkpoints ?? 0) > 0, 'a checkpoint from the new worker');
      });
    });
  });

  it('an in-memory database has no WAL and no worker', async () => {
    const store = new SqliteStore(':memory:');
    try {
      await store.migrate();
      assert.equal(store.checkpointer, undefined);
    } finally {
      await store.close();
    }
  });
});
