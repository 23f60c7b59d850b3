import type { ResolvedRetryOptions } from './options.ts';

/** Statuses that say "try again later" rather than "this request is wrong". */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date. Undefined when
 * absent or unreadable, so the caller falls back to its own backoff.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Exponential backoff with full jitter: a random delay up to
 * `initialDelayMs * 2^retry`, capped. Jitter keeps many clients that failed
 * together from retrying together.
 */
export function backoffDelay(retry: number, options: ResolvedRetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.min(retry, 30));
  return Math.floor(random() * ceiling);
}

/**
 * The wait before the next attempt, or undefined to give up. A server's
 * `Retry-After` wins over backoff, but one longer than `maxRetryAfterMs` ends
 * the retries: waiting minutes inside one call helps no caller.
 */
export function nextDelay(
  retry: number,
  retryAfterMs: number | undefined,
  options: ResolvedRetryOptions,
  random?: () => number,
): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs > options.maxRetryAfterMs ? undefined : retryAfterMs;
  return backoffDelay(retry, options, random);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
