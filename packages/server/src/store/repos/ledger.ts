import type { BatchStatement, Sql, SqlValue } from '../port.ts';
import { deferInsertRows } from './multi-row.ts';

/**
 * SQL of the double-entry ledger: accounts with cached balances, entries and
 * their postings. Rules (balance, overdraft, holds) live in `src/ledger/`.
 */

export interface LedgerAccountRow {
  ledger_account_id: string;
  platform_id: string;
  kind: string;
  owner_id: string;
  account_id: string | null;
  currency: string;
  allow_negative: number;
  available: number;
  pending: number;
  posting_count: number;
  created_on: string;
}

export interface LedgerEntryRow {
  entry_id: string;
  platform_id: string;
  entry_type: string;
  reference_type: string;
  reference_id: string;
  description: string;
  idempotency_ref: string | null;
  reverses_entry_id: string | null;
  /** A platform settlement kind (src/ledger/types.ts SETTLEMENT_KINDS), or null. */
  settlement: string | null;
  created_on: string;
}

export interface LedgerPostingRow {
  entry_id: string;
  line: number;
  platform_id: string;
  ledger_account_id: string;
  bucket: string;
  amount: number;
  currency: string;
  account_seq: number;
  available_after: number;
  pending_after: number;
  created_on: string;
}

export interface AccountPostingRow extends LedgerPostingRow {
  entry_type: string;
  reference_type: string;
  reference_id: string;
  description: string;
}

const ACCOUNT_COLUMNS =
  'ledger_account_id, platform_id, kind, owner_id, account_id, currency, allow_negative, available, pending, posting_count, created_on';
export const ENTRY_COLUMNS =
  'entry_id, platform_id, entry_type, reference_type, reference_id, description, idempotency_ref, reverses_entry_id, settlement, created_on';
export const POSTING_COLUMNS =
  'entry_id, line, platform_id, ledger_account_id, bucket, amount, currency, account_seq, available_after, pending_after, created_on';

// ---- accounts ----

type NewAccountRow = Omit<LedgerAccountRow, 'available' | 'pending' | 'posting_count'>;

function newAccountParams(row: NewAccountRow) {
  return [row.ledger_account_id, row.platform_id, row.kind, row.owner_id, row.account_id, row.currency, row.allow_negative, row.created_on];
}

export async function insertLedgerAccount(sql: Sql, row: NewAccountRow): Promise<void> {
  await sql.run(
    `INSERT INTO ledger_accounts (ledger_account_id, platform_id, kind, owner_id, account_id, currency, allow_negative, created_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    newAccountParams(row),
  );
}

/** Inserts unless an account with the same (platform, kind, owner, currency) exists; answers rows inserted. */
export async function insertLedgerAccountIfAbsent(sql: Sql, row: NewAccountRow): Promise<number> {
  const result = await sql.run(
    `INSERT INTO ledger_accounts (ledger_account_id, platform_id, kind, owner_id, account_id, currency, allow_negative, created_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (platform_id, kind, owner_id, currency) DO NOTHING`,
    newAccountParams(row),
  );
  return result.changes;
}

export async function findLedgerAccountRow(sql: Sql, platformID: string, ledgerAccountID: string): Promise<LedgerAccountRow | undefined> {
  return sql.get<LedgerAccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE ledger_account_id = ? AND platform_id = ?`, [
    ledgerAccountID,
    platformID,
  ]);
}

export async function findLedgerAccountRowByOwner(
  sql: Sql,
  platformID: string,
  kind: string,
  ownerID: string,
  currency: string,
): Promise<LedgerAccountRow | undefined> {
  return sql.get<LedgerAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE platform_id = ? AND kind = ? AND owner_id = ? AND currency = ?`,
    [platformID, kind, ownerID, currency],
  );
}

export interface BalanceAfter {
  available: number;
  pending: number;
  posting_count: number;
}

export interface BucketTarget {
  platformID: string;
  ledgerAccountID: string;
  currency: string;
}

export interface BucketBounds {
  negativeFloor: number;
  guardedFloor: number;
  ceiling: number;
}

/**
 * The statement that adds `amount` to one bucket of an account of `platformID` holding `currency`,
 * only if the result stays within [floor, ceiling], where the floor is
 * `negativeFloor` for an account allowed below zero and `guardedFloor` for any
 * other (a wallet: 0 for a customer's debit, lower for a platform settlement);
 * its one row is the balances after (`BalanceAfter`), none when refused (or no
 * such account: the caller reads the account to say which). The bound is checked in the
 * UPDATE itself, so on PostgreSQL a concurrent writer waiting on the row lock
 * re-checks it against the committed balance, and no read precedes it.
 */
export function addToBucketStatement(bucket: 'available' | 'pending', target: BucketTarget, amount: number, bounds: BucketBounds): BatchStatement {
  // The column name comes from the two-value union, never from input.
  const column = bucket === 'available' ? 'available' : 'pending';
  return {
    sql: `UPDATE ledger_accounts SET ${column} = ${column} + ?, posting_count = posting_count + 1
     WHERE ledger_account_id = ? AND platform_id = ? AND currency = ?
       AND ${column} + ? >= CASE WHEN allow_negative = 1 THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END AND ${column} + ? <= ?
     RETURNING available, pending, posting_count`,
    params: [amount, target.ledgerAccountID, target.platformID, target.currency, amount, bounds.negativeFloor, bounds.guardedFloor, amount, bounds.ceiling],
  };
}

// ---- entries and postings ----

/**
 * The statement that inserts the entry unless its `idempotency_ref` already
 * posted one on this platform: it changes no row then, and writes nothing. One
 * statement instead of a read before the insert (decision 2001); on PostgreSQL
 * a concurrent insert of the same reference makes this one wait for it and then
 * change nothing.
 */
export function insertEntryStatement(row: LedgerEntryRow): BatchStatement {
  return {
    sql: `INSERT INTO ledger_entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (platform_id, idempotency_ref) DO NOTHING`,
    params: entryParams(row),
  };
}

/** An entry row's values in `ENTRY_COLUMNS` order. */
export function entryParams(row: LedgerEntryRow): SqlValue[] {
  return [
    row.entry_id,
    row.platform_id,
    row.entry_type,
    row.reference_type,
    row.reference_id,
    row.description,
    row.idempotency_ref,
    row.reverses_entry_id,
    row.settlement,
    row.created_on,
  ];
}

/**
 * An entry's postings in one statement (decision 2001, "Events recorded together" does the same for
 * events; multi-row.ts): a few rows, as the ledger bounds every entry's postings (ledger/limits.ts).
 * Deferred: the caller already holds every value it answers; `(entry_id, line)` is new with its entry.
 */
export async function insertPostings(sql: Sql, rows: readonly LedgerPostingRow[]): Promise<void> {
  await deferInsertRows(sql, rows, {
    statement: (valuesList) => `INSERT INTO ledger_postings (${POSTING_COLUMNS}) VALUES ${valuesList}`,
    tuple: '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    values: postingParams,
  });
}

/** A posting row's values in `POSTING_COLUMNS` order. */
export function postingParams(row: LedgerPostingRow): SqlValue[] {
  return [
    row.entry_id,
    row.line,
    row.platform_id,
    row.ledger_account_id,
    row.bucket,
    row.amount,
    row.currency,
    row.account_seq,
    row.available_after,
    row.pending_after,
    row.created_on,
  ];
}

export async function findEntryRow(sql: Sql, platformID: string, entryID: string): Promise<LedgerEntryRow | undefined> {
  return sql.get<LedgerEntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE entry_id = ? AND platform_id = ?`, [entryID, platformID]);
}

export async function findEntryRowByIdempotencyRef(sql: Sql, platformID: string, idempotencyRef: string): Promise<LedgerEntryRow | undefined> {
  return sql.get<LedgerEntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE platform_id = ? AND idempotency_ref = ?`, [
    platformID,
    idempotencyRef,
  ]);
}

export async function findReversalRow(sql: Sql, entryID: string): Promise<LedgerEntryRow | undefined> {
  return sql.get<LedgerEntryRow>(`SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE reverses_entry_id = ?`, [entryID]);
}

/** Oldest first, at most `limit`. */
export async function entryRowsByReference(sql: Sql, platformID: string, referenceID: string, limit: number): Promise<LedgerEntryRow[]> {
  return sql.all<LedgerEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE platform_id = ? AND reference_id = ? ORDER BY created_on, entry_id LIMIT ?`,
    [platformID, referenceID, limit],
  );
}

export async function postingRowsOfEntry(sql: Sql, entryID: string): Promise<LedgerPostingRow[]> {
  return sql.all<LedgerPostingRow>(`SELECT ${POSTING_COLUMNS} FROM ledger_postings WHERE entry_id = ? ORDER BY line`, [entryID]);
}

/** What `referenceID` still holds in the pending bucket of an account: its holds less its releases and settlements. */
export async function heldForReference(sql: Sql, platformID: string, ledgerAccountID: string, referenceID: string): Promise<number> {
  const row = await sql.get<{ held: number | string | null }>(
    `SELECT CAST(COALESCE(SUM(p.amount), 0) AS BIGINT) AS held
     FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.entry_id
     WHERE e.platform_id = ? AND e.reference_id = ? AND p.ledger_account_id = ? AND p.bucket = 'pending'`,
    [platformID, referenceID, ledgerAccountID],
  );
  return Number(row?.held ?? 0);
}

/** A ledger account's postings, newest first, with the entry each belongs to. */
export async function accountPostingRows(
  sql: Sql,
  platformID: string,
  ledgerAccountID: string,
  count: number,
  skip: number,
): Promise<AccountPostingRow[]> {
  return sql.all<AccountPostingRow>(
    `SELECT p.entry_id, p.line, p.platform_id, p.ledger_account_id, p.bucket, p.amount, p.currency, p.account_seq,
            p.available_after, p.pending_after, p.created_on,
            e.entry_type, e.reference_type, e.reference_id, e.description
     FROM ledger_postings p JOIN ledger_entries e ON e.entry_id = p.entry_id
     WHERE p.ledger_account_id = ? AND p.platform_id = ?
     ORDER BY p.account_seq DESC LIMIT ? OFFSET ?`,
    [ledgerAccountID, platformID, count, skip],
  );
}

// ---- savepoints: one ledger entry is all-or-nothing even when its caller catches a refusal ----

// The savepoint statements answer nothing: deferred, they travel with the entry's next statement (decision 2001).
export async function beginEntrySavepoint(sql: Sql): Promise<void> {
  await sql.defer('SAVEPOINT ledger_entry');
}

export async function releaseEntrySavepoint(sql: Sql): Promise<void> {
  await sql.defer('RELEASE SAVEPOINT ledger_entry');
}

export async function rollbackEntrySavepoint(sql: Sql): Promise<void> {
  await sql.defer('ROLLBACK TO SAVEPOINT ledger_entry');
  await sql.defer('RELEASE SAVEPOINT ledger_entry');
}
