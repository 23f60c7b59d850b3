import { findBankAccountsByIDs, listLiveBankAccounts, type BankAccountRow } from '../../store/repos/bank-accounts.ts';
import type { PaymentMethodProvider } from './provider.ts';
import type { BankAccountStatus } from '../sources/bank-account-status.ts';
import { paymentMethodTypesFor } from '../sources/payment-method-types.ts';
import { MAX_BANK_ACCOUNTS_PER_ACCOUNT } from '../sources/bank-account-limits.ts';
import { paymentMethodsBankAccountView } from '../sources/bank-account-view.ts';

/**
 * Bank accounts as sources of payment methods (docs/api-behaviour.md §5.8): every live
 * bank account yields what `paymentMethodTypesFor` says for its status and its
 * bank's rails, given the owner's enabled capabilities. A disabled bank
 * account yields nothing, so its methods are disabled on the next refresh.
 */
export const bankAccountPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'bank-account',
  field: 'bankAccount',
  async desired(sql, { accountID, enabledCapabilities }) {
    const rows = await listLiveBankAccounts(sql, accountID, MAX_BANK_ACCOUNTS_PER_ACCOUNT);
    return rows.map((row) => ({ sourceID: row.bank_account_id, types: typesOf(row, enabledCapabilities) }));
  },
  async render(sql, { accountID, sourceIDs }) {
    // Disabled bank accounts render too: a disabled payment method still names its source.
    const rows = await findBankAccountsByIDs(sql, accountID, sourceIDs);
    return new Map(rows.map((row) => [row.bank_account_id, paymentMethodsBankAccountView(row)]));
  },
};

export function typesOf(row: BankAccountRow, enabledCapabilities: ReadonlySet<string>) {
  return paymentMethodTypesFor(
    { kind: 'bank-account', status: row.status as BankAccountStatus, rails: { rtp: row.rtp === 1, fedNow: row.fednow === 1 } },
    enabledCapabilities,
  );
}
