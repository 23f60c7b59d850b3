import { type AccountForecast, offerForecast } from '../../ledger/forecast.ts';
import type { Sql } from '../../store/port.ts';
import type { TransferPartyRows, WalletLedgerRow } from '../../store/repos/transfer-parties.ts';

/**
 * Which ledger accounts this process's creates are writing now. A create whose
 * wallet another create of this process is moving would only forecast a balance
 * about to change (and fail, then run again): it takes the guarded path at once.
 * Creates of another process are not seen; their changes make a forecast miss,
 * and the create runs again without one (src/ledger/forecast.ts).
 */
export class AccountsInFlight {
  private readonly counts = new Map<string, number>();

  /** Counts the accounts in; answers whether none of them was in flight already. */
  enter(ids: readonly string[]): boolean {
    let alone = true;
    for (const id of ids) {
      const count = this.counts.get(id) ?? 0;
      if (count > 0) alone = false;
      this.counts.set(id, count + 1);
    }
    return alone;
  }

  leave(ids: readonly string[]): void {
    for (const id of ids) {
      const count = (this.counts.get(id) ?? 0) - 1;
      if (count > 0) this.counts.set(id, count);
      else this.counts.delete(id);
    }
  }

  /** Accounts in flight now (tests check that every create leaves). */
  get size(): number {
    return this.counts.size;
  }
}

/** The wallets' ledger accounts a create's start read brought, once each. */
export function walletLedgers(parties: TransferPartyRows): WalletLedgerRow[] {
  const rows = [parties.source?.walletLedger, parties.destination?.walletLedger].filter((row) => row !== undefined);
  return rows.filter((row, index) => rows.findIndex((other) => other.ledger_account_id === row.ledger_account_id) === index);
}

/** Offers the ledger a forecast of these accounts for this unit of work. */
export function offerWalletForecast(sql: Sql, rows: readonly WalletLedgerRow[]): void {
  offerForecast(
    sql,
    rows.map(
      (row): AccountForecast => ({
        ledgerAccountID: row.ledger_account_id,
        platformID: row.platform_id,
        currency: row.currency,
        allowNegative: row.allow_negative === 1,
        available: row.available,
        pending: row.pending,
        postingCount: row.posting_count,
      }),
    ),
  );
}
