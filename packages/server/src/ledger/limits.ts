/**
 * Every limit the ledger enforces, in one place (TIGER_STYLE: a limit on everything).
 */

/** One posting moves at most 10^14 minor units (a trillion dollars): 16 of them still sum exactly in a double. */
export const MAX_POSTING_AMOUNT = 100_000_000_000_000;

/** A cached balance stays a safe integer, so it reads back exactly as a JS number on both engines. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

export const MIN_POSTINGS_PER_ENTRY = 2;
export const MAX_POSTINGS_PER_ENTRY = 16;

export const MAX_DESCRIPTION_LENGTH = 256;
export const MAX_REFERENCE_ID_LENGTH = 64;
export const MAX_IDEMPOTENCY_REF_LENGTH = 128;
export const MAX_OWNER_ID_LENGTH = 128;
export const REFERENCE_TYPE_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export const DEFAULT_PAGE_SIZE = 200;
export const MAX_PAGE_SIZE = 200;
export const MAX_SKIP = 1_000_000;

/** Entries answered for one reference (a transfer posts a handful: hold, settle, reversal…). */
export const MAX_ENTRIES_PER_REFERENCE = 100;
