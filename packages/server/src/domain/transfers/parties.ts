import type { Sql } from '../../store/port.ts';
import type { TransferPartyRow, TransferPartyRows } from '../../store/repos/transfer-parties.ts';
import type { WalletRow } from '../../store/repos/wallets.ts';
import { toResolvedPaymentMethod, type ResolvedPaymentMethod } from '../payment-methods/find.ts';
import { paymentMethodProviders } from '../payment-methods/providers.ts';
import { walletMethodView } from '../payment-methods/wallet-methods.ts';

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
  /** The account's enabled capabilities, read with the method. */
  capabilities: ReadonlySet<string>;
}

/** The payment method IDs of a new transfer as the start read looks them up (IDs are stored lower case). */
export function partyIDs(request: { sourcePaymentMethodID: string; destinationPaymentMethodID: string }): [string, string] {
  return [request.sourcePaymentMethodID.toLowerCase(), request.destinationPaymentMethodID.toLowerCase()];
}

/**
 * Both sides of a new transfer, from the rows the create's start read found
 * (`readTransferCreateStart`): each a live payment method of an account the
 * platform can see (its own, or a still-connected one), rendered; undefined
 * otherwise: a disabled method, a missing one and another platform's look the
 * same. A row covers the method, its account, the visibility, the account's
 * enabled capabilities and (for a wallet) the wallet row.
 */
export async function resolveParties(
  sql: Sql,
  rows: TransferPartyRows,
): Promise<{ source: ResolvedParty | undefined; destination: ResolvedParty | undefined }> {
  return { source: await resolveParty(sql, rows.source), destination: await resolveParty(sql, rows.destination) };
}

async function resolveParty(sql: Sql, row: TransferPartyRow | undefined): Promise<ResolvedParty | undefined> {
  if (!row || row.visible !== 1) return undefined;
  const method = toResolvedPaymentMethod(row);
  const provider = paymentMethodProviders.find((p) => p.sourceKind === method.sourceKind);
  if (!provider) return undefined;
  const accountView = { accountID: row.account_id, email: row.account_email ?? '', displayName: row.account_display_name };
  if (method.sourceKind === 'wallet') {
    // The wallet provider's render is this row's view; the rest of creation reuses the row.
    const wallet = row.wallet;
    if (!wallet) return undefined;
    return { method, snapshot: { account: accountView, [provider.field]: walletMethodView(wallet) }, wallet, capabilities: row.enabledCapabilities };
  }
  const rendered = (await provider.render(sql, { accountID: method.accountID, sourceIDs: [method.sourceID] })).get(method.sourceID);
  if (rendered === undefined) return undefined;
  return { method, snapshot: { account: accountView, [provider.field]: rendered }, capabilities: row.enabledCapabilities };
}
