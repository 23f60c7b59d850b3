import type { Sql } from '../port.ts';

/** A bank account as stored. Verification rounds and exception details are JSON text. */
export interface BankAccountRow {
  bank_account_id: string;
  platform_id: string;
  account_id: string;
  fingerprint: string;
  holder_name: string;
  holder_type: string;
  bank_account_type: string;
  routing_number: string;
  last_four_account_number: string;
  account_number_sealed: string;
  bank_name: string;
  rtp: number;
  fednow: number;
  status: string;
  status_reason: string;
  failed_rounds: number;
  exception_details: string | null;
  micro_deposits: string | null;
  instant_verification: string | null;
  created_on: string;
  updated_on: string;
  disabled_on: string | null;
}

/** The columns a verification step changes. */
export type BankAccountStateColumns = Pick<
  BankAccountRow,
  'status' | 'status_reason' | 'failed_rounds' | 'exception_details' | 'micro_deposits' | 'instant_verification' | 'updated_on'
>;

const COLUMNS =
  'bank_account_id, platform_id, account_id, fingerprint, holder_name, holder_type, bank_account_type, routing_number, ' +
  'last_four_account_number, account_number_sealed, bank_name, rtp, fednow, status, status_reason, failed_rounds, ' +
  'exception_details, micro_deposits, instant_verification, created_on, updated_on, disabled_on';

export async function insertBankAccount(sql: Sql, row: BankAccountRow): Promise<void> {
  await sql.run(`INSERT INTO bank_accounts (${COLUMNS}) VALUES (${COLUMNS.split(',').map(() => '?').join(', ')})`, [
    row.bank_account_id,
    row.platform_id,
    row.account_id,
    row.fingerprint,
    row.holder_name,
    row.holder_type,
    row.bank_account_type,
    row.routing_number,
    row.last_four_account_number,
    row.account_number_sealed,
    row.bank_name,
    row.rtp,
    row.fednow,
    row.status,
    row.status_reason,
    row.failed_rounds,
    row.exception_details,
    row.micro_deposits,
    row.instant_verification,
    row.created_on,
    row.updated_on,
    row.disabled_on,
  ]);
}

/** A live (not disabled) bank account of the account, or undefined. */
export async function findLiveBankAccount(sql: Sql, accountID: string, bankAccountID: string): Promise<BankAccountRow | undefined> {
  return sql.get<BankAccountRow>(
    `SELECT ${COLUMNS} FROM bank_accounts WHERE bank_account_id = ? AND account_id = ? AND disabled_on IS NULL`,
    [bankAccountID, accountID],
  );
}

export async function findLiveBankAccountByFingerprint(sql: Sql, accountID: string, fingerprint: string): Promise<BankAccountRow | undefined> {
  return sql.get<BankAccountRow>(
    `SELECT ${COLUMNS} FROM bank_accounts WHERE account_id = ? AND fingerprint = ? AND disabled_on IS NULL`,
    [accountID, fingerprint],
  );
}

/** Live bank accounts of an account, oldest first, at most `limit`. */
export async function listLiveBankAccounts(sql: Sql, accountID: string, limit: number): Promise<BankAccountRow[]> {
  return sql.all<BankAccountRow>(
    `SELECT ${COLUMNS} FROM bank_accounts WHERE account_id = ? AND disabled_on IS NULL ORDER BY created_on, bank_account_id LIMIT ?`,
    [accountID, limit],
  );
}

export async function countLiveBankAccounts(sql: Sql, accountID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM bank_accounts WHERE account_id = ? AND disabled_on IS NULL',
    [accountID],
  );
  return Number(row?.n ?? 0);
}

/** Bank accounts of an account with the given IDs, disabled ones included. */
export async function findBankAccountsByIDs(sql: Sql, accountID: string, ids: readonly string[]): Promise<BankAccountRow[]> {
  if (ids.length === 0) return [];
  return sql.all<BankAccountRow>(
    `SELECT ${COLUMNS} FROM bank_accounts WHERE account_id = ? AND bank_account_id IN (${ids.map(() => '?').join(', ')})`,
    [accountID, ...ids],
  );
}

/** Writes a verification step; answers false when the row is gone or disabled meanwhile. */
export async function updateBankAccountState(sql: Sql, bankAccountID: string, state: BankAccountStateColumns): Promise<boolean> {
  const result = await sql.run(
    `UPDATE bank_accounts SET status = ?, status_reason = ?, failed_rounds = ?, exception_details = ?, micro_deposits = ?,
            instant_verification = ?, updated_on = ?
      WHERE bank_account_id = ? AND disabled_on IS NULL`,
    [
      state.status,
      state.status_reason,
      state.failed_rounds,
      state.exception_details,
      state.micro_deposits,
      state.instant_verification,
      state.updated_on,
      bankAccountID,
    ],
  );
  return result.changes === 1;
}

/** Marks a live bank account disabled; answers whether one was. */
export async function disableBankAccountRow(sql: Sql, bankAccountID: string, on: string): Promise<boolean> {
  const result = await sql.run(
    'UPDATE bank_accounts SET disabled_on = ?, updated_on = ? WHERE bank_account_id = ? AND disabled_on IS NULL',
    [on, on, bankAccountID],
  );
  return result.changes === 1;
}
