import { DEFAULT_PAGE_COUNT, type ListWalletTransactionsFilter, type WalletTransactionView } from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { walletTransactionRows, type WalletTransactionQuery, type WalletTransactionRow } from '../../store/repos/wallet-transactions.ts';
import { findWalletRow, type WalletRow } from '../../store/repos/wallets.ts';
import { accessibleAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { NotFound, ValidationFailed } from '../../kernel/errors.ts';
import { centsToDecimal } from './money.ts';

/**
 * A wallet's transactions, derived from the postings of its ledger account
 * (store/repos/wallet-transactions.ts groups them; docs/wallets.md has the
 * mapping). Fees are not split out yet: `fee` is 0 and gross equals net.
 */
export class WalletTransactionService {
  constructor(private readonly store: Store) {}

  async list(caller: Caller, accountID: string, walletID: string, filter: ListWalletTransactionsFilter): Promise<WalletTransactionView[]> {
    const window = checkWindows(filter);
    const types = [...(filter.transactionType ? [filter.transactionType] : []), ...(filter.transactionTypes ?? [])];
    return this.store.read(async (sql) => {
      const wallet = await visibleWallet(sql, caller, accountID, walletID);
      const query: WalletTransactionQuery = {
        platformID: wallet.platform_id,
        ledgerAccountID: wallet.ledger_account_id,
        ...window,
        ...(types.length > 0 ? { transactionTypes: [...new Set(types)] } : {}),
        ...(filter.sourceType ? { sourceType: filter.sourceType } : {}),
        ...(filter.sourceID ? { sourceID: filter.sourceID } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.sweepID ? { sweepID: filter.sweepID } : {}),
        skip: filter.skip ?? 0,
        count: filter.count ?? DEFAULT_PAGE_COUNT,
      };
      return (await walletTransactionRows(sql, query)).map((row) => render(wallet, row));
    });
  }

  async get(caller: Caller, accountID: string, walletID: string, transactionID: string): Promise<WalletTransactionView> {
    return this.store.read(async (sql) => {
      const wallet = await visibleWallet(sql, caller, accountID, walletID);
      const [row] = await walletTransactionRows(sql, {
        platformID: wallet.platform_id,
        ledgerAccountID: wallet.ledger_account_id,
        transactionID,
        skip: 0,
        count: 1,
      });
      if (!row) throw new NotFound('wallet transaction');
      return render(wallet, row);
    });
  }
}

async function visibleWallet(sql: Sql, caller: Caller, accountID: string, walletID: string): Promise<WalletRow> {
  await accessibleAccount(sql, caller, accountID);
  const wallet = await findWalletRow(sql, accountID, walletID);
  if (!wallet) throw new NotFound('wallet');
  return wallet;
}

/** Date filters normalised to the stored UTC form, and each window's end after its start. */
function checkWindows(filter: ListWalletTransactionsFilter) {
  const utc = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
  const window = {
    createdFrom: utc(filter.createdStartDateTime),
    createdBefore: utc(filter.createdEndDateTime),
    completedFrom: utc(filter.completedStartDateTime),
    completedBefore: utc(filter.completedEndDateTime),
  };
  const problems: Record<string, string> = {};
  if (window.createdFrom && window.createdBefore && window.createdBefore <= window.createdFrom) {
    problems['createdEndDateTime'] = 'must be after createdStartDateTime';
  }
  if (window.completedFrom && window.completedBefore && window.completedBefore <= window.completedFrom) {
    problems['completedEndDateTime'] = 'must be after completedStartDateTime';
  }
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
  return Object.fromEntries(Object.entries(window).filter(([, v]) => v !== undefined)) as Partial<typeof window>;
}

function render(wallet: WalletRow, row: WalletTransactionRow): WalletTransactionView {
  const net = Number(row.net_amount);
  const view: WalletTransactionView = {
    walletID: wallet.wallet_id,
    transactionID: row.transaction_id,
    transactionType: row.transaction_type as WalletTransactionView['transactionType'],
    sourceType: row.source_type as WalletTransactionView['sourceType'],
    sourceID: row.source_id,
    status: row.status as WalletTransactionView['status'],
    memo: row.memo,
    createdOn: row.created_on,
    currency: row.currency,
    grossAmount: net,
    grossAmountDecimal: centsToDecimal(net),
    fee: 0,
    feeDecimal: centsToDecimal(0),
    netAmount: net,
    netAmountDecimal: centsToDecimal(net),
  };
  if (row.status === 'completed') {
    const balance = Number(row.available_after);
    view.completedOn = row.last_on;
    view.availableBalance = balance;
    view.availableBalanceDecimal = centsToDecimal(balance);
  }
  return view;
}
