// Shared with every feature's tests: test/support/ (import from there).
export { MONEY_CAPABILITIES, completeBusiness, moneyWallet, methodOf, cardMethod, bankMethod, type SourceMethod } from '../support/parties.ts';
export { methodTransferBody as body, getTransfer, advance, updateStatuses, v2024TransferValidator } from '../support/transfers.ts';
