import type { Sql } from '../port.ts';

/** A platform correction of one wallet (migration 17; docs/refunds.md "Adjustments"). */
export interface AdjustmentRow {
  adjustment_id: string;
  platform_id: string;
  account_id: string;
  wallet_id: string;
  currency: string;
  /** Signed cents: positive credited the wallet, negative debited it. */
  amount: number;
  memo: string;
  entry_id: string;
  created_on: string;
}

const COLUMNS = 'adjustment_id, platform_id, account_id, wallet_id, currency, amount, memo, entry_id, created_on';

/** The most one list answers (Moov's list has no paging). */
export const MAX_ADJUSTMENTS_LISTED = 500;

export async function insertAdjustment(sql: Sql, row: AdjustmentRow): Promise<void> {
  await sql.run(`INSERT INTO adjustments (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.adjustment_id,
    row.platform_id,
    row.account_id,
    row.wallet_id,
    row.currency,
    row.amount,
    row.memo,
    row.entry_id,
    row.created_on,
  ]);
}

export async function findAdjustment(sql: Sql, accountID: string, adjustmentID: string): Promise<AdjustmentRow | undefined> {
  return sql.get<AdjustmentRow>(`SELECT ${COLUMNS} FROM adjustments WHERE account_id = ? AND adjustment_id = ?`, [accountID, adjustmentID]);
}

/** An account's adjustments, newest first, optionally of one wallet. */
export async function listAdjustmentRows(sql: Sql, accountID: string, walletID: string | undefined): Promise<AdjustmentRow[]> {
  const byWallet = walletID === undefined ? '' : ' AND wallet_id = ?';
  return sql.all<AdjustmentRow>(
    `SELECT ${COLUMNS} FROM adjustments WHERE account_id = ?${byWallet} ORDER BY created_on DESC, adjustment_id DESC LIMIT ?`,
    walletID === undefined ? [accountID, MAX_ADJUSTMENTS_LISTED] : [accountID, walletID, MAX_ADJUSTMENTS_LISTED],
  );
}
