import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Store } from '../store/port.ts';
import { SqliteStore } from '../store/sqlite/sqlite-store.ts';
import { PostgresStore } from '../store/postgres/postgres-store.ts';
import { isPostgresUrl } from '../store/database-url.ts';

export const DEFAULT_DB = 'sqlite:./data/railyard.db';

export interface OpenStoreOptions {
  /** PostgreSQL: connections this process opens at most (DEFAULT_MAX_CONNECTIONS when absent). SQLite has one. */
  maxConnections?: number;
}

/**
 * Opens a store from a URL: `sqlite:PATH` (or `sqlite::memory:`) or
 * `postgres://…` / `postgresql://…`.
 */
export function openStore(url: string, options: OpenStoreOptions = {}): Store {
  if (isPostgresUrl(url)) {
    return new PostgresStore({ connectionString: url, ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}) });
  }
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new Error('sqlite: needs a path, for example sqlite:./data/railyard.db');
    // Folders Railyard creates are its owner's only (0700); an existing one is left as it is (decisions/0504).
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return new SqliteStore(path);
  }
  throw new Error(`unsupported database URL: ${url} (use sqlite:PATH or postgres://…)`);
}
