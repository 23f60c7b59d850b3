import type { Sql } from '../port.ts';

/** One cancellation of a transfer (migration 11). */
export interface CancellationRow {
  cancellation_id: string;
  platform_id: string;
  transfer_id: string;
  status: string;
  created_on: string;
  updated_on: string;
}

const COLUMNS = 'cancellation_id, platform_id, transfer_id, status, created_on, updated_on';

/**
 * A transfer is canceled at most once and a refused request writes nothing, so
 * a transfer holds few rows; the bound keeps a read of them small regardless.
 */
export const MAX_CANCELLATIONS_PER_TRANSFER = 20;

export async function insertCancellation(sql: Sql, row: CancellationRow): Promise<void> {
  await sql.run(`INSERT INTO transfer_cancellations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`, [
    row.cancellation_id,
    row.platform_id,
    row.transfer_id,
    row.status,
    row.created_on,
    row.updated_on,
  ]);
}

export async function findCancellation(sql: Sql, platformID: string, transferID: string, cancellationID: string): Promise<CancellationRow | undefined> {
  return sql.get<CancellationRow>(
    `SELECT ${COLUMNS} FROM transfer_cancellations WHERE platform_id = ? AND transfer_id = ? AND cancellation_id = ?`,
    [platformID, transferID, cancellationID],
  );
}

/** Cancellations of some transfers of a platform, oldest first; the caller bounds the list of IDs. */
export async function cancellationsOfTransfers(sql: Sql, platformID: string, transferIDs: readonly string[]): Promise<CancellationRow[]> {
  if (transferIDs.length === 0) return [];
  const marks = transferIDs.map(() => '?').join(', ');
  return sql.all<CancellationRow>(
    `SELECT ${COLUMNS} FROM transfer_cancellations WHERE platform_id = ? AND transfer_id IN (${marks})
      ORDER BY created_on, cancellation_id LIMIT ?`,
    [platformID, ...transferIDs, MAX_CANCELLATIONS_PER_TRANSFER * transferIDs.length],
  );
}

/** Moves the given transfer's cancellations in `from` status to `to`; answers the rows changed. */
export async function settleCancellations(
  sql: Sql,
  input: { platformID: string; transferID: string; from: string; to: string; now: string },
): Promise<CancellationRow[]> {
  const rows = await sql.all<CancellationRow>(
    `SELECT ${COLUMNS} FROM transfer_cancellations WHERE platform_id = ? AND transfer_id = ? AND status = ? ORDER BY created_on LIMIT ?`,
    [input.platformID, input.transferID, input.from, MAX_CANCELLATIONS_PER_TRANSFER],
  );
  for (const row of rows) {
    await sql.run(`UPDATE transfer_cancellations SET status = ?, updated_on = ? WHERE cancellation_id = ? AND status = ?`, [
      input.to,
      input.now,
      row.cancellation_id,
      input.from,
    ]);
  }
  return rows.map((row) => ({ ...row, status: input.to, updated_on: input.now }));
}
