// Shared with other features' tests (reversals, compat): test/support/refunds.ts.
export * from '../support/refunds.ts';
