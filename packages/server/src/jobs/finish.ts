import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../store/port.ts';
import { readClockOffset } from '../store/repos/platform-clocks.ts';
import { markJobAttemptFailed, markJobCompleted } from '../store/repos/jobs.ts';
import { MAX_JOB_ERROR_LENGTH, retryDelayMs, type ClaimedJob } from './job.ts';

/**
 * Completes a claimed job in the caller's unit of work, the one that holds the
 * job's effects. Answers false, changing nothing, when the claim is no longer
 * this worker's (its lease ran out and another worker took the job, or it was
 * already completed): the caller must then roll back, so the effects of one
 * job commit at most once.
 */
export async function completeJob(sql: Sql, job: ClaimedJob, clock: Clock): Promise<boolean> {
  return markJobCompleted(sql, { jobID: job.jobID, claimToken: job.claimToken, finishedOn: clock.now().toISOString() });
}

export type FailOutcome = 'retry' | 'failed' | 'stale';

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_JOB_ERROR_LENGTH ? text.slice(0, MAX_JOB_ERROR_LENGTH) : text;
}

/**
 * Records a failed attempt: the job is retried after a backoff of platform time,
 * or fails for good once it has used its attempts. `clock` is real time; the
 * platform's offset is read here, in the same unit of work.
 */
export async function failJob(sql: Sql, job: ClaimedJob, error: unknown, clock: Clock): Promise<FailOutcome> {
  const realNowMs = clock.now().getTime();
  const platformNowMs = realNowMs + (await readClockOffset(sql, job.platformID));
  const final = job.attempts >= job.maxAttempts;
  const runAtMs = final ? Date.parse(job.runAt) : platformNowMs + retryDelayMs(job.attempts);
  const released = await markJobAttemptFailed(sql, {
    jobID: job.jobID,
    claimToken: job.claimToken,
    status: final ? 'failed' : 'pending',
    runAt: new Date(runAtMs).toISOString(),
    runAtMs,
    lastError: errorText(error),
    updatedOn: new Date(realNowMs).toISOString(),
  });
  if (!released) return 'stale';
  return final ? 'failed' : 'retry';
}
