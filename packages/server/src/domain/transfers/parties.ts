import type { Sql } from '../../store/port.ts';
import { findAccount } from '../../store/repos/accounts.ts';
import { findPaymentMethod, type ResolvedPaymentMethod } from '../payment-methods/find.ts';
import { paymentMethodProviders } from '../payment-methods/providers.ts';

/**
 * The two sides of a new transfer: each payment method resolved (a live method
 * of an account the platform sees, else undefined) and rendered once, as the
 * transfer will show it for ever: `account {accountID, email, displayName}`
 * plus the source under `wallet`, `bankAccount` or `card` from its provider.
 */
export interface ResolvedParty {
  method: ResolvedPaymentMethod;
  snapshot: Record<string, unknown>;
}

export async function resolveParty(sql: Sql, platformID: string, paymentMethodID: string): Promise<ResolvedParty | undefined> {
  const method = await findPaymentMethod(sql, platformID, paymentMethodID);
  if (!method) return undefined;
  const account = await findAccount(sql, method.accountID);
  const provider = paymentMethodProviders.find((p) => p.sourceKind === method.sourceKind);
  if (!account || !provider) return undefined;
  const rendered = (await provider.render(sql, { accountID: method.accountID, sourceIDs: [method.sourceID] })).get(method.sourceID);
  if (rendered === undefined) return undefined;
  return {
    method,
    snapshot: {
      account: { accountID: account.account_id, email: account.email ?? '', displayName: account.display_name },
      [provider.field]: rendered,
    },
  };
}
