import type { Sql } from '../../store/port.ts';
import { findAccount } from '../../store/repos/accounts.ts';
import { findWalletRow, type WalletRow } from '../../store/repos/wallets.ts';
import { findPaymentMethod, type ResolvedPaymentMethod } from '../payment-methods/find.ts';
import { paymentMethodProviders } from '../payment-methods/providers.ts';
import { walletMethodView } from '../wallets/payment-method-provider.ts';

/**
 * The two sides of a new transfer: each payment method resolved (a live method
 * of an account the platform sees, else undefined) and rendered once, as the
 * transfer will show it for ever: `account {accountID, email, displayName}`
 * plus the source under `wallet`, `bankAccount` or `card` from its provider.
 * A wallet side keeps the wallet row it was rendered from: creation checks it
 * and the wallet rail posts to its ledger account, without reading it again.
 */
export interface ResolvedParty {
  method: ResolvedPaymentMethod;
  snapshot: Record<string, unknown>;
  /** The wallet row, for a `wallet` source; read in this unit of work. */
  wallet?: WalletRow;
}

export async function resolveParty(sql: Sql, platformID: string, paymentMethodID: string): Promise<ResolvedParty | undefined> {
  const method = await findPaymentMethod(sql, platformID, paymentMethodID);
  if (!method) return undefined;
  const account = await findAccount(sql, method.accountID);
  const provider = paymentMethodProviders.find((p) => p.sourceKind === method.sourceKind);
  if (!account || !provider) return undefined;
  const accountView = { accountID: account.account_id, email: account.email ?? '', displayName: account.display_name };
  if (method.sourceKind === 'wallet') {
    // The wallet provider's render is this row's view; reading the row here lets the rest of creation reuse it.
    const wallet = await findWalletRow(sql, method.accountID, method.sourceID);
    if (!wallet) return undefined;
    return { method, snapshot: { account: accountView, [provider.field]: walletMethodView(wallet) }, wallet };
  }
  const rendered = (await provider.render(sql, { accountID: method.accountID, sourceIDs: [method.sourceID] })).get(method.sourceID);
  if (rendered === undefined) return undefined;
  return { method, snapshot: { account: accountView, [provider.field]: rendered } };
}
