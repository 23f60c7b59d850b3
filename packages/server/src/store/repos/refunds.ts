import type { Sql } from '../port.ts';

/**
 * Refunds of card payments and what each reversal became (migration 17;
 * docs/refunds.md). The rules (what may be refunded, the card network's
 * lifecycle) live in `src/domain/refunds/`.
 */
export interface RefundRow {
  refund_id: string;
  platform_id: string;
  transfer_id: string;
  idempotency_key: string;
  status: string;
  card_status: string;
  failure_code: string | null;
  currency: string;
  amount: number;
  initiated_on: string | null;
  confirmed_on: string | null;
  settled_on: string | null;
  failed_on: string | null;
  completed_on: string | null;
  created_on: string;
  updated_on: string;
}

const COLUMNS =
  'refund_id, platform_id, transfer_id, idempotency_key, status, card_status, failure_code, currency, amount, ' +
  'initiated_on, confirmed_on, settled_on, failed_on, completed_on, created_on, updated_on';

/** A transfer's refunds are few (each takes at least a cent of it); the bound keeps one read of them small regardless. */
export const MAX_REFUNDS_PER_TRANSFER = 500;

/** Inserts a refund; a second row with the same (platform, idempotency key) raises UniqueViolation. */
export async function insertRefund(sql: Sql, row: RefundRow): Promise<void> {
  await sql.run(`INSERT INTO refunds (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.refund_id,
    row.platform_id,
    row.transfer_id,
    row.idempotency_key,
    row.status,
    row.card_status,
    row.failure_code,
    row.currency,
    row.amount,
    row.initiated_on,
    row.confirmed_on,
    row.settled_on,
    row.failed_on,
    row.completed_on,
    row.created_on,
    row.updated_on,
  ]);
}

export async function findRefund(sql: Sql, platformID: string, refundID: string): Promise<RefundRow | undefined> {
  return sql.get<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE platform_id = ? AND refund_id = ?`, [platformID, refundID]);
}

export async function findRefundByIdempotencyKey(sql: Sql, platformID: string, key: string): Promise<RefundRow | undefined> {
  return sql.get<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE platform_id = ? AND idempotency_key = ?`, [platformID, key]);
}

/** A transfer's refunds, oldest first. */
export async function refundsOfTransfer(sql: Sql, platformID: string, transferID: string): Promise<RefundRow[]> {
  return sql.all<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds WHERE platform_id = ? AND transfer_id = ? ORDER BY created_on, refund_id LIMIT ?`,
    [platformID, transferID, MAX_REFUNDS_PER_TRANSFER],
  );
}

/** The refunds of some transfers of a platform, oldest first; the caller bounds the list of IDs. */
export async function refundsOfTransfers(sql: Sql, platformID: string, transferIDs: readonly string[]): Promise<RefundRow[]> {
  if (transferIDs.length === 0) return [];
  const marks = transferIDs.map(() => '?').join(', ');
  return sql.all<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds WHERE platform_id = ? AND transfer_id IN (${marks}) ORDER BY created_on, refund_id LIMIT ?`,
    [platformID, ...transferIDs, MAX_REFUNDS_PER_TRANSFER * transferIDs.length],
  );
}

/**
 * Writes a refund's new lifecycle state if it is still in `fromCardStatus`;
 * answers whether it did (false: another writer moved it first).
 */
export async function updateRefundState(
  sql: Sql,
  row: Pick<RefundRow, 'platform_id' | 'refund_id' | 'status' | 'card_status' | 'failure_code' | 'confirmed_on' | 'settled_on' | 'failed_on' | 'completed_on' | 'updated_on'>,
  fromCardStatus: string,
): Promise<boolean> {
  const result = await sql.run(
    `UPDATE refunds SET status = ?, card_status = ?, failure_code = ?, confirmed_on = ?, settled_on = ?, failed_on = ?, completed_on = ?, updated_on = ?
      WHERE platform_id = ? AND refund_id = ? AND card_status = ?`,
    [row.status, row.card_status, row.failure_code, row.confirmed_on, row.settled_on, row.failed_on, row.completed_on, row.updated_on, row.platform_id, row.refund_id, fromCardStatus],
  );
  return result.changes === 1;
}

/**
 * Adds `amount` to a transfer's refunded amount only if what refunds and
 * disputes took back stays within the transfer's amount (and the refunded
 * amount at or above 0); answers whether it did. The bound is checked in the
 * UPDATE itself, so two refunds racing on PostgreSQL queue on the row lock and
 * the second sees the first's total: together they never refund more than the
 * payment. A negative `amount` gives back a failed refund's share. The
 * column is written only here (the rails' `updateTransferRow` leaves it alone),
 * so it neither bumps the transfer's row version nor races a rail step.
 */
export async function addRefundedAmount(sql: Sql, platformID: string, transferID: string, amount: number): Promise<boolean> {
  const result = await sql.run(
    `UPDATE transfers SET refunded_amount = refunded_amount + ?
      WHERE platform_id = ? AND transfer_id = ? AND refunded_amount + ? >= 0
        AND (CAST(? AS BIGINT) < 0 OR refunded_amount + disputed_amount + ? <= amount)`,
    [amount, platformID, transferID, amount, amount, amount],
  );
  return result.changes === 1;
}

// ---- reversals: what each idempotency key became ----

export interface ReversalRow {
  platform_id: string;
  idempotency_key: string;
  transfer_id: string;
  amount: number;
  cancellation_id: string | null;
  refund_id: string | null;
  created_on: string;
}

const REVERSAL_COLUMNS = 'platform_id, idempotency_key, transfer_id, amount, cancellation_id, refund_id, created_on';

/** Records what a reversal became; a second row with the same (platform, key) raises UniqueViolation. */
export async function insertReversal(sql: Sql, row: ReversalRow): Promise<void> {
  await sql.run(`INSERT INTO transfer_reversals (${REVERSAL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
    row.platform_id,
    row.idempotency_key,
    row.transfer_id,
    row.amount,
    row.cancellation_id,
    row.refund_id,
    row.created_on,
  ]);
}

export async function findReversal(sql: Sql, platformID: string, key: string): Promise<ReversalRow | undefined> {
  return sql.get<ReversalRow>(`SELECT ${REVERSAL_COLUMNS} FROM transfer_reversals WHERE platform_id = ? AND idempotency_key = ?`, [platformID, key]);
}
