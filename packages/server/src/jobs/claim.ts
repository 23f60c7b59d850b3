import { randomUUID } from 'node:crypto';
import type { Clock } from '../kernel/clock.ts';
import type { Store } from '../store/port.ts';
import { lockClaimableJobIDs, lockExhaustedJobIDs, markJobClaimed, markJobExhausted } from '../store/repos/jobs.ts';
import { claimedJobFromRow, type ClaimedJob } from './job.ts';

/** One claim takes at most this many jobs, and holds them at most this long. */
export const MAX_CLAIM_LIMIT = 500;
export const MAX_LEASE_MS = 60 * 60_000;

export interface ClaimOptions {
  limit: number;
  /** How long the claim holds, in real time; a worker that dies lets its jobs go after this. */
  leaseMs: number;
  workerID: string;
  /** Only jobs of these kinds: a process never claims work it has no handler for. */
  kinds: readonly string[];
  /** Only this platform's jobs (the clock endpoint runs the caller's jobs, not everyone's). */
  platformID?: string | undefined;
}

/**
 * Claims due jobs in one write transaction: each gets a fresh claim token, a
 * lease and one more attempt. Due means `run_at <= the platform's now`, read
 * from the clocks table in the same statement, so an advance made by another
 * process counts on the very next claim. On PostgreSQL rows are taken with
 * `FOR UPDATE SKIP LOCKED`: concurrent claimers in other processes pass over
 * each other's rows and never claim the same job.
 */
export async function claimDueJobs(store: Store, clock: Clock, options: ClaimOptions): Promise<ClaimedJob[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > MAX_CLAIM_LIMIT) {
    throw new Error(`claim limit must be 1 to ${MAX_CLAIM_LIMIT}`);
  }
  if (!Number.isInteger(options.leaseMs) || options.leaseMs < 1 || options.leaseMs > MAX_LEASE_MS) {
    throw new Error(`lease must be 1 to ${MAX_LEASE_MS} ms`);
  }
  return store.write(async (sql) => {
    const realNow = clock.now();
    const realNowMs = realNow.getTime();
    const updatedOn = realNow.toISOString();
    // A job whose worker vanished during its last attempt will never be claimed again: fail it.
    for (const jobID of await lockExhaustedJobIDs(sql, store.dialect, realNowMs, options.limit)) {
      await markJobExhausted(sql, { jobID, lastError: 'lease expired on the last attempt', finishedOn: updatedOn });
    }
    const ids = await lockClaimableJobIDs(sql, store.dialect, {
      realNowMs,
      kinds: options.kinds,
      platformID: options.platformID,
      limit: options.limit,
    });
    const claimed: ClaimedJob[] = [];
    for (const jobID of ids) {
      const row = await markJobClaimed(sql, {
        jobID,
        claimToken: randomUUID(),
        workerID: options.workerID,
        leaseExpiresMs: realNowMs + options.leaseMs,
        updatedOn,
      });
      if (row) claimed.push(claimedJobFromRow(row));
    }
    return claimed;
  });
}
