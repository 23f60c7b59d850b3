/**
 * Per-account request limits: a fixed one-second window per key. Fastify's
 * rate-limit plugin keys requests before authentication; Moov limits per
 * account, so the key is known only after auth, and a 429 has no body here.
 */
export type RateLimitSetting = { kind: 'off' } | { kind: 'fixed'; perSecond: number } | { kind: 'moov' };

/**
 * The default when no limit is given: high enough that test suites and
 * benchmarks on one machine are never throttled, yet still a bound. Moov's own
 * figures are one flag away (`--rate-limit moov`).
 */
export const DEFAULT_RATE_LIMIT_PER_SECOND = 100_000;
/** Moov's documented figures (docs/api-behaviour.md §3): sandbox accounts get 10 per second. */
export const MOOV_SANDBOX_PER_SECOND = 10;
export const MOOV_PRODUCTION_PER_SECOND = 40;
/** Largest limit accepted; beyond it a number is a typo, not a limit. */
export const MAX_RATE_LIMIT_PER_SECOND = 10_000_000;
/** Bound on tracked keys; windows are one second, so older ones can be dropped. */
const MAX_TRACKED_KEYS = 100_000;

export function parseRateLimit(value: string | undefined): RateLimitSetting {
  if (value === undefined || value === '') return { kind: 'fixed', perSecond: DEFAULT_RATE_LIMIT_PER_SECOND };
  if (value === 'moov') return { kind: 'moov' };
  if (!/^\d+$/.test(value)) throw new Error(`--rate-limit takes a whole number or "moov", not ${value}`);
  const perSecond = Number(value);
  if (perSecond > MAX_RATE_LIMIT_PER_SECOND) {
    throw new Error(`--rate-limit takes at most ${MAX_RATE_LIMIT_PER_SECOND} per second, not ${value}`);
  }
  return perSecond === 0 ? { kind: 'off' } : { kind: 'fixed', perSecond };
}

export class RateLimiter {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly setting: RateLimitSetting,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Counts one request. Answers undefined when allowed, else the seconds to wait.
   * The moov preset keys by account and source IP, as Moov does in production.
   */
  take(accountID: string, ip: string, mode: 'sandbox' | 'production' = 'sandbox'): number | undefined {
    if (this.setting.kind === 'off') return undefined;
    const limit =
      this.setting.kind === 'fixed'
        ? this.setting.perSecond
        : mode === 'production'
          ? MOOV_PRODUCTION_PER_SECOND
          : MOOV_SANDBOX_PER_SECOND;
    const key = this.setting.kind === 'moov' && mode === 'production' ? `${accountID}|${ip}` : accountID;
    const now = this.nowMs();
    const window = Math.floor(now / 1000);
    if (window !== this.window || this.counts.size > MAX_TRACKED_KEYS) {
      this.window = window;
      this.counts = new Map();
    }
    const used = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, used);
    if (used <= limit) return undefined;
    return Math.max(1, Math.ceil(((window + 1) * 1000 - now) / 1000));
  }
}
