import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

// Migration 13: indexes that no query needs, or that held an entry for every
// row they could never match, are gone or partial; the queries keep an index.

for (const kind of await storeKinds()) {
  describe(`lean indexes (${kind})`, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(kind);
    });
    after(async () => {
      await t.destroy();
    });

    const indexNames = async (table: string): Promise<string[]> =>
      t.store.read(async (sql) =>
        kind === 'sqlite'
          ? (await sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [table])).map((r) => r.name)
          : (await sql.all<{ name: string }>('SELECT indexname AS name FROM pg_indexes WHERE tablename = ? AND schemaname = current_schema()', [table])).map((r) => r.name),
      );

    it('events keep their sequence index and lose the unused (platform, created_on) one', async () => {
      const names = await indexNames('events');
      assert.ok(names.includes('events_platform_seq'));
      assert.ok(!names.includes('events_platform'));
    });

    it('events have no index on event_seq alone; on PostgreSQL the identity column keeps it unique', async () => {
      // The (platform, event_seq) index stays: the test above checks it.
      assert.ok(!(await indexNames('events')).includes('events_seq'), 'no index on event_seq alone (migration 26)');
      if (kind !== 'postgres') return;
      // GENERATED ALWAYS: a value from outside is refused, so no two rows can share one.
      await assert.rejects(
        t.store.write((sql) =>
          sql.run('INSERT INTO events (event_id, platform_id, event_type, data, created_on, event_seq) VALUES (?, ?, ?, ?, ?, ?)', [
            'e-explicit',
            'p',
            'probe',
            '{}',
            '2026-01-01T00:00:00.000Z',
            1,
          ]),
        ),
        /non-DEFAULT value|GENERATED ALWAYS/i,
      );
    });

    it('a reversal is still unique per entry it reverses, and entries reversing nothing share the index freely', async () => {
      const insert = (id: string, reverses: string | null) =>
        t.store.write((sql) =>
          sql.run(
            'INSERT INTO ledger_entries (entry_id, platform_id, entry_type, reference_type, reference_id, description, idempotency_ref, reverses_entry_id, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [id, 'p', 'movement', 'test', 'r', 'd', null, reverses, '2026-01-01T00:00:00.000Z'],
          ),
        );
      await t.store.write((sql) =>
        sql.run("INSERT INTO platforms (platform_id, name, created_on) VALUES ('p', 'probe', '2026-01-01T00:00:00.000Z')"),
      );
      await insert('e1', null);
      await insert('e2', null);
      await insert('r1', 'e1');
      await assert.rejects(insert('r2', 'e1'), /unique/i);
      const found = await t.store.read((sql) => sql.get<{ entry_id: string }>('SELECT entry_id FROM ledger_entries WHERE reverses_entry_id = ?', ['e1']));
      assert.equal(found?.entry_id, 'r1');
    });
  });
}
