import type { Sql, SqlValue } from '../port.ts';

/**
 * Wallet transactions are not stored: they are the ledger postings of the
 * wallet's ledger account grouped by the reference that caused them (one
 * transfer, fee, sweep…). The grouping, status and type are derived in SQL
 * so that every filter and the paging run in the database (docs/wallets.md
 * has the mapping).
 */
export interface WalletTransactionRow {
  transaction_id: string;
  reference_type: string;
  reference_id: string;
  /** The transaction's `sourceID`: the reference, or for a refund (and its failure) the refunded transfer. */
  source_id: string;
  memo: string;
  currency: string;
  status: string;
  transaction_type: string;
  source_type: string;
  net_amount: number | string;
  available_after: number | string;
  created_on: string;
  last_on: string;
}

export interface WalletTransactionQuery {
  platformID: string;
  ledgerAccountID: string;
  transactionID?: string;
  transactionTypes?: readonly string[];
  sourceType?: string;
  sourceID?: string;
  status?: string;
  createdFrom?: string;
  createdBefore?: string;
  completedFrom?: string;
  completedBefore?: string;
  /** Railyard has no sweeps yet: a sweepID filter matches nothing. */
  sweepID?: string;
  skip: number;
  count: number;
}

/** Sources the SDK's `WalletTransactionSourceType` knows; any other reference type shows as `adjustment`. */
const SOURCE_TYPES = ['transfer', 'dispute', 'issuing-card-transaction', 'issuing-authorization', 'sweep', 'adjustment', 'fee', 'residual'];
/**
 * References that are their own wallet transaction but belong to a transfer
 * (docs/refunds.md): a refund and a refund that failed (referenced by the
 * refundID, shown with the refunded transfer's ID), an ACH return after
 * completion (referenced by the transferID). Their `sourceType` is `transfer`.
 */
const TRANSFER_PARTS = ['refund', 'refund-failure', 'ach-return'];
/**
 * The money of a won dispute coming back (docs/disputes.md): referenced by the
 * disputeID under its own reference type, so it is a transaction of its own
 * beside the dispute's debit, with the same `sourceType` and `sourceID`.
 */
const DISPUTE_PARTS = ['dispute-reversal'];
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

const TRANSACTIONS = `
WITH grouped AS (
  SELECT e.reference_type AS reference_type, e.reference_id AS reference_id,
         MIN(p.account_seq) AS first_seq, MAX(p.account_seq) AS last_seq,
         MIN(p.created_on) AS created_on, MAX(p.created_on) AS last_on,
         SUM(p.amount) AS total_delta,
         SUM(CASE WHEN e.entry_type = 'hold' AND p.bucket = 'available' THEN p.amount ELSE 0 END) AS held,
         SUM(CASE WHEN e.entry_type IN ('movement', 'settle', 'reversal') THEN 1 ELSE 0 END) AS finals,
         SUM(CASE WHEN e.entry_type = 'release' THEN 1 ELSE 0 END) AS releases
    FROM ledger_postings p JOIN ledger_entries e ON e.entry_id = p.entry_id
   WHERE p.ledger_account_id = ?
   GROUP BY e.reference_type, e.reference_id
), shaped AS (
  SELECT g.reference_type, g.reference_id, g.first_seq, g.created_on, g.last_on,
         f.entry_id AS transaction_id, f.currency AS currency, fe.description AS memo, l.available_after AS available_after,
         CASE WHEN g.finals > 0 THEN 'completed' WHEN g.releases > 0 THEN 'canceled' ELSE 'pending' END AS status,
         CASE WHEN g.finals > 0 THEN g.total_delta ELSE g.held END AS net_amount,
         (SELECT la.kind FROM ledger_entries oe
                 JOIN ledger_postings op ON op.entry_id = oe.entry_id
                 JOIN ledger_accounts la ON la.ledger_account_id = op.ledger_account_id
           WHERE oe.platform_id = ? AND oe.reference_id = g.reference_id AND oe.reference_type = g.reference_type
             AND op.ledger_account_id <> ?
           ORDER BY CASE WHEN la.kind = 'fees' THEN 1 ELSE 0 END, oe.created_on, op.line
           LIMIT 1) AS counterpart_kind
    FROM grouped g
    JOIN ledger_postings f ON f.ledger_account_id = ? AND f.account_seq = g.first_seq
    JOIN ledger_postings l ON l.ledger_account_id = ? AND l.account_seq = g.last_seq
    JOIN ledger_entries fe ON fe.entry_id = f.entry_id
), typed AS (
  SELECT s.*,
         CASE WHEN s.reference_type IN (${quoted(TRANSFER_PARTS)}) THEN 'transfer'
              WHEN s.reference_type IN (${quoted(DISPUTE_PARTS)}) THEN 'dispute'
              WHEN s.reference_type IN (${quoted(SOURCE_TYPES)}) THEN s.reference_type ELSE 'adjustment' END AS source_type,
         CASE WHEN s.reference_type IN ('refund', 'refund-failure')
              THEN COALESCE((SELECT r.transfer_id FROM refunds r WHERE r.refund_id = s.reference_id), s.reference_id)
              ELSE s.reference_id END AS source_id,
         CASE
           WHEN s.reference_type = 'fee' THEN 'moov-fee'
           WHEN s.reference_type = 'refund' THEN 'refund'
           WHEN s.reference_type = 'refund-failure' THEN 'refund-failure'
           WHEN s.reference_type = 'ach-return' THEN 'ach-reversal'
           WHEN s.reference_type = 'dispute' THEN 'dispute'
           WHEN s.reference_type = 'dispute-reversal' THEN 'dispute-reversal'
           WHEN s.reference_type = 'sweep' THEN 'auto-sweep'
           WHEN s.reference_type <> 'transfer' THEN 'adjustment'
           WHEN s.counterpart_kind = 'wallet' THEN 'wallet-transfer'
           WHEN s.counterpart_kind = 'fees' AND s.net_amount >= 0 THEN 'fee-revenue'
           WHEN s.counterpart_kind = 'fees' THEN 'facilitator-fee'
           WHEN s.counterpart_kind IN ('card', 'card-network') AND s.net_amount >= 0 THEN 'card-payment'
           WHEN s.net_amount >= 0 AND s.counterpart_kind IN ('bank-account', 'outside-world') THEN 'account-funding'
           WHEN s.net_amount >= 0 THEN 'payment'
           ELSE 'payout'
         END AS transaction_type
    FROM shaped s
)
SELECT transaction_id, reference_type, reference_id, source_id, memo, currency, status, transaction_type, source_type,
       net_amount, available_after, created_on, last_on
  FROM typed`;

/** A wallet's transactions matching the query, newest first. */
export async function walletTransactionRows(sql: Sql, query: WalletTransactionQuery): Promise<WalletTransactionRow[]> {
  const params: SqlValue[] = [query.ledgerAccountID, query.platformID, query.ledgerAccountID, query.ledgerAccountID, query.ledgerAccountID];
  const where: string[] = [];
  const add = (condition: string, ...values: SqlValue[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (query.transactionID !== undefined) add('transaction_id = ?', query.transactionID);
  if (query.transactionTypes !== undefined) add(`transaction_type IN (${query.transactionTypes.map(() => '?').join(', ')})`, ...query.transactionTypes);
  if (query.sourceType !== undefined) add('source_type = ?', query.sourceType);
  if (query.sourceID !== undefined) add('source_id = ?', query.sourceID);
  if (query.status !== undefined) add('status = ?', query.status);
  if (query.createdFrom !== undefined) add('created_on >= ?', query.createdFrom);
  if (query.createdBefore !== undefined) add('created_on < ?', query.createdBefore);
  if (query.completedFrom !== undefined) add("status = 'completed' AND last_on >= ?", query.completedFrom);
  if (query.completedBefore !== undefined) add("status = 'completed' AND last_on < ?", query.completedBefore);
  if (query.sweepID !== undefined) where.push('1 = 0');
  params.push(query.count, query.skip);
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  return sql.all<WalletTransactionRow>(`${TRANSACTIONS}${filter} ORDER BY first_seq DESC LIMIT ? OFFSET ?`, params);
}

/**
 * The entries of one reference that posted to a wallet's ledger account, in
 * the order they reached it: what a wallet transaction is made of (its ID is
 * the first one's). Read when a unit of work moved the wallet's money, to tell
 * whether the transaction's status changed (domain/wallets/movement-events.ts).
 */
export async function walletEntriesOfReference(
  sql: Sql,
  query: { platformID: string; ledgerAccountID: string; referenceType: string; referenceID: string },
): Promise<Array<{ entry_id: string; entry_type: string }>> {
  return sql.all<{ entry_id: string; entry_type: string }>(
    `SELECT e.entry_id, e.entry_type, MIN(p.account_seq) AS first_seq
       FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.entry_id
      WHERE e.platform_id = ? AND e.reference_id = ? AND e.reference_type = ? AND p.ledger_account_id = ?
      GROUP BY e.entry_id, e.entry_type
      ORDER BY first_seq`,
    [query.platformID, query.referenceID, query.referenceType, query.ledgerAccountID],
  );
}
