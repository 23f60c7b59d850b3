import type { Sql } from '../port.ts';

export interface PaymentMethodRow {
  payment_method_id: string;
  account_id: string;
  source_kind: string;
  source_id: string;
  payment_method_type: string;
  created_on: string;
  updated_on: string;
  disabled_on: string | null;
}

const COLUMNS = 'payment_method_id, account_id, source_kind, source_id, payment_method_type, created_on, updated_on, disabled_on';

/** Every row of an account, live and disabled, oldest first. */
export async function paymentMethodRowsOfAccount(sql: Sql, accountID: string): Promise<PaymentMethodRow[]> {
  return sql.all<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE account_id = ? ORDER BY created_on, payment_method_id`,
    [accountID],
  );
}

export async function findPaymentMethodRow(sql: Sql, paymentMethodID: string): Promise<PaymentMethodRow | undefined> {
  return sql.get<PaymentMethodRow>(`SELECT ${COLUMNS} FROM payment_methods WHERE payment_method_id = ?`, [paymentMethodID]);
}

export async function insertPaymentMethodRow(sql: Sql, row: Omit<PaymentMethodRow, 'disabled_on'>): Promise<void> {
  await sql.run(
    `INSERT INTO payment_methods (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
    [row.payment_method_id, row.account_id, row.source_kind, row.source_id, row.payment_method_type, row.created_on, row.updated_on],
  );
}

export async function setPaymentMethodDisabled(sql: Sql, paymentMethodID: string, disabledOn: string | null, now: string): Promise<void> {
  await sql.run('UPDATE payment_methods SET disabled_on = ?, updated_on = ? WHERE payment_method_id = ?', [disabledOn, now, paymentMethodID]);
}

export async function enabledCapabilitiesOf(sql: Sql, accountID: string): Promise<Set<string>> {
  const rows = await sql.all<{ capability: string }>(
    "SELECT capability FROM account_capabilities WHERE account_id = ? AND status = 'enabled'",
    [accountID],
  );
  return new Set(rows.map((row) => row.capability));
}

/**
 * Takes the account's row lock for the rest of the unit of work, so that two
 * refreshes of one account's payment methods run one after the other. Without
 * it, on PostgreSQL (READ COMMITTED), a refresh could read the sources before a
 * concurrent link committed and the payment methods after, and disable the new
 * source's methods as gone. A no-op UPDATE, so the SQL is the same on both
 * engines (SQLite's single writer already serialises the units of work).
 */
export async function lockAccountPaymentMethods(sql: Sql, accountID: string): Promise<void> {
  await sql.run('UPDATE accounts SET account_id = account_id WHERE account_id = ?', [accountID]);
}

