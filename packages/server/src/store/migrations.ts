import type { Dialect } from './port.ts';

/**
 * Forward-only migrations. Each is portable SQL unless a dialect needs its own
 * text. Never edit a released migration: add a new one.
 *
 * Types are chosen to mean the same on both engines: TEXT for IDs, JSON and
 * RFC 3339 timestamps (fixed width, so they sort), BIGINT for money in minor
 * units, INTEGER 0/1 for flags.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string | Record<Dialect, string>;
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'platforms, credentials and accounts',
    sql: `
CREATE TABLE platforms (
  platform_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_on TEXT NOT NULL
);
CREATE TABLE api_keys (
  public_key TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  secret_hash TEXT NOT NULL,
  created_on TEXT NOT NULL,
  revoked_on TEXT
);
CREATE TABLE oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  public_key TEXT NOT NULL,
  scopes TEXT NOT NULL,
  expires_on TEXT NOT NULL,
  revoked_on TEXT,
  created_on TEXT NOT NULL
);
CREATE TABLE accounts (
  account_id TEXT PRIMARY KEY,
  created_by TEXT NOT NULL,
  mode TEXT NOT NULL,
  account_type TEXT NOT NULL,
  display_name TEXT NOT NULL,
  email TEXT,
  foreign_id TEXT,
  document TEXT NOT NULL,
  sensitive TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX accounts_created_by ON accounts(created_by, created_on);
CREATE TABLE account_connections (
  principal_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  scopes TEXT,
  created_on TEXT NOT NULL,
  disconnected_on TEXT,
  PRIMARY KEY (principal_id, account_id)
);
CREATE INDEX account_connections_account ON account_connections(account_id);
CREATE TABLE tos_tokens (
  token_hash TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL,
  origin TEXT NOT NULL,
  created_on TEXT NOT NULL
);
CREATE TABLE events (
  event_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_on TEXT NOT NULL
);
CREATE INDEX events_platform ON events(platform_id, created_on);
`,
  },
];

export function migrationSql(migration: Migration, dialect: Dialect): string {
  return typeof migration.sql === 'string' ? migration.sql : migration.sql[dialect];
}
