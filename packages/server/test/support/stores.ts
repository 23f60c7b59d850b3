import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
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
    // Generous: a server that is not there refuses at once; a loaded machine can hold this process's event loop
    // past a short timer before the connect's answer is read (seen once with 4 test files at a time on 2 cores).
    socket.setTimeout(10_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(url.port || 5432), url.hostname, () => done(true));
  });
}

/**
 * PostgreSQL is required, so its absence fails instead of skipping: with
 * RAILYARD_REQUIRE_POSTGRES=1, and on CI (CI=true, as most CI services set it),
 * where a silently smaller run would pass unnoticed.
 */
export function postgresRequired(): boolean {
  return process.env['RAILYARD_REQUIRE_POSTGRES'] === '1' || process.env['CI'] === 'true';
}

/**
 * Whether the PostgreSQL runs go ahead: false when they do, else the reason
 * they are skipped (RAILYARD_TEST_STORES=sqlite asks for SQLite only, as the
 * mutation runs do; otherwise PostgreSQL did not answer). Throws when
 * PostgreSQL is required and does not answer. Every PostgreSQL probe of the
 * tests (the CLI's too) goes through here, so they follow one rule.
 */
export async function postgresSkipReason(): Promise<string | false> {
  if (process.env['RAILYARD_TEST_STORES'] === 'sqlite') return 'RAILYARD_TEST_STORES=sqlite: SQLite only';
  if (await postgresAnswers()) return false;
  if (postgresRequired()) {
    throw new Error(`PostgreSQL is required (RAILYARD_REQUIRE_POSTGRES=1 or CI=true) but ${POSTGRES_URL} does not answer`);
  }
  return `PostgreSQL does not answer at ${new URL(POSTGRES_URL).host}`;
}

/**
 * The stores every conformance test runs on: SQLite always, PostgreSQL when it
 * answers. Without PostgreSQL each call registers one explicitly skipped test
 * standing for the suite's PostgreSQL run, so the run's count says "skipped"
 * instead of silently shrinking.
 */
export async function storeKinds(): Promise<StoreKind[]> {
  const skip = await postgresSkipReason();
  if (skip === false) return ['sqlite', 'postgres'];
  const file = process.argv[1] ? basename(process.argv[1]) : 'this file';
  test(`the PostgreSQL run of ${file}`, { skip }, () => {});
  return ['sqlite'];
}

export interface TestStore {
  store: Store;
  kind: StoreKind;
  /** PostgreSQL: another store on the same schema, with a pool of its own, as a second process opens one; the caller closes it. */
  openAnother?: () => PostgresStore;
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
    openAnother: () => new PostgresStore({ connectionString: POSTGRES_URL, schema, maxConnections: 5 }),
    destroy: async () => {
      await store.dropSchema();
      await store.close();
    },
  };
}

/**
 * A fresh store for a suite in one line, as serverPerSuite is for a server:
 * call inside a `describe`, before the suite's own `before` hooks; the store is
 * created before its tests and destroyed after them (`beforeDestroy` first,
 * while it is still open: a final check). Answers a stand-in that forwards to
 * the store once created.
 */
export function storePerSuite(kind: StoreKind, hooks: { beforeDestroy?: (testStore: TestStore) => unknown } = {}): TestStore {
  let created: TestStore | undefined;
  before(async () => {
    created = await createTestStore(kind);
  });
  after(async () => {
    if (!created) return;
    try {
      await hooks.beforeDestroy?.(created);
    } finally {
      await created.destroy();
    }
  });
  return new Proxy({} as TestStore, {
    get(_target, key) {
      if (!created) throw new Error(`the ${kind} test store is used before its suite created it`);
      return Reflect.get(created, key);
    },
  });
}
