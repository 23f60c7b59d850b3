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

/**
 * Migration 15's tables, the same on both engines but for `delivery_seq`: SQLite's
 * AUTOINCREMENT rowid or PostgreSQL's identity column (as `event_seq`, migration 12).
 */
function webhookTables(deliverySeq: string): string {
  return `
CREATE TABLE webhooks (
  webhook_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  url TEXT NOT NULL,
  status TEXT NOT NULL,
  description TEXT NOT NULL,
  event_types TEXT NOT NULL,
  secret_sealed TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  last_used_on TEXT
);
CREATE INDEX webhooks_platform ON webhooks(platform_id, created_on);
CREATE TABLE webhook_subscriptions (
  platform_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  webhook_id TEXT NOT NULL REFERENCES webhooks(webhook_id),
  PRIMARY KEY (platform_id, event_type, webhook_id)
);
CREATE TABLE webhook_deliveries (
${deliverySeq}  webhook_id TEXT NOT NULL REFERENCES webhooks(webhook_id),
  platform_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms BIGINT NOT NULL,
  give_up_after_ms BIGINT NOT NULL,
  claim_token TEXT,
  claimed_by TEXT,
  lease_expires_ms BIGINT,
  last_status_code INTEGER,
  last_error TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  finished_on TEXT,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, next_attempt_ms);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, delivery_seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);
CREATE TABLE webhook_attempts (
  attempt_id TEXT PRIMARY KEY,
  delivery_seq BIGINT NOT NULL,
  webhook_id TEXT NOT NULL,
  platform_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  attempted_on TEXT NOT NULL,
  status_code INTEGER,
  latency_ms INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  error TEXT,
  request TEXT NOT NULL
);
CREATE INDEX webhook_attempts_webhook ON webhook_attempts(webhook_id, attempted_on);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_seq, attempted_on);
`;
}

const declared: readonly Migration[] = [
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
  {
    id: 7,
    name: 'platform clocks and background jobs',
    // A platform's clock is real time plus offset_ms (never negative, only grows).
    // Jobs keep their due time as platform-time epoch milliseconds (run_at_ms), so
    // "due" is the portable comparison run_at_ms <= real now + the platform's offset.
    // Leases are real (server) time: advancing a clock never expires a worker's lease.
    sql: `
CREATE TABLE platform_clocks (
  platform_id TEXT PRIMARY KEY REFERENCES platforms(platform_id),
  offset_ms BIGINT NOT NULL CHECK (offset_ms >= 0),
  updated_on TEXT NOT NULL
);
CREATE TABLE jobs (
  job_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  run_at TEXT NOT NULL,
  run_at_ms BIGINT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'claimed', 'completed', 'failed')),
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
  claim_token TEXT,
  claimed_by TEXT,
  lease_expires_ms BIGINT,
  last_error TEXT,
  dedupe_key TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  finished_on TEXT
);
CREATE UNIQUE INDEX jobs_dedupe ON jobs(platform_id, dedupe_key);
CREATE INDEX jobs_due ON jobs(status, run_at_ms);
CREATE INDEX jobs_lease ON jobs(status, lease_expires_ms);
`,
  },
  {
    id: 4,
    name: 'wallets and capability disabling',
    // One default wallet per account (partial unique index, portable to PostgreSQL,
    // SQLite and CockroachDB); balances live in the ledger account the wallet names.
    sql: `
CREATE TABLE wallets (
  wallet_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  wallet_type TEXT NOT NULL CHECK (wallet_type IN ('default', 'general')),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'closed')),
  metadata TEXT,
  ledger_account_id TEXT NOT NULL REFERENCES ledger_accounts(ledger_account_id),
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  closed_on TEXT
);
CREATE UNIQUE INDEX wallets_one_default ON wallets(account_id) WHERE wallet_type = 'default';
CREATE INDEX wallets_account ON wallets(account_id, created_on);
ALTER TABLE account_capabilities ADD COLUMN disabled_on TEXT;
ALTER TABLE account_capabilities ADD COLUMN disabled_reason TEXT;
`,
  },
  {
    id: 6,
    name: 'cards',
    // Never the PAN or CVV: the keyed fingerprint, BIN and last four only. The
    // card's public fields live in \`document\` (JSON); \`expires_on\` is the first
    // instant the card is no longer good. A card is linked once per account
    // among live cards (partial unique index, portable to PostgreSQL, SQLite
    // and CockroachDB); a disabled card may be linked again as a new card.
    sql: `
CREATE TABLE cards (
  card_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  fingerprint TEXT NOT NULL,
  document TEXT NOT NULL,
  expires_on TEXT NOT NULL,
  declines TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  disabled_on TEXT
);
CREATE UNIQUE INDEX cards_live_fingerprint ON cards(account_id, fingerprint) WHERE disabled_on IS NULL;
CREATE INDEX cards_account ON cards(account_id, created_on);
`,
  },
  {
    id: 5,
    name: 'bank accounts with sealed account numbers and verification rounds',
    // Verification rounds are JSON (one per method, the latest only): they are
    // read and written whole with their bank account, never queried into.
    // A live bank account is unique per (account, fingerprint); disabled ones
    // step aside so the same account can be linked again.
    sql: `
CREATE TABLE bank_accounts (
  bank_account_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  account_id TEXT NOT NULL REFERENCES accounts(account_id),
  fingerprint TEXT NOT NULL,
  holder_name TEXT NOT NULL,
  holder_type TEXT NOT NULL,
  bank_account_type TEXT NOT NULL,
  routing_number TEXT NOT NULL,
  last_four_account_number TEXT NOT NULL,
  account_number_sealed TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  rtp INTEGER NOT NULL,
  fednow INTEGER NOT NULL,
  status TEXT NOT NULL,
  status_reason TEXT NOT NULL,
  failed_rounds INTEGER NOT NULL,
  exception_details TEXT,
  micro_deposits TEXT,
  instant_verification TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  disabled_on TEXT
);
CREATE INDEX bank_accounts_account ON bank_accounts(account_id, created_on);
CREATE UNIQUE INDEX bank_accounts_live_fingerprint ON bank_accounts(account_id, fingerprint) WHERE disabled_on IS NULL;
`,
  },
  {
    id: 8,
    name: 'transfers with per-platform idempotency keys',
    // Each side keeps the payment method it used and a JSON snapshot of the
    // party as it was at creation (account, wallet/bankAccount/card), so a
    // transfer reads the same after its source is disabled. Rail details
    // (achDetails, cardDetails, rtpDetails) are JSON written by the rails.
    // (platform_id, idempotency_key) is unique for ever: concurrent replays race
    // on this index and the loser answers the winner's transfer.
    // The list filters that match few rows (foreignID, groupID, scheduleID,
    // paymentLinkCode, refunded, disputed) have partial indexes that hold only
    // the rows they can match, so a plain transfer adds no entry to them: a
    // create writes 5 index entries, not 11 (bench/README.md). Both engines use
    // a partial index for "col = ?" and for the same "> 0" term. (Edited in
    // place before migration 8 was released.)
    sql: `
CREATE TABLE transfers (
  transfer_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  idempotency_key TEXT NOT NULL,
  rail TEXT NOT NULL,
  status TEXT NOT NULL,
  failure_reason TEXT,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  facilitator_fee_cents BIGINT NOT NULL CHECK (facilitator_fee_cents >= 0),
  source_account_id TEXT NOT NULL,
  source_payment_method_id TEXT NOT NULL,
  source_payment_method_type TEXT NOT NULL,
  source_kind TEXT NOT NULL,
  source_id TEXT NOT NULL,
  destination_account_id TEXT NOT NULL,
  destination_payment_method_id TEXT NOT NULL,
  destination_payment_method_type TEXT NOT NULL,
  destination_kind TEXT NOT NULL,
  destination_id TEXT NOT NULL,
  source_party TEXT NOT NULL,
  destination_party TEXT NOT NULL,
  source_details TEXT,
  destination_details TEXT,
  rail_state TEXT,
  request TEXT NOT NULL,
  metadata TEXT,
  foreign_id TEXT,
  group_id TEXT,
  schedule_id TEXT,
  payment_link_code TEXT,
  refunded_amount BIGINT NOT NULL DEFAULT 0,
  disputed_amount BIGINT NOT NULL DEFAULT 0,
  rail_answered_on TEXT,
  completed_on TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  row_version INTEGER NOT NULL
);
CREATE UNIQUE INDEX transfers_idempotency ON transfers(platform_id, idempotency_key);
CREATE INDEX transfers_created ON transfers(platform_id, created_on);
CREATE INDEX transfers_source_account ON transfers(platform_id, source_account_id, created_on);
CREATE INDEX transfers_destination_account ON transfers(platform_id, destination_account_id, created_on);
CREATE INDEX transfers_status ON transfers(platform_id, status, created_on);
CREATE INDEX transfers_foreign_id ON transfers(platform_id, foreign_id) WHERE foreign_id IS NOT NULL;
CREATE INDEX transfers_group ON transfers(platform_id, group_id) WHERE group_id IS NOT NULL;
CREATE INDEX transfers_schedule ON transfers(platform_id, schedule_id) WHERE schedule_id IS NOT NULL;
CREATE INDEX transfers_payment_link ON transfers(platform_id, payment_link_code) WHERE payment_link_code IS NOT NULL;
CREATE INDEX transfers_refunded ON transfers(platform_id, created_on) WHERE refunded_amount > 0;
CREATE INDEX transfers_disputed ON transfers(platform_id, created_on) WHERE disputed_amount > 0;
`,
  },
  {
    id: 11,
    name: 'transfer cancellations and receipts',
    // A cancellation belongs to one transfer of one platform; its status moves
    // pending → completed | failed (docs/transfers-more.md). A receipt request
    // names one transfer; `sent_for` is the JSON list of sends
    // ([{receiptID, idempotencyKey, sentOn}], docs/transfers-more.md).
    sql: `
CREATE TABLE transfer_cancellations (
  cancellation_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  transfer_id TEXT NOT NULL REFERENCES transfers(transfer_id),
  status TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX transfer_cancellations_transfer ON transfer_cancellations(platform_id, transfer_id, created_on);
CREATE TABLE receipts (
  receipt_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  created_by TEXT NOT NULL,
  kind TEXT NOT NULL,
  email TEXT,
  email_account_id TEXT,
  for_transfer_id TEXT NOT NULL REFERENCES transfers(transfer_id),
  sent_for TEXT,
  created_on TEXT NOT NULL,
  disabled_on TEXT
);
CREATE INDEX receipts_transfer ON receipts(platform_id, for_transfer_id, created_on);
`,
  },
  {
    id: 12,
    name: 'event order',
    // `event_seq` is assigned by the database on insert and only grows, so the
    // events one unit of work writes keep their write order (their timestamps
    // tie, their IDs are random). No code sets it. SQLite cannot add an
    // autoincrement column, so the table is rebuilt with `event_seq` as its
    // rowid (AUTOINCREMENT: never reused), existing rows numbered in insertion
    // (rowid) order. PostgreSQL (and CockroachDB) add an identity column,
    // filled for existing rows. See docs/decisions/1100-ach-rail-choices.md.
    sql: {
      sqlite: `
CREATE TABLE events_ordered (
  event_seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,
  platform_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_on TEXT NOT NULL
);
INSERT INTO events_ordered (event_id, platform_id, event_type, data, created_on)
  SELECT event_id, platform_id, event_type, data, created_on FROM events ORDER BY rowid;
DROP TABLE events;
ALTER TABLE events_ordered RENAME TO events;
CREATE INDEX events_platform ON events(platform_id, created_on);
CREATE INDEX events_platform_seq ON events(platform_id, event_seq);
`,
      postgres: `
ALTER TABLE events ADD COLUMN event_seq BIGINT GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX events_seq ON events(event_seq);
CREATE INDEX events_platform_seq ON events(platform_id, event_seq);
`,
    },
  },
  {
    id: 13,
    name: 'fewer index entries per transfer',
    // Every transfer writes two events and at least one ledger entry, and each
    // index entry is one more page a group commit may write. `events_platform`
    // (platform, created_on) serves no query since events are read by
    // `event_seq` (migration 12). `ledger_entries_reverses` held a NULL entry
    // for every entry that reverses nothing; as a partial index it holds only
    // reversals, and `reverses_entry_id = ?` still uses it on both engines.
    sql: `
DROP INDEX events_platform;
DROP INDEX ledger_entries_reverses;
CREATE UNIQUE INDEX ledger_entries_reverses ON ledger_entries(reverses_entry_id) WHERE reverses_entry_id IS NOT NULL;
`,
  },
  {
    id: 14,
    name: 'sensitive account values sealed',
    // Birth dates, SSNs, ITINs and EINs are sealed at rest from now on
    // (docs/decisions/0504). Sealing needs the key, which SQL does not have:
    // this migration marks the rows stored in the clear (`sensitive_sealed` 0)
    // and the server seals them at start-up with the key (`upgradeAtRest`),
    // reading them as they are meanwhile. New rows are written sealed (1). The
    // partial index holds only the rows still to seal.
    sql: `
ALTER TABLE accounts ADD COLUMN sensitive_sealed INTEGER NOT NULL DEFAULT 0;
UPDATE accounts SET sensitive_sealed = 1 WHERE sensitive IS NULL;
CREATE INDEX accounts_sensitive_plain ON accounts(account_id) WHERE sensitive_sealed = 0;
`,
  },
  {
    id: 15,
    name: 'webhooks and their deliveries',
    // docs/decisions/1500-webhook-outbox-and-delivery.md. A webhook belongs to
    // a platform. `webhook_subscriptions` holds one row per event type (or `*`)
    // of each ENABLED webhook only, keyed for the lookup every recorded event
    // makes: `recordEvent` inserts one `webhook_deliveries` row per subscribed
    // webhook in the same unit of work as the event (a transactional outbox),
    // so a platform without webhooks pays one empty index probe per event.
    // A delivery is one event for one webhook (unique; a redelivery puts it
    // back to pending). `delivery_seq` is assigned by the database and only
    // grows: deliveries are claimed in the order their events were recorded.
    // Every attempt is kept in `webhook_attempts` (the delivery log). Times that the
    // worker compares are platform-time epoch milliseconds (`*_ms`), like jobs.
    sql: {
      sqlite: webhookTables('  delivery_seq INTEGER PRIMARY KEY AUTOINCREMENT,\n'),
      postgres: webhookTables('  delivery_seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,\n'),
    },
  },
  {
    id: 16,
    name: 'webhook deliveries not yet attempted',
    // A claim may take a webhook's delivery only when no earlier delivery of the
    // same webhook still waits for its first attempt (decision 1500, "Order").
    // Through `webhook_deliveries_webhook` that check walked every earlier
    // delivery of the webhook, delivered ones included, so each claim grew
    // with the webhook's history (bench/README.md "Webhooks": about 3 events/s
    // to one webhook after a few thousand). This partial index holds only the
    // deliveries still waiting for a first attempt: the check reads those.
    sql: `
CREATE INDEX webhook_deliveries_unattempted ON webhook_deliveries(webhook_id, delivery_seq) WHERE attempts = 0 AND status IN ('pending', 'claimed');
`,
  },
  {
    id: 17,
    name: 'platform settlements, refunds, reversals and adjustments',
    // docs/decisions/1600: `ledger_entries.settlement` marks the entries the
    // platform settles from a wallet (refund, dispute, ach-return, adjustment,
    // fee); only those may take a wallet below zero, and verify-ledger checks
    // that every other debit left its wallet at zero or above. A refund
    // belongs to one card transfer; its card-rail progress (`card_status` and
    // the times of each step) moves on the platform clock (docs/refunds.md).
    // `refunds_idempotency` makes a replayed X-Idempotency-Key answer the
    // first refund. A reversal is answered as the cancellation or refund it
    // became; `transfer_reversals` remembers which, per idempotency key, so a
    // replay answers the same. An adjustment is a platform correction of one
    // wallet, posted as one settlement entry (`entry_id`).
    sql: `
ALTER TABLE ledger_entries ADD COLUMN settlement TEXT;
CREATE TABLE refunds (
  refund_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  transfer_id TEXT NOT NULL REFERENCES transfers(transfer_id),
  idempotency_key TEXT NOT NULL,
  status TEXT NOT NULL,
  card_status TEXT NOT NULL,
  failure_code TEXT,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  initiated_on TEXT,
  confirmed_on TEXT,
  settled_on TEXT,
  failed_on TEXT,
  completed_on TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE UNIQUE INDEX refunds_idempotency ON refunds(platform_id, idempotency_key);
CREATE INDEX refunds_transfer ON refunds(platform_id, transfer_id, created_on);
CREATE TABLE transfer_reversals (
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  idempotency_key TEXT NOT NULL,
  transfer_id TEXT NOT NULL REFERENCES transfers(transfer_id),
  amount BIGINT NOT NULL CHECK (amount > 0),
  cancellation_id TEXT REFERENCES transfer_cancellations(cancellation_id),
  refund_id TEXT REFERENCES refunds(refund_id),
  created_on TEXT NOT NULL,
  PRIMARY KEY (platform_id, idempotency_key),
  CHECK ((cancellation_id IS NULL) <> (refund_id IS NULL))
);
CREATE TABLE adjustments (
  adjustment_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  account_id TEXT NOT NULL,
  wallet_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount <> 0),
  memo TEXT NOT NULL,
  entry_id TEXT NOT NULL REFERENCES ledger_entries(entry_id),
  created_on TEXT NOT NULL
);
CREATE INDEX adjustments_account ON adjustments(account_id, created_on);
`,
  },
  {
    id: 18,
    name: 'disputes and their evidence',
    // docs/disputes.md, decision 1650. A dispute belongs to one card payment
    // (`transfer_id`) of one platform; its merchant is the account the payment
    // credited, its cardholder the account whose card paid, its wallet the one
    // the dispute debited, `transaction_id` that debit's wallet transaction. The platform clock moves it through jobs (the
    // respond-by deadline, the network's decision after a submission), and
    // `outcome` holds the decision the sandbox rule took at submission. Evidence is text
    // or one uploaded file; the file's bytes are kept base64 in TEXT
    // (`data_base64`), the same on both engines, read only by the data route.
    // `submitted_on` marks evidence sent with the dispute's one submission.
    sql: `
CREATE TABLE disputes (
  dispute_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  transfer_id TEXT NOT NULL REFERENCES transfers(transfer_id),
  merchant_account_id TEXT NOT NULL,
  cardholder_account_id TEXT NOT NULL,
  merchant_wallet_id TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  network_reason_code TEXT NOT NULL,
  network_reason_description TEXT,
  phase TEXT NOT NULL,
  status TEXT NOT NULL,
  respond_by TEXT NOT NULL,
  outcome TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  submitted_on TEXT,
  row_version BIGINT NOT NULL
);
CREATE INDEX disputes_platform ON disputes(platform_id, created_on);
CREATE INDEX disputes_transfer ON disputes(platform_id, transfer_id);
CREATE TABLE dispute_evidence (
  evidence_id TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  dispute_id TEXT NOT NULL REFERENCES disputes(dispute_id),
  evidence_type TEXT NOT NULL,
  text TEXT,
  filename TEXT,
  mime_type TEXT,
  size BIGINT,
  data_base64 TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  submitted_on TEXT
);
CREATE INDEX dispute_evidence_dispute ON dispute_evidence(platform_id, dispute_id, created_on);
`,
  },
  {
    id: 19,
    name: 'representatives, underwriting and account files (issue 17)',
    // docs/onboarding.md, decisions 1700-1702. A representative's shown fields
    // are JSON in `profile`; its birth date and SSN/ITIN are JSON in
    // `sensitive`, each value sealed as an account's are (0504). Deleted
    // representatives keep their row (`deleted_on`) for the record. Underwriting
    // is one row per account: `document` is what GET answers, `submitted` what
    // the capability requirements read (a draft saved with submissionIntent
    // "wait" changes only `document`). A file's bytes are kept base64 in TEXT in
    // their own table, so listing files never reads them (decision 1702).
    sql: `
CREATE TABLE representatives (
  representative_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(account_id),
  profile TEXT NOT NULL,
  sensitive TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  deleted_on TEXT
);
CREATE INDEX representatives_account ON representatives(account_id, created_on);
CREATE TABLE account_underwriting (
  account_id TEXT PRIMARY KEY REFERENCES accounts(account_id),
  document TEXT NOT NULL,
  submitted TEXT,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE TABLE account_files (
  file_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(account_id),
  file_name TEXT NOT NULL,
  file_purpose TEXT NOT NULL,
  file_status TEXT NOT NULL,
  media_type TEXT NOT NULL,
  metadata TEXT NOT NULL,
  decision_reason TEXT,
  size_bytes BIGINT NOT NULL,
  sha256 TEXT NOT NULL,
  created_on TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
CREATE INDEX account_files_account ON account_files(account_id, created_on);
CREATE TABLE account_file_contents (
  file_id TEXT PRIMARY KEY REFERENCES account_files(file_id),
  content_base64 TEXT NOT NULL
);
`,
  },
  {
    id: 20,
    name: 'onboarding invites and countries of operation (issue 17)',
    sql: `
CREATE TABLE onboarding_invites (
  code TEXT PRIMARY KEY,
  platform_id TEXT NOT NULL REFERENCES platforms(platform_id),
  link TEXT NOT NULL,
  settings TEXT NOT NULL,
  created_on TEXT NOT NULL,
  expires_on TEXT NOT NULL,
  revoked_on TEXT,
  redeemed_on TEXT,
  redeemed_account_id TEXT
);
CREATE INDEX onboarding_invites_platform ON onboarding_invites(platform_id, created_on);
CREATE TABLE account_countries (
  account_id TEXT PRIMARY KEY REFERENCES accounts(account_id),
  countries TEXT NOT NULL,
  updated_on TEXT NOT NULL
);
`,
  },
  {
    id: 21,
    name: 'webhook deliveries ordered per resource',
    // Decision 1500, amendment "Order per resource": a webhook's first attempts
    // are ordered per (webhook, resource key) instead of per webhook, so a run
    // can send different resources' events side by side. `resource_key` is set
    // by the outbox insert from the event (kernel/event-resource.ts); NULL means
    // ordered with nothing (balance.updated, a redelivery). Deliveries still
    // waiting from before this migration get '' (one line per webhook: the
    // order they were queued under). The partial index serves the claim's
    // check "no earlier delivery of this webhook and key still waits for its
    // first attempt", as migration 16's serves the walk of a run's followers.
    sql: `
ALTER TABLE webhook_deliveries ADD COLUMN resource_key TEXT;
UPDATE webhook_deliveries SET resource_key = '' WHERE status IN ('pending', 'claimed');
CREATE INDEX webhook_deliveries_unattempted_resource ON webhook_deliveries(webhook_id, resource_key, delivery_seq) WHERE attempts = 0 AND status IN ('pending', 'claimed');
`,
  },
  {
    id: 22,
    name: 'webhook fan-out after commit',
    // Decision 1500, amendment "Fan-out after commit": `recordEvent` no longer
    // inserts one `webhook_deliveries` row per subscribed webhook (a row in a
    // table of six indexes each, ~20 µs per event on SQLite, +37 % CPU on a
    // wallet→wallet create with one `*` webhook); it queues the event here, one
    // narrow row, and only when some webhook of the platform is subscribed to
    // its type. The delivery worker turns queued events into deliveries in
    // batches, in queue order, in the same transaction that removes them from
    // the queue (claim.ts). `fanout_seq` only orders the rows present.
    sql: {
      sqlite: `
CREATE TABLE webhook_fanout (
  fanout_seq INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL,
  resource_key TEXT,
  due_ms INTEGER NOT NULL
);
`,
      postgres: `
CREATE TABLE webhook_fanout (
  fanout_seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id TEXT NOT NULL,
  resource_key TEXT,
  due_ms BIGINT NOT NULL
);
`,
    },
  },
  // migration 23 slot: dashboard (issue 19)
  {
    id: 24,
    name: 'webhooks enabled since',
    // Decision 1500, "Fan-out after commit": the fan-out reads the webhooks as
    // they are when it runs, up to minutes after the event under load. With
    // only `created_on` to go by, a webhook disabled and enabled again before
    // the fan-out caught up got the events queued before (or, queued for
    // another webhook, during) the time it was disabled, although disabling
    // cancels its backlog. `enabled_on` is when it was last enabled (null while
    // disabled); the fan-out gives it only events recorded since. Webhooks
    // enabled now keep their creation time, so nothing changes for them.
    sql: `
ALTER TABLE webhooks ADD COLUMN enabled_on TEXT;
UPDATE webhooks SET enabled_on = created_on WHERE status = 'enabled';
`,
  },
  {
    id: 25,
    name: 'no row locks for foreign keys on the create path (postgresql)',
    // Decision 2001, amendment "No foreign-key locks on the write path". On
    // PostgreSQL a foreign key is a trigger that locks the referenced row
    // (SELECT … FOR KEY SHARE) for every row inserted: each create locked its
    // platform's one row twice (its transfer and its ledger entry; every
    // concurrent create of the platform shares that lock, so PostgreSQL keeps
    // multixacts for it) and, per posting, its entry and its ledger account
    // again, each lock a WAL record. Measured with pg_stat_statements on a
    // wallet→wallet create: ~20 % of the database's execution time. What they
    // guarded is held by the code and checked after the fact: a posting is
    // inserted only in its entry's batch, after the guarded update that found
    // its account (post-entry.ts); platforms are never deleted; and
    // `railyard admin verify-ledger` reports a posting whose entry or account
    // is missing and an entry of an unknown platform. SQLite keeps them: its
    // check is an index probe in the same process and takes no lock.
    sql: {
      sqlite: `SELECT 1;`,
      postgres: `
ALTER TABLE transfers DROP CONSTRAINT IF EXISTS transfers_platform_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_platform_id_fkey;
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_entry_id_fkey;
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_ledger_account_id_fkey;
`,
    },
  },
  {
    id: 26,
    name: 'one index on the event order (postgresql)',
    // Decision 2001, amendment "A create's events, measured". `events_seq` indexed `event_seq` alone
    // to keep it unique, which its identity column already does (GENERATED ALWAYS refuses a value
    // from outside), and no query reads by it without the platform (`events_platform_seq` serves
    // those). Each event paid an index entry for it: six per wallet→wallet create, 1.9 % of the
    // instructions PostgreSQL spends on one (bench/tools/pg-instructions.sh). SQLite has no such
    // index: there `event_seq` is the rowid.
    sql: {
      sqlite: `SELECT 1;`,
      postgres: `DROP INDEX IF EXISTS events_seq;`,
    },
  },
];

/**
 * Applied in ID order. Entries were appended by parallel work in a different
 * order; sorting here keeps a fresh database and an upgraded one on the same
 * sequence, and the check refuses a duplicate ID at start-up.
 */
export const migrations: readonly Migration[] = [...declared].sort((a, b) => a.id - b.id);
for (let i = 1; i < migrations.length; i++) {
  if (migrations[i]!.id === migrations[i - 1]!.id) throw new Error(`duplicate migration id ${migrations[i]!.id}`);
}

export function migrationSql(migration: Migration, dialect: Dialect): string {
  return typeof migration.sql === 'string' ? migration.sql : migration.sql[dialect];
}
