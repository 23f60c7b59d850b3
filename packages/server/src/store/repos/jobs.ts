import type { Dialect, Sql, SqlValue } from '../port.ts';

/**
 * Background jobs. SQL is portable apart from the row lock on a claim:
 * PostgreSQL-wire engines take `FOR UPDATE SKIP LOCKED`, so concurrent
 * claimers pass over each other's rows; SQLite has a single writer, and a claim
 * inside one write transaction is already exclusive.
 */

export type JobStatus = 'pending' | 'claimed' | 'completed' | 'failed';

export interface JobRow {
  job_id: string;
  platform_id: string;
  kind: string;
  payload: string;
  run_at: string;
  run_at_ms: number | string;
  status: JobStatus;
  attempts: number | string;
  max_attempts: number | string;
  claim_token: string | null;
  claimed_by: string | null;
  lease_expires_ms: number | string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_on: string;
  updated_on: string;
  finished_on: string | null;
}

const JOB_COLUMNS =
  'job_id, platform_id, kind, payload, run_at, run_at_ms, status, attempts, max_attempts, claim_token, claimed_by, ' +
  'lease_expires_ms, last_error, dedupe_key, created_on, updated_on, finished_on';

function lockClause(dialect: Dialect): string {
  return dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Inserts a pending job; answers false when the (platform, dedupe key) pair already has one. */
export async function insertJob(
  sql: Sql,
  row: {
    jobID: string;
    platformID: string;
    kind: string;
    payload: string;
    runAt: string;
    runAtMs: number;
    maxAttempts: number;
    dedupeKey: string | null;
    createdOn: string;
  },
): Promise<boolean> {
  // ON CONFLICT DO NOTHING rather than catching a unique violation: on PostgreSQL
  // a failed statement would abort the caller's whole unit of work.
  const result = await sql.run(
    `INSERT INTO jobs (${JOB_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, NULL, NULL, NULL, NULL, ?, ?, ?, NULL) ON CONFLICT DO NOTHING`,
    [row.jobID, row.platformID, row.kind, row.payload, row.runAt, row.runAtMs, row.maxAttempts, row.dedupeKey, row.createdOn, row.createdOn],
  );
  return result.changes === 1;
}

export async function findJobByDedupeKey(sql: Sql, platformID: string, dedupeKey: string): Promise<JobRow | undefined> {
  return sql.get<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE platform_id = ? AND dedupe_key = ?`, [platformID, dedupeKey]);
}

export async function findJob(sql: Sql, jobID: string): Promise<JobRow | undefined> {
  return sql.get<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = ?`, [jobID]);
}

/**
 * Locks and answers the IDs of up to `limit` claimable jobs, earliest due first:
 * pending jobs whose run_at (platform time) has come on their platform's clock,
 * and claimed jobs whose lease ran out (their worker died) with attempts left.
 */
export async function lockClaimableJobIDs(
  sql: Sql,
  dialect: Dialect,
  filter: { realNowMs: number; kinds: readonly string[]; platformID?: string | undefined; limit: number },
): Promise<string[]> {
  if (filter.kinds.length === 0) return [];
  const params: SqlValue[] = [...filter.kinds];
  let platformClause = '';
  if (filter.platformID !== undefined) {
    platformClause = ' AND j.platform_id = ?';
    params.push(filter.platformID);
  }
  params.push(filter.realNowMs, filter.realNowMs, filter.limit);
  const rows = await sql.all<{ job_id: string }>(
    `SELECT j.job_id FROM jobs j
     WHERE j.kind IN (${placeholders(filter.kinds.length)})${platformClause}
       AND j.attempts < j.max_attempts
       AND ((j.status = 'pending'
             AND j.run_at_ms <= ? + COALESCE((SELECT c.offset_ms FROM platform_clocks c WHERE c.platform_id = j.platform_id), 0))
         OR (j.status = 'claimed' AND j.lease_expires_ms <= ?))
     ORDER BY j.run_at_ms, j.job_id
     LIMIT ?${lockClause(dialect)}`,
    params,
  );
  return rows.map((row) => row.job_id);
}

/** Locks and answers up to `limit` jobs whose lease ran out on their last attempt. */
export async function lockExhaustedJobIDs(sql: Sql, dialect: Dialect, realNowMs: number, limit: number): Promise<string[]> {
  const rows = await sql.all<{ job_id: string }>(
    `SELECT job_id FROM jobs WHERE status = 'claimed' AND lease_expires_ms <= ? AND attempts >= max_attempts
     ORDER BY lease_expires_ms, job_id LIMIT ?${lockClause(dialect)}`,
    [realNowMs, limit],
  );
  return rows.map((row) => row.job_id);
}

/** Marks a locked job claimed by one worker with a fresh token, and counts the attempt. */
export async function markJobClaimed(
  sql: Sql,
  row: { jobID: string; claimToken: string; workerID: string; leaseExpiresMs: number; updatedOn: string },
): Promise<JobRow | undefined> {
  await sql.run(
    `UPDATE jobs SET status = 'claimed', claim_token = ?, claimed_by = ?, lease_expires_ms = ?, attempts = attempts + 1, updated_on = ?
     WHERE job_id = ?`,
    [row.claimToken, row.workerID, row.leaseExpiresMs, row.updatedOn, row.jobID],
  );
  return findJob(sql, row.jobID);
}

/** Completes a job only while `claimToken` still holds its claim; answers whether it did. */
export async function markJobCompleted(sql: Sql, row: { jobID: string; claimToken: string; finishedOn: string }): Promise<boolean> {
  const result = await sql.run(
    `UPDATE jobs SET status = 'completed', lease_expires_ms = NULL, updated_on = ?, finished_on = ?
     WHERE job_id = ? AND claim_token = ? AND status = 'claimed'`,
    [row.finishedOn, row.finishedOn, row.jobID, row.claimToken],
  );
  return result.changes === 1;
}

/**
 * Releases a claim after a failed attempt: back to pending at `runAtMs` for a
 * retry, or `failed` for good. Guarded by the token like completion.
 */
export async function markJobAttemptFailed(
  sql: Sql,
  row: {
    jobID: string;
    claimToken: string;
    status: 'pending' | 'failed';
    runAt: string;
    runAtMs: number;
    lastError: string;
    updatedOn: string;
  },
): Promise<boolean> {
  const result = await sql.run(
    `UPDATE jobs SET status = ?, run_at = ?, run_at_ms = ?, last_error = ?, claim_token = NULL, lease_expires_ms = NULL,
       updated_on = ?, finished_on = ?
     WHERE job_id = ? AND claim_token = ? AND status = 'claimed'`,
    [
      row.status,
      row.runAt,
      row.runAtMs,
      row.lastError,
      row.updatedOn,
      row.status === 'failed' ? row.updatedOn : null,
      row.jobID,
      row.claimToken,
    ],
  );
  return result.changes === 1;
}

/** Fails a locked job whose worker vanished on its last attempt. */
export async function markJobExhausted(sql: Sql, row: { jobID: string; lastError: string; finishedOn: string }): Promise<void> {
  await sql.run(
    `UPDATE jobs SET status = 'failed', last_error = ?, claim_token = NULL, lease_expires_ms = NULL, updated_on = ?, finished_on = ?
     WHERE job_id = ? AND status = 'claimed'`,
    [row.lastError, row.finishedOn, row.finishedOn, row.jobID],
  );
}

/** Counts a platform's jobs by status, for tests and diagnostics. */
export async function countJobsByStatus(sql: Sql, platformID: string): Promise<Record<JobStatus, number>> {
  const rows = await sql.all<{ status: JobStatus; n: number | string }>(
    'SELECT status, COUNT(*) AS n FROM jobs WHERE platform_id = ? GROUP BY status',
    [platformID],
  );
  const counts: Record<JobStatus, number> = { pending: 0, claimed: 0, completed: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
