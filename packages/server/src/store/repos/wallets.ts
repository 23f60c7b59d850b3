import type { Sql, SqlValue } from '../port.ts';

export interface WalletRow {
  wallet_id: string;
  account_id: string;
  /** The platform whose ledger holds the wallet's money; answered as `partnerAccountID`. */
  platform_id: string;
  wallet_type: 'default' | 'general';
  name: string;
  description: string;
  status: 'active' | 'closed';
  /** JSON object of strings, or null. */
  metadata: string | null;
  ledger_account_id: string;
  created_on: string;
  updated_on: string;
  closed_on: string | null;
}

/** Every column of a wallet row, in `WalletRow` order; other repositories select them under an alias. */
export const WALLET_COLUMNS = [
  'wallet_id',
  'account_id',
  'platform_id',
  'wallet_type',
  'name',
  'description',
  'status',
  'metadata',
  'ledger_account_id',
  'created_on',
  'updated_on',
  'closed_on',
] as const;
const COLUMNS = WALLET_COLUMNS.join(', ');

export async function insertWallet(sql: Sql, row: WalletRow): Promise<void> {
  await sql.run(`INSERT INTO wallets (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.wallet_id,
    row.account_id,
    row.platform_id,
    row.wallet_type,
    row.name,
    row.description,
    row.status,
    row.metadata,
    row.ledger_account_id,
    row.created_on,
    row.updated_on,
    row.closed_on,
  ]);
}

/** Rewrites the mutable columns; type, owner and ledger account never change. */
export async function updateWalletRow(sql: Sql, row: WalletRow): Promise<void> {
  await sql.run('UPDATE wallets SET name = ?, description = ?, status = ?, metadata = ?, updated_on = ?, closed_on = ? WHERE wallet_id = ?', [
    row.name,
    row.description,
    row.status,
    row.metadata,
    row.updated_on,
    row.closed_on,
    row.wallet_id,
  ]);
}

/** A wallet of one account: a wallet of another account is not found, like a missing one. */
export async function findWalletRow(sql: Sql, accountID: string, walletID: string): Promise<WalletRow | undefined> {
  return sql.get<WalletRow>(`SELECT ${COLUMNS} FROM wallets WHERE wallet_id = ? AND account_id = ?`, [walletID, accountID]);
}

export async function findDefaultWalletRow(sql: Sql, accountID: string): Promise<WalletRow | undefined> {
  return sql.get<WalletRow>(`SELECT ${COLUMNS} FROM wallets WHERE account_id = ? AND wallet_type = 'default'`, [accountID]);
}

export async function countActiveGeneralWallets(sql: Sql, accountID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM wallets WHERE account_id = ? AND wallet_type = 'general' AND status = 'active'",
    [accountID],
  );
  return Number(row?.n ?? 0);
}

export interface WalletQuery {
  accountID: string;
  status?: string | undefined;
  walletType?: string | undefined;
  skip: number;
  count: number;
}

/** Wallets of an account, newest first. */
export async function listWalletRows(sql: Sql, query: WalletQuery): Promise<WalletRow[]> {
  const where = ['account_id = ?'];
  const params: SqlValue[] = [query.accountID];
  if (query.status !== undefined) {
    where.push('status = ?');
    params.push(query.status);
  }
  if (query.walletType !== undefined) {
    where.push('wallet_type = ?');
    params.push(query.walletType);
  }
  params.push(query.count, query.skip);
  return sql.all<WalletRow>(
    `SELECT ${COLUMNS} FROM wallets WHERE ${where.join(' AND ')} ORDER BY created_on DESC, wallet_id DESC LIMIT ? OFFSET ?`,
    params,
  );
}

/** The given wallets of an account (the caller bounds the list). */
export async function walletRowsByIDs(sql: Sql, accountID: string, walletIDs: readonly string[]): Promise<WalletRow[]> {
  if (walletIDs.length === 0) return [];
  const marks = walletIDs.map(() => '?').join(', ');
  return sql.all<WalletRow>(`SELECT ${COLUMNS} FROM wallets WHERE account_id = ? AND wallet_id IN (${marks})`, [accountID, ...walletIDs]);
}

/** Every wallet of an account; an account has at most one default and ten active general ones, plus closed ones. */
export async function walletRowsOf(sql: Sql, accountID: string, limit: number): Promise<WalletRow[]> {
  return sql.all<WalletRow>(`SELECT ${COLUMNS} FROM wallets WHERE account_id = ? ORDER BY created_on, wallet_id LIMIT ?`, [accountID, limit]);
}
