import type { Sql } from '../port.ts';
import type { EventRow } from './events.ts';
import type { JobRow, JobStatus } from './jobs.ts';
import type { LedgerAccountRow } from './ledger.ts';

/*
 * Reads for the dashboard's Railyard-only views (a transfer's events, the job
 * queue). Development reads, not hot paths: they scan one platform's rows
 * without an index of their own (no migration for a read a person clicks).
 */

/**
 * A platform's events whose data names a transfer, oldest first. Events store
 * their data as compact JSON (`JSON.stringify`), so the transfer's ID appears
 * exactly as `"transferID":"<id>"`; IDs are UUIDs, which hold no LIKE wildcard.
 */
export async function transferEventRows(sql: Sql, platformID: string, transferID: string, limit: number): Promise<EventRow[]> {
  return sql.all<EventRow>(
    'SELECT event_seq, event_id, platform_id, event_type, data, created_on FROM events WHERE platform_id = ? AND data LIKE ? ORDER BY event_seq LIMIT ?',
    [platformID, `%"transferID":"${transferID}"%`, limit],
  );
}

const JOB_VIEW_COLUMNS = 'job_id, platform_id, kind, payload, run_at, run_at_ms, status, attempts, max_attempts, last_error, created_on, finished_on';
export type JobViewRow = Pick<
  JobRow,
  'job_id' | 'platform_id' | 'kind' | 'payload' | 'run_at' | 'run_at_ms' | 'status' | 'attempts' | 'max_attempts' | 'last_error' | 'created_on' | 'finished_on'
>;

/** A platform's waiting jobs (pending, claimed), earliest due first. */
export async function waitingJobRows(sql: Sql, platformID: string, statuses: readonly JobStatus[], limit: number): Promise<JobViewRow[]> {
  if (statuses.length === 0) return [];
  return sql.all<JobViewRow>(
    `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE platform_id = ? AND status IN (${statuses.map(() => '?').join(', ')}) ORDER BY run_at_ms, job_id LIMIT ?`,
    [platformID, ...statuses, limit],
  );
}

/** A platform's finished jobs (completed, failed), latest finished first. */
export async function finishedJobRows(sql: Sql, platformID: string, statuses: readonly JobStatus[], limit: number): Promise<JobViewRow[]> {
  if (statuses.length === 0) return [];
  return sql.all<JobViewRow>(
    `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE platform_id = ? AND status IN (${statuses.map(() => '?').join(', ')}) ORDER BY finished_on DESC, run_at_ms DESC, job_id LIMIT ?`,
    [platformID, ...statuses, limit],
  );
}

/** The ledger accounts with these IDs on one platform. */
export async function ledgerAccountRowsByID(sql: Sql, platformID: string, ids: readonly string[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return sql.all<LedgerAccountRow>(
    `SELECT ledger_account_id, platform_id, kind, owner_id, account_id, currency, allow_negative, available, pending, posting_count, created_on
       FROM ledger_accounts WHERE platform_id = ? AND ledger_account_id IN (${ids.map(() => '?').join(', ')})`,
    [platformID, ...ids],
  );
}
