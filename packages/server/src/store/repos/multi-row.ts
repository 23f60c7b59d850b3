import type { Sql, SqlValue } from '../port.ts';

/**
 * The most rows one multi-row insert writes: more are sent as several
 * statements. Bounds a statement's parameters and the number of distinct texts
 * (each row count is one prepared statement per connection on PostgreSQL).
 */
export const MAX_ROWS_PER_INSERT = 50;

/**
 * Defers the insert of `rows`, in the order given, as few statements as the
 * bound allows (decision 2001, "Events recorded together"): `statement` makes
 * the SQL from the `VALUES` list (one `tuple` per row, joined), `values` gives
 * one row's values in the tuple's order. Nothing is sent for no rows.
 */
export async function deferInsertRows<T>(
  sql: Sql,
  rows: readonly T[],
  shape: { statement: (valuesList: string) => string; tuple: string; values: (row: T) => SqlValue[] },
): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + MAX_ROWS_PER_INSERT);
    await sql.defer(shape.statement(chunk.map(() => shape.tuple).join(', ')), chunk.flatMap(shape.values));
  }
}
