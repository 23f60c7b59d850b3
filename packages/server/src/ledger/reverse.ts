import { type Sql, UniqueViolation } from '../store/port.ts';
import { findReversalRow } from '../store/repos/ledger.ts';
import type { Clock } from '../kernel/clock.ts';
import { LedgerError } from './errors.ts';
import { postEntryOfKind, type PostResult } from './post-entry.ts';
import { getEntry } from './read.ts';
import { assertReference } from './validate.ts';
import type { SettlementKind } from './types.ts';

export interface ReverseInput {
  platformID: string;
  entryID: string;
  description: string;
  idempotencyRef?: string;
  /** Marks the reversal a platform settlement (an ACH return of money already paid out): it may overdraw a wallet. */
  settlement?: SettlementKind;
}

/**
 * Undoes an entry by posting its exact negation under the same reference:
 * entries are never edited or deleted. An entry is reversed at most once, and
 * a reversal is not itself reversible (post a new movement instead). Refused
 * like any entry when it would overdraw a wallet (the money was spent) or take
 * out of a hold that was already settled, unless `settlement` marks it a
 * platform settlement, which may overdraw.
 */
export async function reverseEntry(sql: Sql, input: ReverseInput, clock: Clock): Promise<PostResult> {
  const original = await getEntry(sql, input.platformID, input.entryID);
  const entryInput = {
    platformID: input.platformID,
    referenceType: original.referenceType,
    referenceID: original.referenceID,
    description: input.description,
    ...(input.idempotencyRef === undefined ? {} : { idempotencyRef: input.idempotencyRef }),
    ...(input.settlement === undefined ? {} : { settlement: input.settlement }),
    postings: original.postings.map((posting) => ({
      ledgerAccountID: posting.ledgerAccountID,
      bucket: posting.bucket,
      amount: -posting.amount,
      currency: posting.currency,
    })),
  };
  assertReference(entryInput);
  if (original.entryType === 'reversal') {
    throw new LedgerError('invalid-entry', `ledger entry ${original.entryID} is a reversal and cannot be reversed`);
  }
  const kind = { entryType: 'reversal' as const, reversesEntryID: original.entryID };
  const existing = await findReversalRow(sql, original.entryID);
  // A replay of the same reversal (same idempotencyRef) answers it; anything else is a second reversal.
  if (existing && (input.idempotencyRef === undefined || existing.idempotency_ref !== input.idempotencyRef)) {
    throw new LedgerError('already-reversed', `ledger entry ${original.entryID} was already reversed by ${existing.entry_id}`);
  }
  try {
    return await postEntryOfKind(sql, entryInput, kind, clock);
  } catch (error) {
    // A concurrent reversal on PostgreSQL won the unique index on reverses_entry_id.
    if (error instanceof UniqueViolation) throw new LedgerError('already-reversed', `ledger entry ${original.entryID} was already reversed`);
    throw error;
  }
}
