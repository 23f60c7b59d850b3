import type { Sql, SqlValue } from '../port.ts';

/** An account as stored: indexed columns plus the public document and the sensitive values. */
export interface AccountRow {
  account_id: string;
  created_by: string;
  mode: string;
  account_type: string;
  display_name: string;
  /** Every name of the account, lower-cased and newline-joined, for `name` search. */
  search_name: string;
  /** Lower-cased profile email, for the `email` filter. */
  email: string | null;
  foreign_id: string | null;
  document: string;
  sensitive: string | null;
  created_on: string;
  updated_on: string;
}

/** An account as one principal sees it: with that connection's `disconnected_on`. */
export interface ConnectedAccountRow extends AccountRow {
  connection_disconnected_on: string | null;
}

export interface ConnectionRow {
  principal_id: string;
  account_id: string;
  scopes: string | null;
  created_on: string;
  disconnected_on: string | null;
}

export interface CapabilityRow {
  account_id: string;
  capability: string;
  status: string;
  created_on: string;
  updated_on: string;
}

const ACCOUNT_COLUMNS =
  'a.account_id, a.created_by, a.mode, a.account_type, a.display_name, a.search_name, a.email, a.foreign_id, a.document, a.sensitive, a.created_on, a.updated_on';

/*
 * Rows are written with their sensitive values sealed (docs/decisions/0504), so
 * every insert and update marks them `sensitive_sealed = 1`; rows an older
 * Railyard wrote in the clear are 0 until `upgradeAtRest` seals them.
 */

export async function insertAccount(sql: Sql, row: AccountRow): Promise<void> {
  await sql.run(
    `INSERT INTO accounts (account_id, created_by, mode, account_type, display_name, search_name, email, foreign_id, document, sensitive, created_on, updated_on, sensitive_sealed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    [
      row.account_id,
      row.created_by,
      row.mode,
      row.account_type,
      row.display_name,
      row.search_name,
      row.email,
      row.foreign_id,
      row.document,
      row.sensitive,
      row.created_on,
      row.updated_on,
    ],
  );
}

/** Rewrites the mutable columns of an account; `account_type`, `mode` and `created_*` never change. */
export async function updateAccount(sql: Sql, row: AccountRow): Promise<void> {
  await sql.run(
    `UPDATE accounts SET display_name = ?, search_name = ?, email = ?, foreign_id = ?, document = ?, sensitive = ?, updated_on = ?, sensitive_sealed = 1
      WHERE account_id = ?`,
    [row.display_name, row.search_name, row.email, row.foreign_id, row.document, row.sensitive, row.updated_on, row.account_id],
  );
}

/** Accounts whose sensitive values are still stored in the clear (migration 14), a batch at a time. */
export async function listPlainSensitive(sql: Sql, limit: number): Promise<Array<{ account_id: string; sensitive: string | null }>> {
  return sql.all('SELECT account_id, sensitive FROM accounts WHERE sensitive_sealed = 0 ORDER BY account_id LIMIT ?', [limit]);
}

/**
 * Stores the sealed form of a row still in the clear, only if it is unchanged
 * since it was read (a concurrent update wins: it wrote the row sealed).
 * Answers whether it did.
 */
export async function replacePlainSensitive(sql: Sql, accountID: string, previous: string | null, sealed: string | null): Promise<boolean> {
  const result =
    previous === null
      ? await sql.run('UPDATE accounts SET sensitive = ?, sensitive_sealed = 1 WHERE account_id = ? AND sensitive_sealed = 0 AND sensitive IS NULL', [sealed, accountID])
      : await sql.run('UPDATE accounts SET sensitive = ?, sensitive_sealed = 1 WHERE account_id = ? AND sensitive_sealed = 0 AND sensitive = ?', [sealed, accountID, previous]);
  return result.changes > 0;
}

export async function findAccount(sql: Sql, accountID: string): Promise<AccountRow | undefined> {
  return sql.get<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.account_id = ?`, [accountID]);
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

export async function findConnection(sql: Sql, principalID: string, accountID: string): Promise<ConnectionRow | undefined> {
  return sql.get<ConnectionRow>(
    'SELECT principal_id, account_id, scopes, created_on, disconnected_on FROM account_connections WHERE principal_id = ? AND account_id = ?',
    [principalID, accountID],
  );
}

/** Marks a live connection disconnected; answers whether one was. */
export async function disconnectConnection(sql: Sql, principalID: string, accountID: string, on: string): Promise<boolean> {
  const result = await sql.run(
    'UPDATE account_connections SET disconnected_on = ? WHERE principal_id = ? AND account_id = ? AND disconnected_on IS NULL',
    [on, principalID, accountID],
  );
  return result.changes > 0;
}

/** Filters of a connected-accounts list, already validated and normalised by the domain. */
export interface ConnectedAccountsQuery {
  /** Whose connections to list. */
  principalID: string;
  /** Only accounts this platform can see (its own, or connected to it). */
  visibleTo: string;
  /** Lower-cased substring of `search_name`. */
  nameContains?: string;
  /** Lower-cased full email. */
  email?: string;
  accountType?: string;
  foreignID?: string;
  includeDisconnected: boolean;
  capability?: string;
  capabilityStatus?: string;
  skip: number;
  count: number;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts connected to a principal, newest first, with that connection's disconnection time. */
export async function listConnectedAccounts(sql: Sql, query: ConnectedAccountsQuery): Promise<ConnectedAccountRow[]> {
  const where: string[] = ['c.principal_id = ?', 'a.account_id <> ?'];
  const params: SqlValue[] = [query.principalID, query.principalID];
  if (query.visibleTo !== query.principalID) {
    where.push(
      `(a.account_id = ? OR EXISTS (SELECT 1 FROM account_connections v WHERE v.principal_id = ? AND v.account_id = a.account_id))`,
    );
    params.push(query.visibleTo, query.visibleTo);
  }
  if (!query.includeDisconnected) where.push('c.disconnected_on IS NULL');
  if (query.accountType !== undefined) {
    where.push('a.account_type = ?');
    params.push(query.accountType);
  }
  if (query.nameContains !== undefined) {
    where.push(`LOWER(a.search_name) LIKE ? ESCAPE '\\'`);
    params.push(likeContains(query.nameContains));
  }
  if (query.email !== undefined) {
    where.push('a.email = ?');
    params.push(query.email);
  }
  if (query.foreignID !== undefined) {
    where.push('a.foreign_id = ?');
    params.push(query.foreignID);
  }
  if (query.capability !== undefined || query.capabilityStatus !== undefined) {
    const conditions = ['k.account_id = a.account_id'];
    if (query.capability !== undefined) {
      conditions.push('k.capability = ?');
      params.push(query.capability);
    }
    if (query.capabilityStatus !== undefined) {
      conditions.push('k.status = ?');
      params.push(query.capabilityStatus);
    }
    where.push(`EXISTS (SELECT 1 FROM account_capabilities k WHERE ${conditions.join(' AND ')})`);
  }
  params.push(query.count, query.skip);
  return sql.all<ConnectedAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS}, c.disconnected_on AS connection_disconnected_on
       FROM account_connections c JOIN accounts a ON a.account_id = c.account_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.created_on DESC, a.account_id DESC
      LIMIT ? OFFSET ?`,
    params,
  );
}

// ---------------------------------------------------------------- capabilities

/** Capabilities of the given accounts (the caller bounds the list), in a stable order. */
export async function listCapabilities(sql: Sql, accountIDs: readonly string[]): Promise<CapabilityRow[]> {
  if (accountIDs.length === 0) return [];
  const marks = accountIDs.map(() => '?').join(', ');
  return sql.all<CapabilityRow>(
    `SELECT account_id, capability, status, created_on, updated_on FROM account_capabilities
      WHERE account_id IN (${marks}) ORDER BY account_id, created_on, capability`,
    [...accountIDs],
  );
}

// ---------------------------------------------------------------- terms of service tokens

export interface TosTokenRow {
  token_hash: string;
  platform_id: string;
  origin: string;
  ip: string;
  user_agent: string;
  created_on: string;
  used_by: string | null;
  used_on: string | null;
}

export async function insertTosToken(sql: Sql, row: Omit<TosTokenRow, 'used_by' | 'used_on'>): Promise<void> {
  await sql.run('INSERT INTO tos_tokens (token_hash, platform_id, origin, ip, user_agent, created_on) VALUES (?, ?, ?, ?, ?, ?)', [
    row.token_hash,
    row.platform_id,
    row.origin,
    row.ip,
    row.user_agent,
    row.created_on,
  ]);
}

export async function findTosToken(sql: Sql, tokenHash: string): Promise<TosTokenRow | undefined> {
  return sql.get<TosTokenRow>(
    'SELECT token_hash, platform_id, origin, ip, user_agent, created_on, used_by, used_on FROM tos_tokens WHERE token_hash = ?',
    [tokenHash],
  );
}

/** Claims a token for one account; answers false when another account already used it. */
export async function useTosToken(sql: Sql, tokenHash: string, accountID: string, on: string): Promise<boolean> {
  const result = await sql.run(
    'UPDATE tos_tokens SET used_by = ?, used_on = ? WHERE token_hash = ? AND (used_by IS NULL OR used_by = ?)',
    [accountID, on, tokenHash, accountID],
  );
  return result.changes > 0;
}
