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
  grant_id TEXT NOT NULL,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  public_key TEXT NOT NULL,
  scopes TEXT NOT NULL,
  expires_on TEXT NOT NULL,
  revoked_on TEXT,
  created_on TEXT NOT NULL
);
CREATE INDEX oauth_tokens_grant ON oauth_tokens(grant_id);
CREATE INDEX oauth_tokens_platform_expiry ON oauth_tokens(platform_id, expires_on);
CREATE TABLE accounts (
  account_id TEXT PRIMARY KEY,
  created_by TEXT NOT NULL,
  mode TEXT NOT NULL,
  account_type TEXT NOT NULL,
  display_name TEXT NOT NULL,
  search_name TEXT NOT NULL,
  email TEXT,
  foreign_id TEXT,
  document TEXT NOT NULL,
  sensitive TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX accounts_created_by ON accounts(created_by, created_on);
CREATE INDEX accounts_email ON accounts(email);
CREATE INDEX accounts_foreign_id ON accounts(foreign_id);
CREATE TABLE account_capabilities (
  account_id TEXT NOT NULL,
  capability TEXT NOT NULL,
  status TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  PRIMARY KEY (account_id, capability)
);
CREATE INDEX account_capabilities_filter ON account_capabilities(capability, status);
CREATE TABLE account_connections (
  principal_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  scopes TEXT,
  created_on TEXT NOT NULL,
  disconnected_on TEXT,
  PRIMARY KEY (principal_id, account_id)
);
CREATE INDEX account_connections_account ON account_connections(account_id);
CREATE INDEX account_connections_principal ON account_connections(principal_id, disconnected_on);
CREATE TABLE tos_tokens (
  token_hash TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL,
  origin TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  created_on TEXT NOT NULL,
  used_by TEXT,
  used_on TEXT
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
  {
    id: 2,
    name: 'double-entry ledger: accounts, entries, postings',
    // Balances on ledger_accounts are a cached projection of ledger_postings,
    // kept in the same transaction; `railyard admin verify-ledger` recomputes them.
    sql: `
CREATE TABLE ledger_accounts (
  ledger_account_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  kind TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  account_id TEXT,
  currency TEXT NOT NULL,
  allow_negative INTEGER NOT NULL CHECK (allow_negative IN (0, 1)),
  available BIGINT NOT NULL DEFAULT 0,
  pending BIGINT NOT NULL DEFAULT 0,
  posting_count BIGINT NOT NULL DEFAULT 0,
  created_on TEXT NOT NULL
);
CREATE UNIQUE INDEX ledger_accounts_owner ON ledger_accounts(platform_id, kind, owner_id, currency);
CREATE TABLE ledger_entries (
  entry_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  entry_type TEXT NOT NULL,
  reference_type TEXT NOT NULL,
  reference_id TEXT NOT NULL,
  description TEXT NOT NULL,
  idempotency_ref TEXT,
  reverses_entry_id TEXT REFERENCES ledger_entries(entry_id),
  created_on TEXT NOT NULL
);
CREATE INDEX ledger_entries_reference ON ledger_entries(platform_id, reference_id, created_on);
CREATE UNIQUE INDEX ledger_entries_idempotency ON ledger_entries(platform_id, idempotency_ref);
CREATE UNIQUE INDEX ledger_entries_reverses ON ledger_entries(reverses_entry_id);
CREATE TABLE ledger_postings (
  entry_id TEXT NOT NULL REFERENCES ledger_entries(entry_id),
  line INTEGER NOT NULL,
  platform_id TEXT NOT NULL,
  ledger_account_id TEXT NOT NULL REFERENCES ledger_accounts(ledger_account_id),
  bucket TEXT NOT NULL CHECK (bucket IN ('available', 'pending')),
  amount BIGINT NOT NULL CHECK (amount <> 0),
  currency TEXT NOT NULL,
  account_seq BIGINT NOT NULL,
  available_after BIGINT NOT NULL,
  pending_after BIGINT NOT NULL,
  created_on TEXT NOT NULL,
  PRIMARY KEY (entry_id, line)
);
CREATE UNIQUE INDEX ledger_postings_account_seq ON ledger_postings(ledger_account_id, account_seq);
`,
  },
  {
    id: 3,
    name: 'payment methods derived from sources',
    // One row per (source, type) for ever: a method that goes away is disabled
    // and comes back under the same paymentMethodID.
    sql: `
CREATE TABLE payment_methods (
  payment_method_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  source_kind TEXT NOT NULL,
  source_id TEXT NOT NULL,
  payment_method_type TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  disabled_on TEXT
);
CREATE UNIQUE INDEX payment_methods_source_type ON payment_methods(source_id, payment_method_type);
CREATE INDEX payment_methods_account ON payment_methods(account_id, created_on);
`,
  },
];

export function migrationSql(migration: Migration, dialect: Dialect): string {
  return typeof migration.sql === 'string' ? migration.sql : migration.sql[dialect];
}
