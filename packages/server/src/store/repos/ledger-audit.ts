import type { Sql } from '../port.ts';

/**
 * Read-only checks of the whole ledger, each one statement (so each sees one
 * consistent snapshot on PostgreSQL) answering its first offending row or
 * undefined. Used by `verifyLedger`; the rules they check are in docs/ledger.md.
 */

export interface BalanceMismatchRow {
  ledger_account_id: string;
  available: number;
  pending: number;
  posting_count: number;
  posted_available: number | string;
  posted_pending: number | string;
  postings: number | string;
  max_seq: number | string;
}

/** An account whose cached balances or posting count differ from its postings. */
export async function firstBalanceMismatch(sql: Sql): Promise<BalanceMismatchRow | undefined> {
  return sql.get<BalanceMismatchRow>(
    `SELECT a.ledger_account_id, a.available, a.pending, a.posting_count,
            CAST(COALESCE(SUM(CASE WHEN p.bucket = 'available' THEN p.amount ELSE 0 END), 0) AS BIGINT) AS posted_available,
            CAST(COALESCE(SUM(CASE WHEN p.bucket = 'pending' THEN p.amount ELSE 0 END), 0) AS BIGINT) AS posted_pending,
            COUNT(p.entry_id) AS postings,
            CAST(COALESCE(MAX(p.account_seq), 0) AS BIGINT) AS max_seq
     FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.ledger_account_id = a.ledger_account_id
     GROUP BY a.ledger_account_id, a.available, a.pending, a.posting_count
     HAVING a.available <> COALESCE(SUM(CASE WHEN p.bucket = 'available' THEN p.amount ELSE 0 END), 0)
         OR a.pending <> COALESCE(SUM(CASE WHEN p.bucket = 'pending' THEN p.amount ELSE 0 END), 0)
         OR a.posting_count <> COUNT(p.entry_id)
         OR a.posting_count <> COALESCE(MAX(p.account_seq), 0)
     ORDER BY a.ledger_account_id
     LIMIT 1`,
  );
}

/**
 * A posting whose entry or ledger account does not exist. On PostgreSQL no
 * foreign key refuses one (migration 25): the code never writes one, and this
 * check says so after the fact.
 */
export async function firstOrphanPosting(
  sql: Sql,
): Promise<{ entry_id: string; line: number; ledger_account_id: string; missing: 'entry' | 'ledger account' } | undefined> {
  return sql.get(
    `SELECT p.entry_id, p.line, p.ledger_account_id,
            CASE WHEN e.entry_id IS NULL THEN 'entry' ELSE 'ledger account' END AS missing
     FROM ledger_postings p
       LEFT JOIN ledger_entries e ON e.entry_id = p.entry_id
       LEFT JOIN ledger_accounts a ON a.ledger_account_id = p.ledger_account_id
     WHERE e.entry_id IS NULL OR a.ledger_account_id IS NULL
     ORDER BY p.entry_id, p.line
     LIMIT 1`,
  );
}

/** An entry of a platform that does not exist (no foreign key refuses one on PostgreSQL either, migration 25). */
export async function firstEntryOfUnknownPlatform(sql: Sql): Promise<{ entry_id: string; platform_id: string } | undefined> {
  return sql.get(
    `SELECT e.entry_id, e.platform_id
     FROM ledger_entries e LEFT JOIN platforms pl ON pl.platform_id = e.platform_id
     WHERE pl.platform_id IS NULL
     ORDER BY e.entry_id
     LIMIT 1`,
  );
}

/** An entry whose postings in some currency do not sum to zero. */
export async function firstUnbalancedEntry(sql: Sql): Promise<{ entry_id: string; currency: string; total: number | string } | undefined> {
  return sql.get(
    `SELECT entry_id, currency, CAST(SUM(amount) AS BIGINT) AS total
     FROM ledger_postings
     GROUP BY entry_id, currency
     HAVING SUM(amount) <> 0
     ORDER BY entry_id, currency
     LIMIT 1`,
  );
}

/** An entry with fewer than two postings (an entry is a movement between accounts). */
export async function firstHollowEntry(sql: Sql): Promise<{ entry_id: string; postings: number | string } | undefined> {
  return sql.get(
    `SELECT e.entry_id, COUNT(p.entry_id) AS postings
     FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.entry_id
     GROUP BY e.entry_id
     HAVING COUNT(p.entry_id) < 2
     ORDER BY e.entry_id
     LIMIT 1`,
  );
}

/** A posting whose currency or platform differs from its account's or its entry's. */
export async function firstMismatchedPosting(
  sql: Sql,
): Promise<{ entry_id: string; line: number; ledger_account_id: string; reason: string } | undefined> {
  return sql.get(
    `SELECT p.entry_id, p.line, p.ledger_account_id,
            CASE WHEN p.currency <> a.currency THEN 'currency' ELSE 'platform' END AS reason
     FROM ledger_postings p
       JOIN ledger_accounts a ON a.ledger_account_id = p.ledger_account_id
       JOIN ledger_entries e ON e.entry_id = p.entry_id
     WHERE p.currency <> a.currency OR p.platform_id <> a.platform_id OR p.platform_id <> e.platform_id
     ORDER BY p.entry_id, p.line
     LIMIT 1`,
  );
}

/**
 * A wallet marked overdraftable, or an account that may not go negative (every
 * wallet) with a negative pending bucket. Its available bucket may be negative
 * only through platform settlements: see `firstUnsettledOverdraft`.
 */
export async function firstNegativeAccount(
  sql: Sql,
): Promise<{ ledger_account_id: string; kind: string; allow_negative: number; available: number; pending: number } | undefined> {
  return sql.get(
    `SELECT ledger_account_id, kind, allow_negative, available, pending
     FROM ledger_accounts
     WHERE (kind = 'wallet' AND allow_negative <> 0)
        OR ((kind = 'wallet' OR allow_negative = 0) AND pending < 0)
     ORDER BY ledger_account_id
     LIMIT 1`,
  );
}

/**
 * A debit of an account that may not go negative (a wallet) that left its
 * available bucket below zero although its entry is not a platform settlement
 * (decision 1600). With the running balances checked, this is what makes a
 * negative wallet legitimate: every posting that took or kept it below zero by
 * taking money out was a settlement; credits may land on a negative balance.
 */
export async function firstUnsettledOverdraft(
  sql: Sql,
): Promise<{ ledger_account_id: string; account_seq: number; entry_id: string; available_after: number } | undefined> {
  return sql.get(
    `SELECT p.ledger_account_id, p.account_seq, p.entry_id, p.available_after
     FROM ledger_postings p
       JOIN ledger_accounts a ON a.ledger_account_id = p.ledger_account_id
       JOIN ledger_entries e ON e.entry_id = p.entry_id
     WHERE a.allow_negative = 0 AND p.bucket = 'available' AND p.amount < 0 AND p.available_after < 0
       AND e.settlement IS NULL
     ORDER BY p.ledger_account_id, p.account_seq
     LIMIT 1`,
  );
}

/** An entry whose settlement mark is not one the ledger knows. */
export async function firstUnknownSettlement(
  sql: Sql,
  known: readonly string[],
): Promise<{ entry_id: string; settlement: string } | undefined> {
  return sql.get(
    `SELECT entry_id, settlement FROM ledger_entries
     WHERE settlement IS NOT NULL AND settlement NOT IN (${known.map(() => '?').join(', ')})
     ORDER BY entry_id
     LIMIT 1`,
    [...known],
  );
}

/** A posting whose recorded balances-after differ from the running sum of its account's postings. */
export async function firstRunningBalanceMismatch(
  sql: Sql,
): Promise<{ ledger_account_id: string; account_seq: number; available_after: number; run_available: number | string } | undefined> {
  return sql.get(
    `SELECT ledger_account_id, account_seq, available_after, run_available
     FROM (
       SELECT ledger_account_id, account_seq, available_after, pending_after,
              SUM(CASE WHEN bucket = 'available' THEN amount ELSE 0 END)
                OVER (PARTITION BY ledger_account_id ORDER BY account_seq ROWS UNBOUNDED PRECEDING) AS run_available,
              SUM(CASE WHEN bucket = 'pending' THEN amount ELSE 0 END)
                OVER (PARTITION BY ledger_account_id ORDER BY account_seq ROWS UNBOUNDED PRECEDING) AS run_pending
       FROM ledger_postings
     ) running
     WHERE run_available <> available_after OR run_pending <> pending_after
     ORDER BY ledger_account_id, account_seq
     LIMIT 1`,
  );
}

/** A hold released or settled beyond what its reference put in. */
export async function firstOverdrawnHold(
  sql: Sql,
): Promise<{ ledger_account_id: string; reference_id: string; held: number | string } | undefined> {
  return sql.get(
    `SELECT p.ledger_account_id, e.reference_id, CAST(SUM(p.amount) AS BIGINT) AS held
     FROM ledger_postings p JOIN ledger_entries e ON e.entry_id = p.entry_id
     WHERE p.bucket = 'pending'
     GROUP BY p.ledger_account_id, e.platform_id, e.reference_id
     HAVING SUM(p.amount) < 0
     ORDER BY p.ledger_account_id, e.reference_id
     LIMIT 1`,
  );
}

export async function ledgerCounts(sql: Sql): Promise<{ accounts: number; entries: number; postings: number }> {
  const row = await sql.get<{ accounts: number | string; entries: number | string; postings: number | string }>(
    `SELECT (SELECT COUNT(*) FROM ledger_accounts) AS accounts,
            (SELECT COUNT(*) FROM ledger_entries) AS entries,
            (SELECT COUNT(*) FROM ledger_postings) AS postings`,
  );
  return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0), postings: Number(row?.postings ?? 0) };
}
