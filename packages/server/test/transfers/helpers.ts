// Moved to test/support/transfers.ts (shared by every feature's tests); import from there.
export * from '../support/transfers.ts';
