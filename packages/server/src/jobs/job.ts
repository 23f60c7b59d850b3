import type { JobRow, JobStatus } from '../store/repos/jobs.ts';

/** Limits on what a job may hold and how often it is tried. */
export const MAX_JOB_KIND_LENGTH = 64;
export const MAX_JOB_PAYLOAD_BYTES = 64 * 1024;
export const MAX_DEDUPE_KEY_LENGTH = 200;
export const MAX_JOB_ERROR_LENGTH = 500;
export const DEFAULT_MAX_ATTEMPTS = 5;
export const MAX_MAX_ATTEMPTS = 20;
/** Retries wait 2 s, 4 s, 8 s … of platform time, never more than this. */
export const RETRY_BACKOFF_BASE_MS = 2_000;
export const RETRY_BACKOFF_MAX_MS = 10 * 60_000;

/** `ach.originate`, `webhook.deliver`, `test-job`: lower-case words joined by dots or dashes. */
export const JOB_KIND_PATTERN = /^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/;

export interface Job {
  jobID: string;
  platformID: string;
  kind: string;
  /** The JSON value given to `enqueueJob`. */
  payload: unknown;
  /** When the job is due, in the platform's time (RFC 3339). */
  runAt: string;
  status: JobStatus;
  /** Attempts started so far, counting the current one of a claimed job. */
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  dedupeKey: string | null;
}

/** A job held by one worker; `claimToken` proves the claim when it completes or fails. */
export interface ClaimedJob extends Job {
  status: 'claimed';
  claimToken: string;
  claimedBy: string;
  /** Real (server) time in epoch ms when the claim lapses and another worker may take the job. */
  leaseExpiresMs: number;
}

export function jobFromRow(row: JobRow): Job {
  return {
    jobID: row.job_id,
    platformID: row.platform_id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    runAt: row.run_at,
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    lastError: row.last_error,
    dedupeKey: row.dedupe_key,
  };
}

export function claimedJobFromRow(row: JobRow): ClaimedJob {
  if (row.status !== 'claimed' || row.claim_token === null || row.claimed_by === null || row.lease_expires_ms === null) {
    throw new Error(`job ${row.job_id} is not claimed`);
  }
  return {
    ...jobFromRow(row),
    status: 'claimed',
    claimToken: row.claim_token,
    claimedBy: row.claimed_by,
    leaseExpiresMs: Number(row.lease_expires_ms),
  };
}

/** Exponential backoff after the given failed attempt (1-based), capped. */
export function retryDelayMs(failedAttempt: number): number {
  const exponent = Math.min(Math.max(failedAttempt - 1, 0), 30);
  return Math.min(RETRY_BACKOFF_BASE_MS * 2 ** exponent, RETRY_BACKOFF_MAX_MS);
}
