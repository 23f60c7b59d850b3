import { MAX_BALANCE } from './limits.ts';
import type { EntryInput, PostingInput } from './types.ts';

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
