import { newRowID } from '../kernel/ids.ts';
import { type Clock, timestamp } from '../kernel/clock.ts';
import type { LedgerEntryRow, LedgerPostingRow } from '../store/repos/ledger.ts';
import { MAX_BALANCE } from './limits.ts';
import type { EntryInput, EntryType, LedgerEntry, Posting, PostingInput } from './types.ts';

/**
 * What the two ways of writing an entry share: the guarded path (post-entry.ts)
 * and the forecast one (forecast.ts). The new entry's row and the entry answered
 * from it, a posting's row, the order in which accounts are updated, and how low a
 * posting may take a wallet.
 */

/** What kind of entry, and for reversals which entry it undoes. Set by the ledger's own operations. */
export interface EntryKind {
  entryType: EntryType;
  reversesEntryID?: string;
}

/** The row of a new entry, dated now. */
export function newEntryRow(input: EntryInput, kind: EntryKind, clock: Clock): LedgerEntryRow {
  return {
    entry_id: newRowID(),
    platform_id: input.platformID,
    entry_type: kind.entryType,
    reference_type: input.referenceType,
    reference_id: input.referenceID,
    description: input.description,
    idempotency_ref: input.idempotencyRef ?? null,
    reverses_entry_id: kind.reversesEntryID ?? null,
    settlement: input.settlement ?? null,
    created_on: timestamp(clock),
  };
}

/** The entry as answered: its row, its kind and postings in line order. */
export function entryOfRow(row: LedgerEntryRow, input: EntryInput, kind: EntryKind, postings: Posting[]): LedgerEntry {
  return {
    entryID: row.entry_id,
    platformID: row.platform_id,
    entryType: kind.entryType,
    referenceType: row.reference_type,
    referenceID: row.reference_id,
    description: row.description,
    idempotencyRef: row.idempotency_ref,
    reversesEntryID: row.reverses_entry_id,
    settlement: input.settlement ?? null,
    createdOn: row.created_on,
    postings: [...postings].sort((a, b) => a.line - b.line),
  };
}

/** A posting of the entry, with its account's sequence number and balances after it. */
export function postingOf(
  entryRow: LedgerEntryRow,
  posting: PostingInput,
  line: number,
  after: { accountSeq: number; available: number; pending: number },
): Posting {
  return {
    entryID: entryRow.entry_id,
    line,
    ledgerAccountID: posting.ledgerAccountID,
    bucket: posting.bucket,
    amount: posting.amount,
    currency: posting.currency,
    accountSeq: after.accountSeq,
    availableAfter: after.available,
    pendingAfter: after.pending,
    createdOn: entryRow.created_on,
  };
}

/** A posting's row. */
export function postingRow(posting: Posting, platformID: string): LedgerPostingRow {
  return {
    entry_id: posting.entryID,
    line: posting.line,
    platform_id: platformID,
    ledger_account_id: posting.ledgerAccountID,
    bucket: posting.bucket,
    amount: posting.amount,
    currency: posting.currency,
    account_seq: posting.accountSeq,
    available_after: posting.availableAfter,
    pending_after: posting.pendingAfter,
    created_on: posting.createdOn,
  };
}

/**
 * The one global order of account updates (by ID, then bucket): two entries
 * touching the same accounts on PostgreSQL lock rows in the same order and cannot
 * deadlock each other.
 */
export function inAccountOrder(a: Pick<PostingInput, 'ledgerAccountID' | 'bucket'>, b: Pick<PostingInput, 'ledgerAccountID' | 'bucket'>): number {
  return compare(a.ledgerAccountID, b.ledgerAccountID) || compare(a.bucket, b.bucket);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * How low a posting may take a bucket of an account that may not go negative
 * (a wallet), decision 1600:
 * - a credit may land whatever the balance: money paid into a wallet that a
 *   settlement overdrew covers it;
 * - a debit of the available bucket by a platform settlement (`settlement` on
 *   the entry) may overdraw: Moov settles refunds, disputes, ACH returns,
 *   adjustments and fees from the wallet whatever its balance;
 * - every other debit (every movement a customer starts, every hold) stops at
 *   zero, so a negative wallet cannot send until it is covered.
 * Accounts of the other kinds keep their own floor (see `addToBucketStatement`).
 */
export function guardedFloor(posting: PostingInput, input: EntryInput): number {
  if (posting.amount > 0) return -MAX_BALANCE;
  if (input.settlement !== undefined && posting.bucket === 'available') return -MAX_BALANCE;
  return 0;
}
