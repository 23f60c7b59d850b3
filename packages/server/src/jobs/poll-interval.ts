import { DEFAULT_POLL_INTERVAL_MS, MAX_POLL_INTERVAL_MS } from './runner.ts';

/** `--job-poll-ms` or RAILYARD_JOB_POLL_MS: how often `serve` looks for due jobs; absent means 200 ms. */
export function parseJobPollInterval(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_POLL_INTERVAL_MS;
  const value = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= 1 && value <= MAX_POLL_INTERVAL_MS)) throw new Error(`--job-poll-ms must be 1 to ${MAX_POLL_INTERVAL_MS}, not ${text}`);
  return value;
}
