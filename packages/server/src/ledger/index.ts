/**
 * The double-entry ledger (docs/ledger.md). Every function taking `sql` runs
 * inside the caller's `store.write` unit of work, so a transfer row, its
 * postings, its events and its outbox rows commit together.
 */
export * from './types.ts';
export * from './limits.ts';
export { LedgerError, InsufficientFunds, type LedgerErrorCode } from './errors.ts';
export {
  openLedgerAccount,
  ensureLedgerAccount,
  getLedgerAccount,
  findLedgerAccountByOwner,
  availableBalance,
  pendingBalance,
  type OpenLedgerAccountInput,
} from './accounts.ts';
export { postEntry, type PostResult } from './post-entry.ts';
export { moveFunds, holdFunds, releaseHold, settleHold, heldAmount, type MoveInput, type HoldInput, type SettleInput } from './movements.ts';
export { reverseEntry, type ReverseInput } from './reverse.ts';
export { getEntry, entriesByReference, listPostings, type PageRequest } from './read.ts';
export { verifyLedger, type VerifyResult } from './verify.ts';
