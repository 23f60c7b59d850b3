import type { Sql } from '../port.ts';

/** A capability of an account as stored (migration 1, plus disabling columns from migration 4). */
export interface CapabilityStateRow {
  account_id: string;
  capability: string;
  status: string;
  created_on: string;
  updated_on: string;
  disabled_on: string | null;
  disabled_reason: string | null;
}

const COLUMNS = 'account_id, capability, status, created_on, updated_on, disabled_on, disabled_reason';

/** Every capability of one account, oldest first (an account has at most a few dozen). */
export async function capabilityRowsOf(sql: Sql, accountID: string): Promise<CapabilityStateRow[]> {
  return sql.all<CapabilityStateRow>(
    `SELECT ${COLUMNS} FROM account_capabilities WHERE account_id = ? ORDER BY created_on, capability`,
    [accountID],
  );
}

export async function findCapabilityRow(sql: Sql, accountID: string, capability: string): Promise<CapabilityStateRow | undefined> {
  return sql.get<CapabilityStateRow>(`SELECT ${COLUMNS} FROM account_capabilities WHERE account_id = ? AND capability = ?`, [
    accountID,
    capability,
  ]);
}

export async function insertCapabilityRow(sql: Sql, row: CapabilityStateRow): Promise<void> {
  await sql.run(`INSERT INTO account_capabilities (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
    row.account_id,
    row.capability,
    row.status,
    row.created_on,
    row.updated_on,
    row.disabled_on,
    row.disabled_reason,
  ]);
}

export async function setCapabilityState(
  sql: Sql,
  row: Pick<CapabilityStateRow, 'account_id' | 'capability' | 'status' | 'updated_on' | 'disabled_on' | 'disabled_reason'>,
): Promise<void> {
  await sql.run(
    'UPDATE account_capabilities SET status = ?, updated_on = ?, disabled_on = ?, disabled_reason = ? WHERE account_id = ? AND capability = ?',
    [row.status, row.updated_on, row.disabled_on, row.disabled_reason, row.account_id, row.capability],
  );
}
