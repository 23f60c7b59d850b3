import type { Sql } from '../port.ts';

/**
 * A platform's clock offset in milliseconds; no row means 0. The offset only
 * grows: every statement here adds to it or raises it, never lowers it.
 */
export async function readClockOffset(sql: Sql, platformID: string): Promise<number> {
  const row = await sql.get<{ offset_ms: number | string }>('SELECT offset_ms FROM platform_clocks WHERE platform_id = ?', [platformID]);
  return row === undefined ? 0 : Number(row.offset_ms);
}

/** Makes sure the platform has a clock row, so later updates lock and change one row. */
export async function ensureClockRow(sql: Sql, platformID: string, updatedOn: string): Promise<void> {
  await sql.run('INSERT INTO platform_clocks (platform_id, offset_ms, updated_on) VALUES (?, 0, ?) ON CONFLICT (platform_id) DO NOTHING', [
    platformID,
    updatedOn,
  ]);
}

/**
 * Adds `deltaMs` (positive) to the offset unless the sum would pass `maxOffsetMs`.
 * One statement, so two concurrent advances both count. Answers whether it changed the row.
 */
export async function addToClockOffset(
  sql: Sql,
  row: { platformID: string; deltaMs: number; maxOffsetMs: number; updatedOn: string },
): Promise<boolean> {
  const result = await sql.run(
    'UPDATE platform_clocks SET offset_ms = offset_ms + ?, updated_on = ? WHERE platform_id = ? AND offset_ms + ? <= ?',
    [row.deltaMs, row.updatedOn, row.platformID, row.deltaMs, row.maxOffsetMs],
  );
  return result.changes === 1;
}

/**
 * Raises the offset to `offsetMs` if it is lower; never lowers it. Answers
 * whether it changed the row (false: the clock already stands at or past it).
 */
export async function raiseClockOffset(sql: Sql, row: { platformID: string; offsetMs: number; updatedOn: string }): Promise<boolean> {
  const result = await sql.run('UPDATE platform_clocks SET offset_ms = ?, updated_on = ? WHERE platform_id = ? AND offset_ms < ?', [
    row.offsetMs,
    row.updatedOn,
    row.platformID,
    row.offsetMs,
  ]);
  return result.changes === 1;
}
