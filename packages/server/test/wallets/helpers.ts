// Shared with every feature's tests: test/support/ (import from there).
export { completeIndividual, manualTerms } from '../support/accounts.ts';
export { requestV2026 as v2026 } from '../support/versions.ts';
export { eventTypes } from '../support/events.ts';
export { fundWalletAsTransfer as fundWallet } from '../support/funding.ts';
