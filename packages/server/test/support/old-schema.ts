import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrations, migrationSql } from '../../src/store/migrations.ts';
import type { Dialect, SqlValue, Store } from '../../src/store/port.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { POSTGRES_URL } from './stores.ts';

const SCHEMA_MIGRATIONS = 'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)';

/** A database as an older Railyard left it, for tests of a migration that changes existing rows. */
export interface OldSchemaStore {
  /** Runs one statement on the old schema (`?` placeholders on both engines), as the old code would have written rows. */
  run(sql: string, params: readonly SqlValue[]): Promise<void>;
  /** The store of today on that database (it applies the remaining migrations when it opens). */
  open(): Store;
  destroy(): Promise<void>;
}

/** A fresh database migrated up to, not including, migration `beforeID`: the schema a running Railyard had before it. */
export async function storeBeforeMigration(kind: Dialect, beforeID: number): Promise<OldSchemaStore> {
  const earlier = migrations.filter((m) => m.id < beforeID);
  const appliedOn = () => new Date().toISOString();
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-old-schema-'));
    const file = join(dir, 'old.db');
    const db = new Database(file);
    db.exec(SCHEMA_MIGRATIONS);
    for (const m of earlier) {
      db.exec(migrationSql(m, 'sqlite'));
      db.prepare('INSERT INTO schema_migrations (id, name, applied_on) VALUES (?, ?, ?)').run(m.id, m.name, appliedOn());
    }
    return {
      run: async (sql, params) => {
        db.prepare(sql).run(...params);
      },
      open: () => {
        if (db.open) db.close();
        return new SqliteStore(file);
      },
      destroy: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  await client.query(SCHEMA_MIGRATIONS);
  for (const m of earlier) {
    await client.query(migrationSql(m, 'postgres'));
    await client.query('INSERT INTO schema_migrations (id, name, applied_on) VALUES ($1, $2, $3)', [m.id, m.name, appliedOn()]);
  }
  return {
    run: async (sql, params) => {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params as unknown[],
      );
    },
    open: () => new PostgresStore({ connectionString: POSTGRES_URL, schema, maxConnections: 2 }),
    destroy: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
