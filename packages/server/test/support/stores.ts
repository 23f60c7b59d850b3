import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../src/store/port.ts';

export type StoreKind = 'sqlite' | 'postgres';

export const POSTGRES_URL =
  process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const url = new URL(POSTGRES_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(url.port || 5432), url.hostname, () => done(true));
  });
}

/**
 * The stores every conformance test runs on: SQLite always, PostgreSQL when it
 * answers. With RAILYARD_REQUIRE_POSTGRES=1 (CI) an absent PostgreSQL fails.
 */
export async function storeKinds(): Promise<StoreKind[]> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  if (process.env['RAILYARD_REQUIRE_POSTGRES'] === '1') {
    throw new Error(`PostgreSQL is required (RAILYARD_REQUIRE_POSTGRES=1) but ${POSTGRES_URL} does not answer`);
  }
  return ['sqlite'];
}

export interface TestStore {
  store: Store;
  kind: StoreKind;
  /** Closes the store and removes its data (file or schema). */
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty store: a temp file for SQLite, a new schema for PostgreSQL. */
export async function createTestStore(kind: StoreKind): Promise<TestStore> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-test-'));
    const store = new SqliteStore(join(dir, 'test.db'));
    await store.migrate();
    return {
      store,
      kind,
      destroy: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = new PostgresStore({ connectionString: POSTGRES_URL, schema, maxConnections: 5 });
  await store.migrate();
  return {
    store,
    kind,
    destroy: async () => {
      await store.dropSchema();
      await store.close();
    },
  };
}
