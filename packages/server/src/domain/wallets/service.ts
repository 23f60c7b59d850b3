import { platformClockIn } from '../../kernel/platform-clock.ts';
import {
  DEFAULT_PAGE_COUNT,
  type CreateWalletInput,
  type ListWalletsFilter,
  type PatchWalletInput,
  type WalletView,
} from '@railyard/contract';
import { pendingBalance } from '../../ledger/index.ts';
import type { Sql, Store } from '../../store/port.ts';
import { countActiveGeneralWallets, findWalletRow, listWalletRows, updateWalletRow, type WalletRow } from '../../store/repos/wallets.ts';
import { enabledCapabilitiesOf } from '../../store/repos/payment-methods.ts';
import { accessibleAccount, writableAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { Conflict, NotFound } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { createWalletRecord } from './records.ts';
import { WALLET_CAPABILITIES } from './default-wallet.ts';
import { renderWallet } from './render.ts';

/** Active general wallets an account may have besides its default wallet (docs/api-behaviour.md §5.7). */
export const MAX_GENERAL_WALLETS = 10;

/**
 * Wallets of an account: list, get, and (v2026.01.00) create and update or
 * close. Balances come from the ledger; the default wallet is created by the
 * capabilities module when a wallet capability is enabled.
 */
export class WalletService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, accountID: string, filter: ListWalletsFilter): Promise<WalletView[]> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const rows = await listWalletRows(sql, {
        accountID,
        status: filter.status,
        walletType: filter.walletType,
        skip: filter.skip ?? 0,
        count: filter.count ?? DEFAULT_PAGE_COUNT,
      });
      const views: WalletView[] = [];
      for (const row of rows) views.push(await renderWallet(sql, row));
      return views;
    });
  }

  async get(caller: Caller, accountID: string, walletID: string): Promise<WalletView> {
    return this.store.read(async (sql) => renderWallet(sql, await this.visibleWallet(sql, caller, accountID, walletID)));
  }

  async create(caller: Caller, accountID: string, input: CreateWalletInput): Promise<WalletView> {
    return this.store.write(async (sql) => {
      const access = await writableAccount(sql, caller, accountID);
      const enabled = await enabledCapabilitiesOf(sql, accountID);
      if (!WALLET_CAPABILITIES.some((id) => enabled.has(id))) {
        throw new Conflict('the account needs an enabled wallet capability (wallet or wallet.balance) to hold wallets');
      }
      if ((await countActiveGeneralWallets(sql, accountID)) >= MAX_GENERAL_WALLETS) {
        throw new Conflict(`an account can have at most ${MAX_GENERAL_WALLETS} active general wallets`);
      }
      const row = await createWalletRecord(sql, await platformClockIn(sql, this.clock, caller.platformID), {
        platformID: caller.platformID,
        ledgerPlatformID: access.stored.row.created_by,
        accountID,
        walletType: 'general',
        name: input.name.trim() || input.name,
        description: input.description ?? '',
        metadata: input.metadata,
      });
      await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
      return renderWallet(sql, row);
    });
  }

  /**
   * Changes name, description or metadata, or closes the wallet. Closing is
   * final, needs a zero balance (available and pending) and is refused for the
   * default wallet, which backs the account's `moov-wallet` payment method.
   */
  async update(caller: Caller, accountID: string, walletID: string, patch: PatchWalletInput): Promise<WalletView> {
    return this.store.write(async (sql) => {
      await writableAccount(sql, caller, accountID);
      const before = await findWalletRow(sql, accountID, walletID);
      if (!before) throw new NotFound('wallet');
      const onlyClosing = patch.status === 'closed' && patch.name === undefined && patch.description === undefined && patch.metadata === undefined;
      if (before.status === 'closed') {
        if (onlyClosing) return renderWallet(sql, before);
        throw new Conflict('the wallet is closed and cannot change');
      }
      const now = timestamp(this.clock);
      const after: WalletRow = { ...before, updated_on: now };
      if (patch.name !== undefined) after.name = patch.name;
      if (patch.description !== undefined) after.description = patch.description;
      if (patch.metadata !== undefined) after.metadata = Object.keys(patch.metadata).length > 0 ? JSON.stringify(patch.metadata) : null;
      if (patch.status === 'closed') {
        if (before.wallet_type === 'default') throw new Conflict('the default wallet cannot be closed');
        const view = await renderWallet(sql, before);
        const pending = await pendingOf(sql, before);
        if (view.availableBalance.value !== 0 || pending !== 0) throw new Conflict('a wallet can be closed only when its balance is zero');
        after.status = 'closed';
        after.closed_on = now;
      }
      await updateWalletRow(sql, after);
      await recordEvent(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, 'wallet.updated', { accountID, walletID, status: after.status });
      if (after.status !== before.status) await refreshPaymentMethods(sql, await platformClockIn(sql, this.clock, caller.platformID), caller.platformID, accountID);
      return renderWallet(sql, after);
    });
  }

  private async visibleWallet(sql: Sql, caller: Caller, accountID: string, walletID: string): Promise<WalletRow> {
    await accessibleAccount(sql, caller, accountID);
    const row = await findWalletRow(sql, accountID, walletID);
    if (!row) throw new NotFound('wallet');
    return row;
  }
}

async function pendingOf(sql: Sql, wallet: WalletRow): Promise<number> {
  return (await pendingBalance(sql, wallet.platform_id, wallet.ledger_account_id)).value;
}
