import type { Sql } from '../store/port.ts';
import { heldForReference } from '../store/repos/ledger.ts';
import type { Clock } from '../kernel/clock.ts';
import { LedgerError } from './errors.ts';
import { MAX_POSTINGS_PER_ENTRY } from './limits.ts';
import { postEntryOfKind, type PostResult } from './post-entry.ts';
import { assertPositiveAmount } from './validate.ts';
import type { EntryReference, PostingInput } from './types.ts';

/**
 * The movements a transfer is made of, each one balanced entry:
 *
 *   move     A.available −x, B.available +x       (wallet → wallet, funding, fees)
 *   hold     A.available −x, A.pending +x         (transfer pending: money reserved)
 *   release  A.pending −x,   A.available +x       (transfer canceled or failed)
 *   settle   A.pending −x,   B.available +x (…)   (transfer completed; may split to fees)
 *
 * Holds are tracked per reference (a transferID): release and settle take out
 * only what that reference held.
 */

export interface MoveInput extends EntryReference {
  fromLedgerAccountID: string;
  toLedgerAccountID: string;
  amount: number;
  currency: string;
}

export interface HoldInput extends EntryReference {
  ledgerAccountID: string;
  amount: number;
  currency: string;
}

export interface SettleInput extends HoldInput {
  /** Who receives the held money: the counterparty, and maybe a fees account. Sums to `amount`. */
  credits: ReadonlyArray<{ ledgerAccountID: string; amount: number }>;
}

// Spread last into an entry, `{ postings, ...reference(input) }`: a literal that grows after a
// leading spread gives each object a map of its own in Node 20 (decision 2001, amendment "Node's own work").
function reference(input: EntryReference): EntryReference {
  const { platformID, referenceType, referenceID, description, idempotencyRef, settlement } = input;
  return {
    platformID,
    referenceType,
    referenceID,
    description,
    ...(idempotencyRef === undefined ? {} : { idempotencyRef }),
    ...(settlement === undefined ? {} : { settlement }),
  };
}

/**
 * Available money from one account to another's available bucket. With
 * `settlement` set (a refund, dispute, ACH return, adjustment or fee the
 * platform settles), the debit may take a wallet below zero.
 */
export async function moveFunds(sql: Sql, input: MoveInput, clock: Clock): Promise<PostResult> {
  assertPositiveAmount(input.amount);
  const postings: PostingInput[] = [
    { ledgerAccountID: input.fromLedgerAccountID, bucket: 'available', amount: -input.amount, currency: input.currency },
    { ledgerAccountID: input.toLedgerAccountID, bucket: 'available', amount: input.amount, currency: input.currency },
  ];
  return postEntryOfKind(sql, { postings, ...reference(input) }, { entryType: 'movement' }, clock);
}

/** Reserves money for an in-flight movement: refused with InsufficientFunds when a wallet lacks it. */
export async function holdFunds(sql: Sql, input: HoldInput, clock: Clock): Promise<PostResult> {
  assertPositiveAmount(input.amount);
  const postings: PostingInput[] = [
    { ledgerAccountID: input.ledgerAccountID, bucket: 'available', amount: -input.amount, currency: input.currency },
    { ledgerAccountID: input.ledgerAccountID, bucket: 'pending', amount: input.amount, currency: input.currency },
  ];
  return postEntryOfKind(sql, { postings, ...reference(input) }, { entryType: 'hold' }, clock);
}

/** Gives held money back to the available bucket (the movement was canceled or failed). */
export async function releaseHold(sql: Sql, input: HoldInput, clock: Clock): Promise<PostResult> {
  assertPositiveAmount(input.amount);
  const postings: PostingInput[] = [
    { ledgerAccountID: input.ledgerAccountID, bucket: 'pending', amount: -input.amount, currency: input.currency },
    { ledgerAccountID: input.ledgerAccountID, bucket: 'available', amount: input.amount, currency: input.currency },
  ];
  return postEntryOfKind(sql, { postings, ...reference(input) }, { entryType: 'release' }, clock);
}

/** Pays held money out to its receivers (the movement completed). */
export async function settleHold(sql: Sql, input: SettleInput, clock: Clock): Promise<PostResult> {
  assertPositiveAmount(input.amount);
  if (input.credits.length < 1 || input.credits.length > MAX_POSTINGS_PER_ENTRY - 1) {
    throw new LedgerError('invalid-entry', `a settlement needs 1 to ${MAX_POSTINGS_PER_ENTRY - 1} credits`);
  }
  const postings: PostingInput[] = [
    { ledgerAccountID: input.ledgerAccountID, bucket: 'pending', amount: -input.amount, currency: input.currency },
  ];
  for (const credit of input.credits) {
    assertPositiveAmount(credit.amount, 'credit amount');
    postings.push({ ledgerAccountID: credit.ledgerAccountID, bucket: 'available', amount: credit.amount, currency: input.currency });
  }
  return postEntryOfKind(sql, { postings, ...reference(input) }, { entryType: 'settle' }, clock);
}

/** What a reference still holds on an account (0 once released or settled in full). */
export async function heldAmount(sql: Sql, platformID: string, ledgerAccountID: string, referenceID: string): Promise<number> {
  return heldForReference(sql, platformID, ledgerAccountID, referenceID);
}
