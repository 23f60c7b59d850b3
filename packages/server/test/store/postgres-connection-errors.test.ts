import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { rowShapeReuse } from '../../src/store/postgres/pipeline.ts';

// A pooled PostgreSQL connection can report an error at any moment: PostgreSQL's
// "terminating connection" (57P01) during a restart. The pool listens to idle
// connections only, and a unit of work can start listening only once its
// connect() has resolved, one microtask after the pool stopped. The crash test
// (24 clients, 12 restarts) found PostgreSQL's error arriving in that gap, in the
// same packet as the ReadyForQuery of a new connection: an 'error' event nobody
// heard, which ends a Node process. This file puts an error in that gap on purpose.
const kinds = await storeKinds();

/** A pool event that must come soon; a test waiting on one that never comes fails instead of hanging. */
const soon = <T>(event: Promise<T>, what: string): Promise<T> =>
  Promise.race([event, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not happen within 5 s`)), 5000).unref())]);

/**
 * The pool's removal of the connection `which()` names then. Earlier tests of this file leave
 * connections that reported an error, and the pool may remove those while a later test waits:
 * a removal of another connection is not the one asked for.
 */
const removalOf = (pool: pg.Pool, which: () => pg.PoolClient | undefined): Promise<pg.PoolClient> =>
  new Promise((resolve) => {
    const heard = (client: pg.PoolClient) => {
      if (client !== which()) return;
      pool.off('remove', heard);
      resolve(client);
    };
    pool.on('remove', heard);
  });

const terminating = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });

if (kinds.includes('postgres')) {
  describe('PostgreSQL connection errors between the pool and the unit, and reads on pooled connections', () => {
    let t: TestStore;
    let pool: pg.Pool;
    before(async () => {
      t = await createTestStore('postgres');
      pool = (t.store as unknown as { pool: pg.Pool }).pool;
    });
    after(async () => {
      await t.destroy();
    });

    it('an error reported while a connection is handed to a unit is heard, and that connection is not reused', async () => {
      let acquired: pg.PoolClient | undefined;
      let heard: boolean | undefined;
      pool.once('acquire', (client: pg.PoolClient) => {
        acquired = client;
        // After the pool's own listener is gone, before the unit's code runs. Emitted only when
        // someone listens: otherwise it would end this test process instead of failing the test.
        queueMicrotask(() => {
          heard = client.listenerCount('error') > 0;
          if (heard) client.emit('error', terminating());
        });
      });
      const removed = removalOf(pool, () => acquired);
      // The connection itself is healthy here (the error is only reported), so the unit succeeds.
      assert.deepEqual(await t.store.write((sql) => sql.get<{ one: number }>('SELECT 1 AS one')), { one: 1 });
      assert.ok(acquired, 'the unit took a connection from the pool');
      assert.equal(heard, true, 'someone listens to the connection between the pool and the unit');
      assert.equal(await soon(removed, 'closing the connection'), acquired, 'the connection that reported an error was closed, not put back');
      assert.deepEqual(await t.store.write((sql) => sql.get<{ two: number }>('SELECT 2 AS two')), { two: 2 });
    });

    it('an error reported by a brand-new connection before anyone asked for it is heard too', async () => {
      const created = new Promise<pg.PoolClient>((resolve) => pool.once('connect', resolve));
      // More units at once than idle connections: the pool opens new ones.
      const units = Array.from({ length: 12 }, (_, i) => t.store.write((sql) => sql.get<{ n: number }>(`SELECT ${i} AS n`)));
      const fresh = await created;
      assert.ok(fresh.listenerCount('error') > 0, 'a new connection is listened to before anyone asked for it');
      fresh.emit('error', terminating());
      const answers = await Promise.all(units);
      assert.deepEqual(answers.map((row) => row?.n), Array.from({ length: 12 }, (_, i) => i));
    });

    // Reads outside a unit take a pooled connection per statement and send it as a pipeline of one
    // (postgres-store.ts), as the pool's own `query` did: these pin what the pool did for them.
    it('a read whose statement fails rejects with PostgreSQL\'s error, closes that connection, and the next read works', async () => {
      let acquired: pg.PoolClient | undefined;
      pool.once('acquire', (client: pg.PoolClient) => (acquired = client));
      const removed = removalOf(pool, () => acquired);
      await assert.rejects(
        t.store.read((sql) => sql.get('SELECT 1 / CAST(? AS INTEGER) AS n', [0])),
        (error: Error & { code?: string }) => error.code === '22012',
      );
      assert.equal(await soon(removed, 'closing the connection'), acquired, 'the connection of the failed read was closed, not put back');
      assert.deepEqual(await t.store.read((sql) => sql.get<{ n: number }>('SELECT 1 / CAST(? AS INTEGER) AS n', [1])), { n: 1 });
    });

    it('a read on a connection that reported an error answers, and that connection is not reused', async () => {
      let acquired: pg.PoolClient | undefined;
      pool.once('acquire', (client: pg.PoolClient) => {
        acquired = client;
        queueMicrotask(() => client.emit('error', terminating()));
      });
      const removed = removalOf(pool, () => acquired);
      assert.deepEqual(await t.store.read((sql) => sql.get<{ three: number }>('SELECT 3 AS three')), { three: 3 });
      assert.equal(await soon(removed, 'closing the connection'), acquired);
    });

    it('reads answer from the row shape kept for their statement, each with rows of its own', async () => {
      const read = (n: number) => t.store.read((sql) => sql.all<{ n: number; label: string }>('SELECT CAST(? AS INTEGER) AS n, CAST(? AS TEXT) AS label', [n, `row ${n}`]));
      await Promise.all([1, 2, 3, 4, 5, 6].map(read)); // every pooled connection learns the shape
      const before = rowShapeReuse.count;
      const answers = await Promise.all([7, 8, 9].map(read));
      assert.ok(rowShapeReuse.count > before, 'a later read took the kept shape');
      assert.deepEqual(answers, [7, 8, 9].map((n) => [{ n, label: `row ${n}` }]));
    });
  });
}
