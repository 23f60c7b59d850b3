import type { Sql, SqlValue } from '../port.ts';
import { HeldUntilEnd } from '../end-of-unit.ts';

/** One transfer as stored (migration 8). JSON columns hold text; money is BIGINT cents. */
export interface TransferRow {
  transfer_id: string;
  platform_id: string;
  idempotency_key: string;
  rail: string;
  status: string;
  failure_reason: string | null;
  currency: string;
  amount: number | string;
  facilitator_fee_cents: number | string;
  source_account_id: string;
  source_payment_method_id: string;
  source_payment_method_type: string;
  source_kind: string;
  source_id: string;
  destination_account_id: string;
  destination_payment_method_id: string;
  destination_payment_method_type: string;
  destination_kind: string;
  destination_id: string;
  /** JSON: `{account, wallet|bankAccount|card}` as rendered at creation. */
  source_party: string;
  destination_party: string;
  /** JSON rail details of each side (`{achDetails?, cardDetails?, rtpDetails?}`), or null. */
  source_details: string | null;
  destination_details: string | null;
  /** JSON state private to the rail (ledger references, the next step…), or null. */
  rail_state: string | null;
  /** JSON: the checked request fields the response repeats (description, facilitatorFee, salesTaxAmount, lineItems). */
  request: string;
  metadata: string | null;
  foreign_id: string | null;
  group_id: string | null;
  schedule_id: string | null;
  payment_link_code: string | null;
  refunded_amount: number | string;
  disputed_amount: number | string;
  rail_answered_on: string | null;
  completed_on: string | null;
  created_on: string;
  updated_on: string;
  /** Grows by one with every change, so a rail step can update only the state it read. */
  row_version: number | string;
}

const COLUMNS = [
  'transfer_id',
  'platform_id',
  'idempotency_key',
  'rail',
  'status',
  'failure_reason',
  'currency',
  'amount',
  'facilitator_fee_cents',
  'source_account_id',
  'source_payment_method_id',
  'source_payment_method_type',
  'source_kind',
  'source_id',
  'destination_account_id',
  'destination_payment_method_id',
  'destination_payment_method_type',
  'destination_kind',
  'destination_id',
  'source_party',
  'destination_party',
  'source_details',
  'destination_details',
  'rail_state',
  'request',
  'metadata',
  'foreign_id',
  'group_id',
  'schedule_id',
  'payment_link_code',
  'refunded_amount',
  'disputed_amount',
  'rail_answered_on',
  'completed_on',
  'created_on',
  'updated_on',
  'row_version',
] as const satisfies ReadonlyArray<keyof TransferRow>;
const SELECT = `SELECT ${COLUMNS.join(', ')} FROM transfers`;

const INSERT_ROW = `INSERT INTO transfers (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

/**
 * Transfers a unit of work inserted and has not written yet, by the unit's `Sql`:
 * a new transfer's row is written once, at the unit's end, as it stands then
 * (decision 2001, amendment "A new transfer written once"). A rail's `start`
 * moves a new transfer on at once (`created` → `completed`, `pending`,
 * `failed`); written first and updated after, the row would be written twice,
 * and the status change is not a HOT update (`transfers_status` indexes it), so
 * PostgreSQL would insert into every index of the table a second time.
 */
const unwritten = new HeldUntilEnd<Map<string, TransferRow>>(async (sql, rows) => {
  for (const row of rows.values()) await sql.defer(INSERT_ROW, COLUMNS.map((column) => row[column] as SqlValue));
});

/**
 * Inserts a transfer when the unit of work ends (at once outside one); a second
 * row with the same (platform, idempotency key) raises UniqueViolation there and
 * fails the whole unit, money moved before it included. Until then the unit
 * reads and changes the row through this module (find…, update…), never by
 * other SQL: nothing else of a unit reads its own new transfer.
 */
export async function insertTransfer(sql: Sql, row: TransferRow): Promise<void> {
  const held = { ...row };
  await unwritten.hold(sql, () => new Map([[held.transfer_id, held]]), (rows) => rows.set(held.transfer_id, held));
}

/** The unit's own new transfer, not written yet, or undefined. */
function heldRow(sql: Sql, platformID: string, transferID: string): TransferRow | undefined {
  const row = unwritten.of(sql)?.get(transferID);
  return row?.platform_id === platformID ? row : undefined;
}

export async function findTransferRow(sql: Sql, platformID: string, transferID: string): Promise<TransferRow | undefined> {
  const held = heldRow(sql, platformID, transferID);
  if (held) return { ...held };
  return sql.get<TransferRow>(`${SELECT} WHERE platform_id = ? AND transfer_id = ?`, [platformID, transferID]);
}

export async function findTransferByIdempotencyKey(sql: Sql, platformID: string, key: string): Promise<TransferRow | undefined> {
  for (const held of unwritten.of(sql)?.values() ?? []) {
    if (held.platform_id === platformID && held.idempotency_key === key) return { ...held };
  }
  return sql.get<TransferRow>(`${SELECT} WHERE platform_id = ? AND idempotency_key = ?`, [platformID, key]);
}

/** The columns a rail step or an update may change. */
export interface TransferChange {
  status: string;
  failure_reason: string | null;
  source_details: string | null;
  destination_details: string | null;
  rail_state: string | null;
  metadata: string | null;
  foreign_id: string | null;
  rail_answered_on: string | null;
  completed_on: string | null;
  updated_on: string;
}

/** The columns a change sets, in the SQL and on a held row alike; the caller may pass a whole row as the change. */
const CHANGE_COLUMNS = [
  'status',
  'failure_reason',
  'source_details',
  'destination_details',
  'rail_state',
  'metadata',
  'foreign_id',
  'rail_answered_on',
  'completed_on',
  'updated_on',
] as const satisfies ReadonlyArray<keyof TransferChange>;

const UPDATE_ROW = `UPDATE transfers SET ${CHANGE_COLUMNS.map((column) => `${column} = ?`).join(', ')}, row_version = row_version + 1
      WHERE platform_id = ? AND transfer_id = ? AND row_version = ?`;

function updateValues(platformID: string, transferID: string, expectedVersion: number, change: TransferChange): SqlValue[] {
  return [...CHANGE_COLUMNS.map((column) => change[column]), platformID, transferID, expectedVersion];
}

/**
 * Writes a change if the row is still at `expectedVersion`; answers whether it
 * did. A false answer means another writer changed the transfer first: the
 * caller re-reads and decides again (or rolls back).
 */
export async function updateTransferRow(
  sql: Sql,
  platformID: string,
  transferID: string,
  expectedVersion: number,
  change: TransferChange,
): Promise<boolean> {
  const held = heldRow(sql, platformID, transferID);
  if (held) return changeHeldRow(held, expectedVersion, change);
  const result = await sql.run(UPDATE_ROW, updateValues(platformID, transferID, expectedVersion, change));
  return result.changes === 1;
}

/**
 * The same change to a transfer inserted in this very unit of work: no other
 * transaction can see the row before the unit commits, so no other writer can
 * have moved its version, and there is no answer to wait for. The row not
 * written yet (insertTransfer) takes the change in memory; else the update is
 * deferred (decision 2001).
 */
export async function updateNewTransferRow(
  sql: Sql,
  platformID: string,
  transferID: string,
  expectedVersion: number,
  change: TransferChange,
): Promise<void> {
  const held = heldRow(sql, platformID, transferID);
  if (held) {
    if (!changeHeldRow(held, expectedVersion, change)) throw new Error(`transfer ${transferID} is not at version ${expectedVersion} in its own unit of work`);
    return;
  }
  await sql.defer(UPDATE_ROW, updateValues(platformID, transferID, expectedVersion, change));
}

/** UPDATE_ROW's change on a row held in memory: the same columns, the same version check. */
function changeHeldRow(row: TransferRow, expectedVersion: number, change: TransferChange): boolean {
  if (Number(row.row_version) !== expectedVersion) return false;
  for (const column of CHANGE_COLUMNS) (row as unknown as Record<string, unknown>)[column] = change[column];
  row.row_version = expectedVersion + 1;
  return true;
}

export interface TransferQuery {
  platformID: string;
  accountIDs?: readonly string[] | undefined;
  status?: string | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  groupID?: string | undefined;
  scheduleID?: string | undefined;
  paymentLinkCode?: string | undefined;
  refunded?: boolean | undefined;
  disputed?: boolean | undefined;
  foreignID?: string | undefined;
  skip: number;
  count: number;
}

/** A platform's transfers matching every given filter, newest first. */
export async function listTransferRows(sql: Sql, query: TransferQuery): Promise<TransferRow[]> {
  const where = ['platform_id = ?'];
  const params: SqlValue[] = [query.platformID];
  const add = (condition: string, ...values: SqlValue[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (query.accountIDs !== undefined && query.accountIDs.length > 0) {
    const marks = query.accountIDs.map(() => '?').join(', ');
    add(`(source_account_id IN (${marks}) OR destination_account_id IN (${marks}))`, ...query.accountIDs, ...query.accountIDs);
  }
  if (query.status !== undefined) add('status = ?', query.status);
  if (query.createdFrom !== undefined) add('created_on >= ?', query.createdFrom);
  if (query.createdBefore !== undefined) add('created_on < ?', query.createdBefore);
  if (query.groupID !== undefined) add('group_id = ?', query.groupID);
  if (query.scheduleID !== undefined) add('schedule_id = ?', query.scheduleID);
  if (query.paymentLinkCode !== undefined) add('payment_link_code = ?', query.paymentLinkCode);
  if (query.refunded !== undefined) where.push(query.refunded ? 'refunded_amount > 0' : 'refunded_amount = 0');
  if (query.disputed !== undefined) where.push(query.disputed ? 'disputed_amount > 0' : 'disputed_amount = 0');
  if (query.foreignID !== undefined) add('foreign_id = ?', query.foreignID);
  params.push(query.count, query.skip);
  return sql.all<TransferRow>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY created_on DESC, transfer_id DESC LIMIT ? OFFSET ?`, params);
}

/**
 * Adds to a transfer's disputed amount (a dispute opened against it): the one
 * write of that column, kept apart from `updateTransferRow` so it neither bumps
 * the rail's row version nor races a rail step. Guarded like refunds: refunded
 * and disputed money together never exceed the payment; answers whether it fit.
 */
export async function addDisputedAmount(sql: Sql, platformID: string, transferID: string, amount: number): Promise<boolean> {
  const result = await sql.run(
    `UPDATE transfers SET disputed_amount = disputed_amount + ? WHERE platform_id = ? AND transfer_id = ? AND refunded_amount + disputed_amount + ? <= amount`,
    [amount, platformID, transferID, amount],
  );
  return result.changes === 1;
}
