import type { Sql } from '../port.ts';

/** One receipt request (migration 11). `sent_for` is JSON `[{receiptID, idempotencyKey, sentOn}]` or null. */
export interface ReceiptRow {
  receipt_id: string;
  platform_id: string;
  created_by: string;
  kind: string;
  email: string | null;
  email_account_id: string | null;
  for_transfer_id: string;
  sent_for: string | null;
  created_on: string;
  disabled_on: string | null;
}

const COLUMNS = 'receipt_id, platform_id, created_by, kind, email, email_account_id, for_transfer_id, sent_for, created_on, disabled_on';

/** At most this many receipt requests name one transfer (creation refuses more), so lists of them are bounded. */
export const MAX_RECEIPTS_PER_TRANSFER = 100;

export async function insertReceipt(sql: Sql, row: ReceiptRow): Promise<void> {
  await sql.run(`INSERT INTO receipts (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.receipt_id,
    row.platform_id,
    row.created_by,
    row.kind,
    row.email,
    row.email_account_id,
    row.for_transfer_id,
    row.sent_for,
    row.created_on,
    row.disabled_on,
  ]);
}

/** A platform's receipt requests for one transfer, oldest first. */
export async function receiptsForTransfer(sql: Sql, platformID: string, transferID: string): Promise<ReceiptRow[]> {
  return sql.all<ReceiptRow>(
    `SELECT ${COLUMNS} FROM receipts WHERE platform_id = ? AND for_transfer_id = ? ORDER BY created_on, receipt_id LIMIT ?`,
    [platformID, transferID, MAX_RECEIPTS_PER_TRANSFER],
  );
}

export async function countReceiptsForTransfer(sql: Sql, platformID: string, transferID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM receipts WHERE platform_id = ? AND for_transfer_id = ?`, [
    platformID,
    transferID,
  ]);
  return Number(row?.n ?? 0);
}

/** Records the sends of a receipt; only a receipt not yet sent is changed (answers whether it was). */
export async function markReceiptSent(sql: Sql, receiptID: string, sentFor: string): Promise<boolean> {
  const result = await sql.run(`UPDATE receipts SET sent_for = ? WHERE receipt_id = ? AND sent_for IS NULL`, [sentFor, receiptID]);
  return result.changes === 1;
}
