import type { Sql } from '../port.ts';

/** An account as stored: indexed columns plus the public document and the sensitive values. */
export interface AccountRow {
  account_id: string;
  created_by: string;
  mode: string;
  account_type: string;
  display_name: string;
  email: string | null;
  foreign_id: string | null;
  document: string;
  sensitive: string | null;
  created_on: string;
  updated_on: string;
}

export async function insertAccount(sql: Sql, row: AccountRow): Promise<void> {
  await sql.run(
    `INSERT INTO accounts (account_id, created_by, mode, account_type, display_name, email, foreign_id, document, sensitive, created_on, updated_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.account_id,
      row.created_by,
      row.mode,
      row.account_type,
      row.display_name,
      row.email,
      row.foreign_id,
      row.document,
      row.sensitive,
      row.created_on,
      row.updated_on,
    ],
  );
}

export async function insertConnection(
  sql: Sql,
  principalID: string,
  accountID: string,
  createdOn: string,
  scopes: readonly string[] | null,
): Promise<void> {
  await sql.run('INSERT INTO account_connections (principal_id, account_id, scopes, created_on) VALUES (?, ?, ?, ?)', [
    principalID,
    accountID,
    scopes ? JSON.stringify(scopes) : null,
    createdOn,
  ]);
}
