import type { Sql } from '../port.ts';

/**
 * The SQL condition "the platform may see account `a`": its own (facilitator)
 * account, or one connected to it and still connected. Takes two parameters,
 * both the platformID, in that order. One definition for every query that asks.
 */
export const VISIBLE_TO_PLATFORM = `(a.account_id = ?
             OR EXISTS (SELECT 1 FROM account_connections c
                         WHERE c.principal_id = ? AND c.account_id = a.account_id AND c.disconnected_on IS NULL))`;

/**
 * Which of `accountIDs` a platform may see: its own (facilitator) account, and
 * accounts connected to it that are still connected. Used to check the account
 * IDs named in OAuth2 scopes; the caller bounds the list.
 */
export async function visibleAccountIDs(sql: Sql, platformID: string, accountIDs: readonly string[]): Promise<Set<string>> {
  const visible = new Set<string>();
  if (accountIDs.length === 0) return visible;
  const marks = accountIDs.map(() => '?').join(', ');
  const rows = await sql.all<{ account_id: string }>(
    `SELECT a.account_id FROM accounts a WHERE a.account_id IN (${marks}) AND ${VISIBLE_TO_PLATFORM}`,
    [...accountIDs, platformID, platformID],
  );
  for (const row of rows) visible.add(row.account_id);
  return visible;
}
