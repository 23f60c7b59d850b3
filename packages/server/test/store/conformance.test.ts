import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { UniqueViolation } from '../../src/store/port.ts';

// One suite, both adapters: the store port must mean the same thing on each.
for (const kind of await storeKinds()) {
  describe(`store conformance (${kind})`, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(kind);
    });
    after(async () => {
      await t.destroy();
    });

    it('migrates once: a second run applies nothing', async () => {
      assert.deepEqual(await t.store.migrate(), []);
    });

    it('commits a write and reads it back', async () => {
      await t.store.write((sql) =>
        sql.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', ['p-1', 'one', '2026-01-01T00:00:00.000Z']),
      );
      const row = await t.store.read((sql) => sql.get<{ name: string }>('SELECT name FROM platforms WHERE platform_id = ?', ['p-1']));
      assert.equal(row?.name, 'one');
    });

    it('rolls back everything a failed unit of work wrote', async () => {
      await assert.rejects(
        t.store.write(async (sql) => {
          await sql.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', ['p-2', 'two', '2026-01-01T00:00:00.000Z']);
          throw new Error('refused');
        }),
        /refused/,
      );
      const row = await t.store.read((sql) => sql.get('SELECT name FROM platforms WHERE platform_id = ?', ['p-2']));
      assert.equal(row, undefined);
    });

    it('one refused unit does not undo its neighbours in the same turn', async () => {
      const insert = (id: string) =>
        t.store.write((sql) =>
          sql.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', [id, id, '2026-01-01T00:00:00.000Z']),
        );
      const results = await Promise.allSettled([insert('g-1'), insert('p-1'), insert('g-2')]);
      assert.equal(results[0].status, 'fulfilled');
      assert.equal(results[1].status, 'rejected');
      assert.ok((results[1] as PromiseRejectedResult).reason instanceof UniqueViolation);
      assert.equal(results[2].status, 'fulfilled');
      const rows = await t.store.read((sql) => sql.all<{ platform_id: string }>("SELECT platform_id FROM platforms WHERE platform_id LIKE 'g-%' ORDER BY platform_id"));
      assert.deepEqual(rows.map((r) => r.platform_id), ['g-1', 'g-2']);
    });

    it('reports BIGINT columns as numbers', async () => {
      const row = await t.store.read((sql) => sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM platforms'));
      assert.equal(typeof row?.n, 'number');
    });
  });
}
