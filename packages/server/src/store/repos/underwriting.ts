import type { Sql } from '../port.ts';

/** An account's underwriting as stored (migration 19): the saved and the submitted documents as JSON text. */
export interface UnderwritingRow {
  account_id: string;
  document: string;
  submitted: string | null;
  created_on: string;
  updated_on: string;
}

export async function findUnderwriting(sql: Sql, accountID: string): Promise<UnderwritingRow | undefined> {
  return sql.get<UnderwritingRow>('SELECT account_id, document, submitted, created_on, updated_on FROM account_underwriting WHERE account_id = ?', [accountID]);
}

/** Inserts or replaces the account's one row. */
export async function saveUnderwritingRow(sql: Sql, row: UnderwritingRow): Promise<void> {
  const changed = await sql.run('UPDATE account_underwriting SET document = ?, submitted = ?, updated_on = ? WHERE account_id = ?', [
    row.document,
    row.submitted,
    row.updated_on,
    row.account_id,
  ]);
  if (changed.changes > 0) return;
  await sql.run('INSERT INTO account_underwriting (account_id, document, submitted, created_on, updated_on) VALUES (?, ?, ?, ?, ?)', [
    row.account_id,
    row.document,
    row.submitted,
    row.created_on,
    row.updated_on,
  ]);
}
