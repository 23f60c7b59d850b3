import type { AdjustmentView } from '@railyard/contract';
import { newRowID } from '../../kernel/ids.ts';
import { timestamp } from '../../kernel/clock.ts';
import { BadRequest, NotFound } from '../../kernel/errors.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { ensureLedgerAccount, moveFunds } from '../../ledger/index.ts';
import type { Store } from '../../store/port.ts';
import { findAdjustment, insertAdjustment, listAdjustmentRows, type AdjustmentRow } from '../../store/repos/adjustments.ts';
import { findWalletRow } from '../../store/repos/wallets.ts';
import { accessibleAccount, writableAccount } from '../accounts/access.ts';
import type { Caller } from '../auth/caller.ts';
import { centsToDecimal } from '../wallets/money.ts';
import { markNewReference, noteWalletPostings, withWalletEvents } from '../wallets/movement-events.ts';

export interface CreateAdjustmentInput {
  walletID: string;
  amount: { currency: string; value: number };
  memo?: string | undefined;
}

/** The SDK's `Adjustment`: nothing but the wallet, the signed amount and when. */
export function renderAdjustment(row: AdjustmentRow): AdjustmentView {
  return {
    adjustmentID: row.adjustment_id,
    walletID: row.wallet_id,
    amount: { currency: row.currency, valueDecimal: centsToDecimal(Number(row.amount)) },
    createdOn: row.created_on,
  };
}

/**
 * Wallet adjustments (docs/refunds.md "Adjustments"): the platform's own
 * corrections of a wallet's balance. Moov makes them and lets accounts read
 * them; Railyard adds a Railyard-only create so a sandbox can post one. Each is
 * one balanced ledger entry between the wallet and the platform's
 * `outside-world` account, marked as an `adjustment` settlement (a debit may
 * take the wallet below zero, decision 1600), and shows among the wallet's
 * transactions as an `adjustment`.
 */
export class AdjustmentService {
  constructor(
    private readonly store: Store,
    private readonly options: { platformClock: PlatformClock },
  ) {}

  async list(caller: Caller, accountID: string, walletID: string | undefined): Promise<AdjustmentView[]> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      return (await listAdjustmentRows(sql, accountID, walletID?.toLowerCase())).map(renderAdjustment);
    });
  }

  async get(caller: Caller, accountID: string, adjustmentID: string): Promise<AdjustmentView> {
    return this.store.read(async (sql) => {
      await accessibleAccount(sql, caller, accountID);
      const row = await findAdjustment(sql, accountID, adjustmentID);
      if (!row) throw new NotFound('adjustment');
      return renderAdjustment(row);
    });
  }

  /** Only the platform whose ledger holds the wallet (the one that created its account) may adjust it. */
  async create(caller: Caller, accountID: string, input: CreateAdjustmentInput): Promise<AdjustmentView> {
    const platformID = caller.platformID;
    return this.store.write((sql) =>
      withWalletEvents(sql, async () => {
        await writableAccount(sql, caller, accountID);
        const wallet = await findWalletRow(sql, accountID, input.walletID.toLowerCase());
        if (!wallet || wallet.platform_id !== platformID) throw new NotFound('wallet');
        if (wallet.status !== 'active') throw new BadRequest('the wallet is closed');
        const clock = await this.options.platformClock.view(sql, platformID);
        const world = await ensureLedgerAccount(sql, { platformID, kind: 'outside-world', ownerID: platformID, currency: input.amount.currency }, clock);
        const adjustmentID = newRowID();
        const credit = input.amount.value > 0;
        markNewReference(sql, 'adjustment', adjustmentID);
        const posted = await moveFunds(
          sql,
          {
            platformID,
            referenceType: 'adjustment',
            referenceID: adjustmentID,
            description: input.memo ?? 'adjustment',
            idempotencyRef: `adjustment:${adjustmentID}`,
            settlement: 'adjustment',
            fromLedgerAccountID: credit ? world.ledgerAccountID : wallet.ledger_account_id,
            toLedgerAccountID: credit ? wallet.ledger_account_id : world.ledgerAccountID,
            amount: Math.abs(input.amount.value),
            currency: input.amount.currency,
          },
          clock,
        );
        await noteWalletPostings(sql, clock, posted, [wallet]);
        const row: AdjustmentRow = {
          adjustment_id: adjustmentID,
          platform_id: platformID,
          account_id: accountID,
          wallet_id: wallet.wallet_id,
          currency: input.amount.currency,
          amount: input.amount.value,
          memo: input.memo ?? 'adjustment',
          entry_id: posted.entry.entryID,
          created_on: timestamp(clock),
        };
        await insertAdjustment(sql, row);
        return renderAdjustment(row);
      }),
    );
  }
}
