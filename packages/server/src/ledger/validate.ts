import { LedgerError } from './errors.ts';
import {
  CURRENCY_PATTERN,
  MAX_DESCRIPTION_LENGTH,
  MAX_IDEMPOTENCY_REF_LENGTH,
  MAX_POSTING_AMOUNT,
  MAX_POSTINGS_PER_ENTRY,
  MAX_REFERENCE_ID_LENGTH,
  MIN_POSTINGS_PER_ENTRY,
  REFERENCE_TYPE_PATTERN,
} from './limits.ts';
import { BUCKETS, SETTLEMENT_KINDS, type EntryInput, type EntryReference, type PostingInput } from './types.ts';

/**
 * Pure checks of an entry before anything touches the store. What needs the
 * store (accounts exist, currencies match, balances allow it) is checked while
 * posting.
 */

export function assertAmount(amount: unknown, what = 'amount'): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new LedgerError('invalid-amount', `${what} must be a safe integer in minor units, not ${String(amount)}`);
  }
  if (Math.abs(amount) > MAX_POSTING_AMOUNT) {
    throw new LedgerError('invalid-amount', `${what} ${amount} exceeds the limit of ${MAX_POSTING_AMOUNT} minor units`);
  }
}

/** A movement's amount: positive, whole, bounded. */
export function assertPositiveAmount(amount: unknown, what = 'amount'): asserts amount is number {
  assertAmount(amount, what);
  if (amount <= 0) throw new LedgerError('invalid-amount', `${what} must be greater than zero, not ${amount}`);
}

export function assertCurrency(currency: unknown): asserts currency is string {
  if (typeof currency !== 'string' || !CURRENCY_PATTERN.test(currency)) {
    throw new LedgerError('invalid-entry', `currency must be an ISO 4217 code such as USD, not ${String(currency)}`);
  }
}

function assertText(value: unknown, what: string, maxLength: number, minLength = 1): asserts value is string {
  if (typeof value !== 'string' || value.length < minLength || value.length > maxLength) {
    throw new LedgerError('invalid-entry', `${what} must be ${minLength} to ${maxLength} characters`);
  }
}

export function assertReference(input: EntryReference): void {
  assertText(input.platformID, 'platformID', MAX_REFERENCE_ID_LENGTH);
  if (typeof input.referenceType !== 'string' || !REFERENCE_TYPE_PATTERN.test(input.referenceType)) {
    throw new LedgerError('invalid-entry', `referenceType must match ${REFERENCE_TYPE_PATTERN}, not ${String(input.referenceType)}`);
  }
  assertText(input.referenceID, 'referenceID', MAX_REFERENCE_ID_LENGTH);
  assertText(input.description, 'description', MAX_DESCRIPTION_LENGTH, 0);
  if (input.idempotencyRef !== undefined) assertText(input.idempotencyRef, 'idempotencyRef', MAX_IDEMPOTENCY_REF_LENGTH);
  if (input.settlement !== undefined && !(SETTLEMENT_KINDS as readonly unknown[]).includes(input.settlement)) {
    throw new LedgerError('invalid-entry', `settlement must be one of ${SETTLEMENT_KINDS.join(', ')}, not ${String(input.settlement)}`);
  }
}

function assertPosting(posting: PostingInput, line: number): void {
  assertText(posting.ledgerAccountID, `posting ${line} ledgerAccountID`, MAX_REFERENCE_ID_LENGTH);
  assertAmount(posting.amount, `posting ${line} amount`);
  if (posting.amount === 0) throw new LedgerError('invalid-amount', `posting ${line} amount must not be zero`);
  assertCurrency(posting.currency);
  if (!(BUCKETS as readonly unknown[]).includes(posting.bucket)) {
    throw new LedgerError('invalid-entry', `posting ${line} bucket must be one of ${BUCKETS.join(', ')}, not ${String(posting.bucket)}`);
  }
}

/**
 * An entry is well formed when it has 2 to 16 valid postings, touches each
 * (account, bucket) once (so each guarded update sees the entry's whole effect
 * on that bucket, whatever the order), and sums to zero in every currency.
 */
export function assertEntry(input: EntryInput): void {
  assertReference(input);
  const postings = input.postings;
  if (!Array.isArray(postings) || postings.length < MIN_POSTINGS_PER_ENTRY || postings.length > MAX_POSTINGS_PER_ENTRY) {
    throw new LedgerError(
      'invalid-entry',
      `an entry needs ${MIN_POSTINGS_PER_ENTRY} to ${MAX_POSTINGS_PER_ENTRY} postings, not ${Array.isArray(postings) ? postings.length : 'none'}`,
    );
  }
  const seen = new Set<string>();
  const sums = new Map<string, number>();
  postings.forEach((posting, line) => {
    assertPosting(posting, line);
    const key = `${posting.ledgerAccountID}/${posting.bucket}`;
    if (seen.has(key)) throw new LedgerError('invalid-entry', `posting ${line} touches ${key} a second time in one entry`);
    seen.add(key);
    // Exact: at most 16 amounts of at most 10^14 each stay far below 2^53.
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0) + posting.amount);
  });
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new LedgerError('unbalanced', `postings in ${currency} sum to ${sum}, not 0`);
  }
}
