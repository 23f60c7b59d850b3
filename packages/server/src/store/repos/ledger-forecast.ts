import type { BatchStatement, Sql } from '../port.ts';
import { ENTRY_COLUMNS, entryParams, POSTING_COLUMNS, postingParams, type LedgerEntryRow, type LedgerPostingRow } from './ledger.ts';

/** Where `account_seq` sits among `POSTING_COLUMNS`, and so among `postingParams`. */
const ACCOUNT_SEQ_COLUMN = POSTING_COLUMNS.split(', ').indexOf('account_seq');

/**
 * SQL of a forecast ledger entry (src/ledger/forecast.ts; decision 2001,
 * amendment "Forecast balances"): statements that answer nothing the unit reads,
 * so they are deferred and travel with the COMMIT. PostgreSQL only: SQLite has no
 * data-modifying CTE, and its statements cost no round trip anyway.
 */

/** What a forecast posting's statement raises when its account moved since the forecast: the unit fails and runs again. */
export const FORECAST_MISSED = 'ledger-forecast-missed';

/**
 * Locks the ledger accounts in the one global order of account updates
 * (`inAccountOrder`: by ID, compared as code points, which is what the "C"
 * collation sorts by), before a shared transaction's units update them in theirs
 * (decision 2001, amendment "One shared transaction per process"). The rows are
 * locked as the sort hands them over. The IDs travel as one text, split here: one
 * prepared statement whatever their number (an ID holds no space).
 */
export function lockLedgerAccountsInOrder(ids: readonly string[]): BatchStatement {
  return {
    sql: `SELECT ledger_account_id FROM ledger_accounts
           WHERE ledger_account_id = ANY (string_to_array(?, ' '))
           ORDER BY ledger_account_id COLLATE "C" FOR UPDATE`,
    params: [ids.join(' ')],
  };
}

/**
 * The entry itself, without `ON CONFLICT`: a forecast entry is new, and a
 * reference that posted already fails the unit (a unique violation), which the
 * caller answers from a second run without forecasts.
 */
export async function deferForecastEntry(sql: Sql, row: LedgerEntryRow): Promise<void> {
  await sql.defer(`INSERT INTO ledger_entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, entryParams(row));
}

/**
 * One posting and its account's update in one statement. The posting is
 * written only when the update left the account exactly as forecast: its
 * `posting_count` and both balances after equal the posting's (`row`), and the
 * bucket stays within [floor, ceiling] (checked again here, as in the guarded
 * update). Balances after that match mean the account was at the forecast's
 * balances before, so no other posting came in between; the count alone would
 * not do, as a forecast may start from where another create in flight will
 * leave the account (chained forecasts), and if that one fails, a different
 * posting can reach the same count with other balances.
 *
 * The update's own condition is only `posting_count <= ` the forecast's count
 * before: a chained create's statement starts while the create ahead has
 * updated the row but not committed, so the row as this statement's snapshot
 * sees it is still short of the forecast. The update then waits for that
 * create's row lock; once it commits, PostgreSQL checks the condition again on
 * the row as committed and updates that (READ COMMITTED). Whatever row it
 * updated, the check after it decides. When it changed no row, or not to the
 * forecast, the posting's `account_seq` is the text `FORECAST_MISSED` cast to a
 * number, which fails the statement and so the unit: nothing of it is
 * committed, the update included.
 */
export async function deferForecastPosting(
  sql: Sql,
  row: LedgerPostingRow,
  guard: { priorPostingCount: number; floor: number; ceiling: number },
): Promise<void> {
  // The column name comes from the two-value union, never from input.
  const column = row.bucket === 'pending' ? 'pending' : 'available';
  await sql.defer(
    `WITH moved AS (
       UPDATE ledger_accounts SET ${column} = ${column} + ?, posting_count = posting_count + 1
        WHERE ledger_account_id = ? AND platform_id = ? AND currency = ? AND posting_count <= ?
       RETURNING posting_count, available, pending)
     INSERT INTO ledger_postings (${POSTING_COLUMNS})
     VALUES (?, ?, ?, ?, ?, ?, ?, CAST(COALESCE((SELECT CAST(posting_count AS TEXT) FROM moved
                                                  WHERE posting_count = ? AND available = ? AND pending = ? AND ${column} >= ? AND ${column} <= ?),
                                                 '${FORECAST_MISSED}') AS BIGINT), ?, ?, ?)`,
    [
      row.amount,
      row.ledger_account_id,
      row.platform_id,
      row.currency,
      guard.priorPostingCount,
      // The posting's values up to `account_seq`, which the statement takes from the update if it is as forecast.
      ...postingParams(row).slice(0, ACCOUNT_SEQ_COLUMN),
      row.account_seq,
      row.available_after,
      row.pending_after,
      guard.floor,
      guard.ceiling,
      ...postingParams(row).slice(ACCOUNT_SEQ_COLUMN + 1),
    ],
  );
}
