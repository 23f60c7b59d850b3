import type { Sql } from '../store/port.ts';
import {
  addToBucketStatement,
  type BalanceAfter,
  beginEntrySavepoint,
  findEntryRowByIdempotencyRef,
  findLedgerAccountRow,
  heldForReference,
  insertEntryStatement,
  insertPostings,
  releaseEntrySavepoint,
  rollbackEntrySavepoint,
} from '../store/repos/ledger.ts';
import type { Clock } from '../kernel/clock.ts';
import { toLedgerAccount } from './accounts.ts';
import { InsufficientFunds, LedgerError } from './errors.ts';
import { MAX_BALANCE } from './limits.ts';
import { entryOfRow, type EntryKind, guardedFloor, inAccountOrder, newEntryRow, postingOf, postingRow } from './entry-writing.ts';
import { noteEntryWritten, writeForecastEntry } from './forecast.ts';
import { loadEntry } from './read.ts';
import { assertEntry } from './validate.ts';
import type { EntryInput, LedgerEntry, Posting, PostingInput } from './types.ts';

export interface PostResult {
  entry: LedgerEntry;
  /** True when `idempotencyRef` had already posted: the first entry is answered and no money moved. */
  replayed: boolean;
}

export type { EntryKind } from './entry-writing.ts';

/**
 * Posts one balanced entry inside the caller's unit of work (`store.write`), so
 * the caller's rows (a transfer, its events, its outbox) commit with it.
 *
 * All-or-nothing on its own: it runs in a savepoint, so a refusal
 * (`LedgerError`) leaves nothing of the entry behind even if the caller
 * catches it and commits the rest of its work. Do not run two ledger calls
 * concurrently in one unit of work: they share one connection.
 */
export async function postEntry(sql: Sql, input: EntryInput, clock: Clock): Promise<PostResult> {
  return postEntryOfKind(sql, input, { entryType: 'movement' }, clock);
}

export async function postEntryOfKind(sql: Sql, input: EntryInput, kind: EntryKind, clock: Clock): Promise<PostResult> {
  assertEntry(input);
  // Balances the unit already read make the entry's own round trip unnecessary (forecast.ts).
  const forecast = await writeForecastEntry(sql, input, kind, clock);
  if (forecast) {
    noteEntryWritten(sql, forecast);
    return { entry: forecast, replayed: false };
  }
  await beginEntrySavepoint(sql);
  let entry: LedgerEntry | undefined;
  try {
    entry = await writeEntry(sql, input, kind, clock);
  } catch (error) {
    await rollbackEntrySavepoint(sql);
    throw error;
  }
  if (entry) {
    await releaseEntrySavepoint(sql);
    noteEntryWritten(sql, entry);
    return { entry, replayed: false };
  }
  // `idempotencyRef` had posted (now, or by a concurrent writer that committed first): the
  // balance updates sent with the insert are undone with the savepoint.
  await rollbackEntrySavepoint(sql);
  const replay = await findReplay(sql, input, kind);
  if (!replay) throw new LedgerError('idempotency-conflict', `idempotencyRef ${input.idempotencyRef} is taken but its entry cannot be read`);
  return { entry: replay, replayed: true };
}

async function findReplay(sql: Sql, input: EntryInput, kind: EntryKind): Promise<LedgerEntry | undefined> {
  if (input.idempotencyRef === undefined) return undefined;
  const row = await findEntryRowByIdempotencyRef(sql, input.platformID, input.idempotencyRef);
  if (!row) return undefined;
  const existing = await loadEntry(sql, row);
  if (!sameEntry(existing, input, kind)) {
    throw new LedgerError('idempotency-conflict', `idempotencyRef ${input.idempotencyRef} already posted a different entry`);
  }
  return existing;
}

function sameEntry(existing: LedgerEntry, input: EntryInput, kind: EntryKind): boolean {
  const samePostings =
    existing.postings.length === input.postings.length &&
    input.postings.every((posting, line) => {
      const stored = existing.postings[line];
      return (
        stored !== undefined &&
        stored.ledgerAccountID === posting.ledgerAccountID &&
        stored.bucket === posting.bucket &&
        stored.amount === posting.amount &&
        stored.currency === posting.currency
      );
    });
  return (
    samePostings &&
    existing.entryType === kind.entryType &&
    existing.settlement === (input.settlement ?? null) &&
    existing.reversesEntryID === (kind.reversesEntryID ?? null) &&
    existing.referenceType === input.referenceType &&
    existing.referenceID === input.referenceID
  );
}

/**
 * Writes the entry, or answers undefined when its `idempotencyRef` already
 * posted: the entry was not inserted, but the balance updates of its batch ran,
 * so the caller rolls its savepoint back.
 */
async function writeEntry(sql: Sql, input: EntryInput, kind: EntryKind, clock: Clock): Promise<LedgerEntry | undefined> {
  const entryRow = newEntryRow(input, kind, clock);
  // Accounts are updated in the one global order (entry-writing.ts).
  const order = input.postings.map((posting, line) => ({ posting, line })).sort((a, b) => inAccountOrder(a.posting, b.posting));
  // The insert and every guarded update in one batch: one round trip on PostgreSQL
  // (decision 2001, amendment "Batches"). They all run; the caller's savepoint undoes
  // the updates when the insert found the reference posted or an update was refused.
  const [inserted, ...updates] = await sql.batch([
    insertEntryStatement(entryRow),
    ...order.map(({ posting }) => addToBucketStatement(posting.bucket, bucketTarget(input.platformID, posting), posting.amount, bucketBounds(guardedFloor(posting, input)))),
  ]);
  if (inserted!.changes !== 1) return undefined;
  const postings: Posting[] = [];
  for (const [index, { posting, line }] of order.entries()) {
    const after = (updates[index]!.rows[0] as BalanceAfter | undefined) ?? (await refusal(sql, input.platformID, posting, guardedFloor(posting, input)));
    postings.push(
      postingOf(entryRow, posting, line, { accountSeq: Number(after.posting_count), available: Number(after.available), pending: Number(after.pending) }),
    );
  }
  // Every posting in one statement, once every update is known to have been allowed.
  await insertPostings(
    sql,
    postings.map((stored) => postingRow(stored, input.platformID)),
  );
  await assertHoldsNotExceeded(sql, input);
  return entryOfRow(entryRow, input, kind, postings);
}

function bucketTarget(platformID: string, posting: PostingInput) {
  return { platformID, ledgerAccountID: posting.ledgerAccountID, currency: posting.currency };
}

function bucketBounds(floor: number) {
  return { negativeFloor: -MAX_BALANCE, guardedFloor: floor, ceiling: MAX_BALANCE };
}

/**
 * A guarded update answered no row: it was refused because the account is
 * not this platform's, holds another currency, or the bucket would leave
 * [floor, MAX_BALANCE] (the floor of a wallet from `guardedFloor`). Reads the
 * account to say which, and throws. No read precedes the update itself; the
 * entry runs in a savepoint, so a refusal leaves nothing of it behind, the
 * other updates of its batch included.
 */
async function refusal(sql: Sql, platformID: string, posting: PostingInput, floor: number): Promise<never> {
  const row = await findLedgerAccountRow(sql, platformID, posting.ledgerAccountID);
  if (!row) throw new LedgerError('unknown-account', `ledger account ${posting.ledgerAccountID} not found`);
  const account = toLedgerAccount(row);
  if (account.currency !== posting.currency) {
    throw new LedgerError('currency-mismatch', `ledger account ${account.ledgerAccountID} holds ${account.currency}, not ${posting.currency}`);
  }
  if (posting.amount < 0 && !account.allowNegative && floor === 0) {
    throw new InsufficientFunds(account.ledgerAccountID, posting.bucket, -posting.amount);
  }
  throw new LedgerError('balance-limit', `ledger account ${account.ledgerAccountID} ${posting.bucket} balance would exceed ±${MAX_BALANCE}`);
}

/**
 * A pending bucket is a set of holds, one per reference: an entry may take out
 * of a hold only what that reference put in. Checked after the updates, which
 * hold the account's row lock, so a racing release on PostgreSQL sees the
 * winner's postings and is refused.
 */
async function assertHoldsNotExceeded(sql: Sql, input: EntryInput): Promise<void> {
  for (const posting of input.postings) {
    if (posting.bucket !== 'pending' || posting.amount > 0) continue;
    const held = await heldForReference(sql, input.platformID, posting.ledgerAccountID, input.referenceID);
    if (held < 0) {
      throw new LedgerError(
        'hold-exceeded',
        `reference ${input.referenceID} holds ${held - posting.amount} on ledger account ${posting.ledgerAccountID}, less than the ${-posting.amount} taken`,
      );
    }
  }
}
