import type { WalletView } from '@railyard/contract';
import { availableBalance } from '../../ledger/index.ts';
import type { Sql } from '../../store/port.ts';
import type { WalletRow } from '../../store/repos/wallets.ts';
import { centsToDecimal } from './money.ts';

/** The public wallet (v2026.01.00 shape), with its available balance read from the ledger. */
export async function renderWallet(sql: Sql, row: WalletRow): Promise<WalletView> {
  const balance = await availableBalance(sql, row.platform_id, row.ledger_account_id);
  const view: WalletView = {
    walletID: row.wallet_id,
    availableBalance: { currency: balance.currency, value: balance.value, valueDecimal: centsToDecimal(balance.value) },
    partnerAccountID: row.platform_id,
    name: row.name,
    status: row.status,
    walletType: row.wallet_type,
    description: row.description,
    createdOn: row.created_on,
  };
  if (row.metadata) view.metadata = JSON.parse(row.metadata) as Record<string, string>;
  if (row.closed_on) view.closedOn = row.closed_on;
  return view;
}
