import { randomUUID } from 'node:crypto';
import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../store/port.ts';
import { findJobByDedupeKey, insertJob } from '../store/repos/jobs.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  JOB_KIND_PATTERN,
  MAX_DEDUPE_KEY_LENGTH,
  MAX_JOB_KIND_LENGTH,
  MAX_JOB_PAYLOAD_BYTES,
  MAX_MAX_ATTEMPTS,
} from './job.ts';

export interface EnqueueJob {
  platformID: string;
  kind: string;
  /** Any JSON value; at most MAX_JOB_PAYLOAD_BYTES once serialized. */
  payload: unknown;
  /** When the job is due, in the platform's time: an RFC 3339 string or a Date. */
  runAt: string | Date;
  /** At most one job per (platform, dedupeKey), for ever: a second enqueue answers the first job. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface EnqueuedJob {
  jobID: string;
  /** False when a job with the same dedupe key already existed; nothing was added. */
  created: boolean;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function parseRunAt(runAt: string | Date): number {
  const ms = runAt instanceof Date ? runAt.getTime() : RFC3339.test(runAt) ? Date.parse(runAt) : NaN;
  if (!Number.isFinite(ms)) throw new Error(`job runAt must be an RFC 3339 timestamp, not ${String(runAt)}`);
  return ms;
}

/**
 * Adds a job inside the caller's unit of work, so the job commits (or rolls
 * back) together with whatever made it necessary: a transfer row and its first
 * rail step are written at once or not at all. Bad arguments are programming
 * errors, not user input, and throw.
 */
export async function enqueueJob(sql: Sql, input: EnqueueJob, clock: Clock): Promise<EnqueuedJob> {
  if (input.kind.length > MAX_JOB_KIND_LENGTH || !JOB_KIND_PATTERN.test(input.kind)) {
    throw new Error(`job kind must match ${JOB_KIND_PATTERN} and be at most ${MAX_JOB_KIND_LENGTH} characters: ${input.kind}`);
  }
  const payload = JSON.stringify(input.payload);
  if (payload === undefined) throw new Error('job payload must be a JSON value');
  if (Buffer.byteLength(payload) > MAX_JOB_PAYLOAD_BYTES) throw new Error(`job payload exceeds ${MAX_JOB_PAYLOAD_BYTES} bytes`);
  const dedupeKey = input.dedupeKey ?? null;
  if (dedupeKey !== null && (dedupeKey.length === 0 || dedupeKey.length > MAX_DEDUPE_KEY_LENGTH)) {
    throw new Error(`job dedupeKey must be 1 to ${MAX_DEDUPE_KEY_LENGTH} characters`);
  }
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > MAX_MAX_ATTEMPTS) {
    throw new Error(`job maxAttempts must be 1 to ${MAX_MAX_ATTEMPTS}`);
  }
  const runAtMs = parseRunAt(input.runAt);
  const jobID = randomUUID();
  const created = await insertJob(sql, {
    jobID,
    platformID: input.platformID,
    kind: input.kind,
    payload,
    runAt: new Date(runAtMs).toISOString(),
    runAtMs,
    maxAttempts,
    dedupeKey,
    createdOn: clock.now().toISOString(),
  });
  if (created) return { jobID, created };
  const existing = dedupeKey === null ? undefined : await findJobByDedupeKey(sql, input.platformID, dedupeKey);
  if (!existing) throw new Error(`job ${jobID} was not inserted`);
  return { jobID: existing.job_id, created: false };
}
