import { paymentMethodTypesFor } from '../sources/payment-method-types.ts';
import type { PaymentMethodProvider } from './provider.ts';
import { walletRowsByIDs, walletRowsOf, type WalletRow } from '../../store/repos/wallets.ts';

/** A wallet as a payment method shows it (`PaymentMethodsWallet`). */
export function walletMethodView(row: WalletRow): Record<string, unknown> {
  return { walletID: row.wallet_id, partnerAccountID: row.platform_id, walletType: row.wallet_type };
}

/** One default wallet plus ten active general ones, and room for closed ones. */
const MAX_WALLETS_READ = 1000;

/**
 * Wallets yield `moov-wallet` while active and while the account has an
 * enabled wallet capability (docs/api-behaviour.md §5.8). Rendered as
 * `PaymentMethodsWallet`; v2024.01.00 callers see only `walletID` (transform).
 */
export const walletPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'wallet',
  field: 'wallet',
  async desired(sql, { accountID, enabledCapabilities }) {
    const wallets = await walletRowsOf(sql, accountID, MAX_WALLETS_READ);
    return wallets.map((wallet) => ({
      sourceID: wallet.wallet_id,
      types: paymentMethodTypesFor({ kind: 'wallet', status: wallet.status }, enabledCapabilities),
    }));
  },
  async render(sql, { accountID, sourceIDs }) {
    const rows = await walletRowsByIDs(sql, accountID, sourceIDs);
    return new Map(rows.map((row) => [row.wallet_id, walletMethodView(row)]));
  },
};
