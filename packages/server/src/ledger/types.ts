/**
 * The ledger's vocabulary. Amounts are integers in minor units (cents for USD),
 * signed: a positive posting raises the balance of its account's bucket, a
 * negative one lowers it. Every entry's postings sum to zero per currency.
 */

/**
 * What a ledger account stands for. Only `wallet` accounts hold customer money
 * that must never go below zero; the others mirror money outside Railyard's
 * books (a bank, a card network, a rail in flight, the world at large) or the
 * platform's revenue, and go negative as money flows in from them.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet',
  'bank-account',
  'card',
  'card-network',
  'rail-clearing',
  'fees',
  'outside-world',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Kinds whose balances may never be negative, in either bucket. */
export const NON_NEGATIVE_KINDS: ReadonlySet<LedgerAccountKind> = new Set(['wallet']);

/**
 * `available`: spendable. `pending`: reserved for one in-flight movement out of
 * the account (a hold), tracked per reference so a transfer can only release
 * or settle what it held. Money coming in is not parked in the receiver's
 * pending bucket: until it settles it sits in a `rail-clearing` account.
 */
export const BUCKETS = ['available', 'pending'] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * Money the platform settles out of a wallet after the fact (docs/decisions/1600):
 * a refund, a dispute, an ACH return, an adjustment, a fee. An entry marked with
 * one of these may take a wallet's available balance below zero, as Moov settles
 * them from the wallet whatever its balance; an entry without it (everything a
 * customer starts) never may. Chosen by the domain code that posts the entry,
 * never from request input.
 */
export const SETTLEMENT_KINDS = ['refund', 'dispute', 'ach-return', 'adjustment', 'fee'] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** What kind of ledger operation wrote an entry. */
export const ENTRY_TYPES = ['movement', 'hold', 'release', 'settle', 'reversal'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export interface LedgerAccount {
  ledgerAccountID: string;
  platformID: string;
  kind: LedgerAccountKind;
  /** The thing this account mirrors: a walletID, bankAccountID, rail name, platformID… */
  ownerID: string;
  /** The Moov account that owns the thing, where there is one. */
  accountID: string | null;
  currency: string;
  allowNegative: boolean;
  available: number;
  pending: number;
  postingCount: number;
  createdOn: string;
}

export interface PostingInput {
  ledgerAccountID: string;
  amount: number;
  currency: string;
  bucket: Bucket;
}

/** Why money moved: `referenceType`/`referenceID` become a wallet transaction's sourceType/sourceID. */
export interface EntryReference {
  platformID: string;
  referenceType: string;
  referenceID: string;
  description: string;
  /** Unique per platform: the same reference posts once; a replay answers the first entry. */
  idempotencyRef?: string;
  /** Set only by platform settlements: lets this entry's wallet debits overdraw (see SETTLEMENT_KINDS). */
  settlement?: SettlementKind;
}

export interface EntryInput extends EntryReference {
  postings: readonly PostingInput[];
}

export interface Posting {
  entryID: string;
  line: number;
  ledgerAccountID: string;
  bucket: Bucket;
  amount: number;
  currency: string;
  /** 1, 2, 3… per ledger account: the order postings hit the account. */
  accountSeq: number;
  availableAfter: number;
  pendingAfter: number;
  createdOn: string;
}

export interface LedgerEntry {
  entryID: string;
  platformID: string;
  entryType: EntryType;
  referenceType: string;
  referenceID: string;
  description: string;
  idempotencyRef: string | null;
  reversesEntryID: string | null;
  /** The platform settlement this entry is, or null for a movement a customer started. */
  settlement: SettlementKind | null;
  createdOn: string;
  postings: Posting[];
}

/** A posting as a ledger account's history shows it: with the entry it belongs to. */
export interface AccountPosting extends Posting {
  entryType: EntryType;
  referenceType: string;
  referenceID: string;
  description: string;
}

export interface Money {
  currency: string;
  value: number;
}
