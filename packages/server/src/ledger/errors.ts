import type { Bucket } from './types.ts';

/**
 * Why the ledger refused a request. The ledger sits below the domain: it does
 * not know which API status an error becomes. Callers map the codes they
 * expect (`insufficient-funds` → a failed transfer with
 * `wallet-insufficient-funds`, `unknown-account` → 404…); the others are
 * programming errors that must never reach a caller's request path.
 */
export type LedgerErrorCode =
  | 'invalid-entry'
  | 'invalid-amount'
  | 'unbalanced'
  | 'unknown-account'
  | 'currency-mismatch'
  | 'insufficient-funds'
  | 'balance-limit'
  | 'hold-exceeded'
  | 'idempotency-conflict'
  | 'unknown-entry'
  | 'already-reversed'
  | 'duplicate-account'
  | 'invalid-page';

/**
 * A refusal. Thrown inside the caller's unit of work; the ledger has already
 * undone its own writes (savepoint), so a caller may catch it and go on to
 * record the refusal (a failed transfer) without a half-written entry.
 */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** A non-negative account (a wallet) would have gone below zero. */
export class InsufficientFunds extends LedgerError {
  constructor(
    readonly ledgerAccountID: string,
    readonly bucket: Bucket,
    readonly requested: number,
  ) {
    super('insufficient-funds', `ledger account ${ledgerAccountID} has insufficient ${bucket} funds for ${requested}`);
    this.name = 'InsufficientFunds';
  }
}
