import type { Sql, SqlValue } from '../port.ts';

/** One dispute of a card payment (migration 18). Money is BIGINT cents. */
export interface DisputeRow {
  dispute_id: string;
  platform_id: string;
  transfer_id: string;
  merchant_account_id: string;
  cardholder_account_id: string;
  merchant_wallet_id: string;
  /** The wallet transaction of the dispute's debit (its first ledger entry on the wallet). */
  transaction_id: string;
  currency: string;
  amount: number | string;
  network_reason_code: string;
  network_reason_description: string | null;
  phase: string;
  status: string;
  respond_by: string;
  outcome: string | null;
  created_on: string;
  updated_on: string;
  submitted_on: string | null;
  row_version: number | string;
}

const COLUMNS = [
  'dispute_id',
  'platform_id',
  'transfer_id',
  'merchant_account_id',
  'cardholder_account_id',
  'merchant_wallet_id',
  'transaction_id',
  'currency',
  'amount',
  'network_reason_code',
  'network_reason_description',
  'phase',
  'status',
  'respond_by',
  'outcome',
  'created_on',
  'updated_on',
  'submitted_on',
  'row_version',
] as const satisfies ReadonlyArray<keyof DisputeRow>;
const SELECT = `SELECT ${COLUMNS.join(', ')} FROM disputes`;

/** A transfer is disputed at most a few times; the bound keeps a transfer's read small regardless. */
export const MAX_DISPUTES_PER_TRANSFER = 20;

export async function insertDispute(sql: Sql, row: DisputeRow): Promise<void> {
  await sql.run(
    `INSERT INTO disputes (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
    COLUMNS.map((column) => row[column] as SqlValue),
  );
}

export async function findDisputeRow(sql: Sql, platformID: string, disputeID: string): Promise<DisputeRow | undefined> {
  return sql.get<DisputeRow>(`${SELECT} WHERE platform_id = ? AND dispute_id = ?`, [platformID, disputeID]);
}

export async function disputesOfTransfer(sql: Sql, platformID: string, transferID: string): Promise<DisputeRow[]> {
  return sql.all<DisputeRow>(`${SELECT} WHERE platform_id = ? AND transfer_id = ? ORDER BY created_on, dispute_id LIMIT ?`, [
    platformID,
    transferID,
    MAX_DISPUTES_PER_TRANSFER,
  ]);
}

/** The fields a step of the lifecycle changes. */
export interface DisputeChange {
  status: string;
  phase: string;
  outcome: string | null;
  submitted_on: string | null;
  updated_on: string;
}

/** Updates a dispute only if it is still at `rowVersion` (what the caller read); answers whether it did. */
export async function updateDisputeRow(sql: Sql, platformID: string, disputeID: string, rowVersion: number, change: DisputeChange): Promise<boolean> {
  const result = await sql.run(
    `UPDATE disputes SET status = ?, phase = ?, outcome = ?, submitted_on = ?, updated_on = ?, row_version = row_version + 1
      WHERE platform_id = ? AND dispute_id = ? AND row_version = ?`,
    [change.status, change.phase, change.outcome, change.submitted_on, change.updated_on, platformID, disputeID, rowVersion],
  );
  return result.changes === 1;
}

export interface DisputeQuery {
  platformID: string;
  merchantAccountID?: string;
  cardholderAccountID?: string;
  status?: string;
  disputeIDs?: readonly string[];
  transferIDs?: readonly string[];
  createdFrom?: string;
  createdTo?: string;
  respondFrom?: string;
  respondTo?: string;
  orderBy: { column: 'created_on' | 'respond_by' | 'amount' | 'status'; descending: boolean };
  skip: number;
  count: number;
}

export async function listDisputeRows(sql: Sql, query: DisputeQuery): Promise<DisputeRow[]> {
  const where = ['platform_id = ?'];
  const params: SqlValue[] = [query.platformID];
  const add = (condition: string, ...values: SqlValue[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (query.merchantAccountID !== undefined) add('merchant_account_id = ?', query.merchantAccountID);
  if (query.cardholderAccountID !== undefined) add('cardholder_account_id = ?', query.cardholderAccountID);
  if (query.status !== undefined) add('status = ?', query.status);
  if (query.disputeIDs !== undefined) add(`dispute_id IN (${query.disputeIDs.map(() => '?').join(', ')})`, ...query.disputeIDs);
  if (query.transferIDs !== undefined) add(`transfer_id IN (${query.transferIDs.map(() => '?').join(', ')})`, ...query.transferIDs);
  if (query.createdFrom !== undefined) add('created_on >= ?', query.createdFrom);
  if (query.createdTo !== undefined) add('created_on <= ?', query.createdTo);
  if (query.respondFrom !== undefined) add('respond_by >= ?', query.respondFrom);
  if (query.respondTo !== undefined) add('respond_by <= ?', query.respondTo);
  const direction = query.orderBy.descending ? 'DESC' : 'ASC';
  params.push(query.count, query.skip);
  // The column is one of four names chosen by the domain, never caller text; dispute_id breaks ties so pages are stable.
  return sql.all<DisputeRow>(
    `${SELECT} WHERE ${where.join(' AND ')} ORDER BY ${query.orderBy.column} ${direction}, dispute_id ${direction} LIMIT ? OFFSET ?`,
    params,
  );
}

/** Bumps a dispute's version (its evidence changed) if it is still at `rowVersion`; answers whether it was. */
export async function touchDisputeRow(sql: Sql, platformID: string, disputeID: string, rowVersion: number): Promise<boolean> {
  const result = await sql.run(`UPDATE disputes SET row_version = row_version + 1 WHERE platform_id = ? AND dispute_id = ? AND row_version = ?`, [
    platformID,
    disputeID,
    rowVersion,
  ]);
  return result.changes === 1;
}

/** The disputes of some transfers of a platform, oldest first: what the transfers show as `disputes[]`. The caller bounds the IDs (a page of transfers). */
export async function disputesOfTransfers(sql: Sql, platformID: string, transferIDs: readonly string[]): Promise<DisputeRow[]> {
  if (transferIDs.length === 0) return [];
  return sql.all<DisputeRow>(`${SELECT} WHERE platform_id = ? AND transfer_id IN (${transferIDs.map(() => '?').join(', ')}) ORDER BY created_on, dispute_id`, [
    platformID,
    ...transferIDs,
  ]);
}
