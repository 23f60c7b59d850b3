/*
 * When a failed delivery is tried again (decision 1500): exponential backoff
 * from 10 s, doubling, at most 1 h between attempts, with full jitter (a
 * uniformly random wait up to that bound, so a receiver that comes back is not
 * hit by every retry at once), never under 1 s (so a failing receiver is never
 * retried in a tight loop). Platform time: `POST /railyard/clock/advance`
 * fast-forwards retries.
 */

export const RETRY_BASE_MS = 10_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const RETRY_MIN_MS = 1_000;

/** The bound of the wait after the given failed attempt (1-based): 10 s, 20 s, 40 s … 1 h. */
export function retryCeilingMs(failedAttempts: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
}

/** The wait before the next attempt: uniform in [1 s, ceiling]. `random` answers in [0, 1). */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = retryCeilingMs(failedAttempts);
  return Math.max(RETRY_MIN_MS, Math.floor(random() * ceiling));
}
