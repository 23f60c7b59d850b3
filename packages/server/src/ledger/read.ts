import type { Sql } from '../store/port.ts';
import {
  accountPostingRows,
  entryRowsByReference,
  findEntryRow,
  findLedgerAccountRow,
  type LedgerEntryRow,
  type LedgerPostingRow,
  postingRowsOfEntry,
} from '../store/repos/ledger.ts';
import { LedgerError } from './errors.ts';
import { DEFAULT_PAGE_SIZE, MAX_ENTRIES_PER_REFERENCE, MAX_PAGE_SIZE, MAX_SKIP } from './limits.ts';
import type { AccountPosting, Bucket, EntryType, LedgerEntry, Posting, SettlementKind } from './types.ts';

function toPosting(row: LedgerPostingRow): Posting {
  return {
    entryID: row.entry_id,
    line: Number(row.line),
    ledgerAccountID: row.ledger_account_id,
    bucket: row.bucket as Bucket,
    amount: Number(row.amount),
    currency: row.currency,
    accountSeq: Number(row.account_seq),
    availableAfter: Number(row.available_after),
    pendingAfter: Number(row.pending_after),
    createdOn: row.created_on,
  };
}

export async function loadEntry(sql: Sql, row: LedgerEntryRow): Promise<LedgerEntry> {
  const postings = (await postingRowsOfEntry(sql, row.entry_id)).map(toPosting);
  return {
    entryID: row.entry_id,
    platformID: row.platform_id,
    entryType: row.entry_type as EntryType,
    referenceType: row.reference_type,
    referenceID: row.reference_id,
    description: row.description,
    idempotencyRef: row.idempotency_ref,
    reversesEntryID: row.reverses_entry_id,
    settlement: (row.settlement ?? null) as SettlementKind | null,
    createdOn: row.created_on,
    postings,
  };
}

/** An entry of this platform with its postings, or `unknown-entry`. */
export async function getEntry(sql: Sql, platformID: string, entryID: string): Promise<LedgerEntry> {
  const row = await findEntryRow(sql, platformID, entryID);
  if (!row) throw new LedgerError('unknown-entry', `ledger entry ${entryID} not found`);
  return loadEntry(sql, row);
}

/** Every entry a reference (a transfer…) posted, oldest first, at most MAX_ENTRIES_PER_REFERENCE. */
export async function entriesByReference(sql: Sql, platformID: string, referenceID: string): Promise<LedgerEntry[]> {
  const rows = await entryRowsByReference(sql, platformID, referenceID, MAX_ENTRIES_PER_REFERENCE);
  const entries: LedgerEntry[] = [];
  for (const row of rows) entries.push(await loadEntry(sql, row));
  return entries;
}

export interface PageRequest {
  skip?: number;
  count?: number;
}

/** A ledger account's postings, newest first: the raw material of a wallet's transactions. */
export async function listPostings(sql: Sql, platformID: string, ledgerAccountID: string, page: PageRequest = {}): Promise<AccountPosting[]> {
  const count = page.count ?? DEFAULT_PAGE_SIZE;
  const skip = page.skip ?? 0;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PAGE_SIZE) {
    throw new LedgerError('invalid-page', `count must be 1 to ${MAX_PAGE_SIZE}, not ${count}`);
  }
  if (!Number.isSafeInteger(skip) || skip < 0 || skip > MAX_SKIP) {
    throw new LedgerError('invalid-page', `skip must be 0 to ${MAX_SKIP}, not ${skip}`);
  }
  if (!(await findLedgerAccountRow(sql, platformID, ledgerAccountID))) {
    throw new LedgerError('unknown-account', `ledger account ${ledgerAccountID} not found`);
  }
  const rows = await accountPostingRows(sql, platformID, ledgerAccountID, count, skip);
  return rows.map((row) => ({
    ...toPosting(row),
    entryType: row.entry_type as EntryType,
    referenceType: row.reference_type,
    referenceID: row.reference_id,
    description: row.description,
  }));
}
