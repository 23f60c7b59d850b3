// An open-loop load at a steady rate, for "latency at half of the maximum rate".
//
// autocannon's rate limit (`overallRate`) is not steady: each connection sends
// back to back until its quota for the current second is used, then waits for
// the next second (node_modules/autocannon/lib/httpClient.js, `reqsMadeThisSecond`).
// At half rate that is full speed for half a second and idle for the rest, so its
// latencies are those of a full-speed burst. Here request i is due at
// start + i / rate; every millisecond tick sends what has fallen due, and its
// latency runs from when it was due, not from when a connection was free, so a
// server that falls behind shows it (no coordinated omission).
import { Pool } from 'undici';

const MAX_REQUESTS = 2_000_000;
/** How long to wait at the end for answers still in flight. */
const DRAIN_TIMEOUT_MS = 30_000;

export interface PacedTarget {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** When set, called once per request in send order (warm-up included) for its body, instead of `body`. */
  nextBody?: () => string;
  headers: Record<string, string>;
  /** Replaces `[<id>]` in header values and the body with a fresh ID per request. */
  uniquePerRequest?: boolean;
}

export interface PacedResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Requests sent per second, measured. */
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /**
   * The three 100 ms windows (by when their requests were due) with the slowest answers:
   * when (UTC), the slowest latency and how many of the window's requests took over 20 ms.
   * To match a tail against the server's or the database's log of the same moment.
   */
  /** `startMs`: when the window's first request was due (epoch ms); `at` the same as UTC time of day. */
  slowest: { at: string; startMs: number; maxMs: number; over20ms: number }[];
}

function fill(text: string, id: string): string {
  return text.includes('[<id>]') ? text.replaceAll('[<id>]', id) : text;
}

/** A figure to one decimal, as the bench prints its latencies (ms) and sizes (MB). */
export const roundToTenth = (ms: number): number => Math.round(ms * 10) / 10;

/** The q-quantile of ascending latencies (the bench's one definition: the value at ⌊q·n⌋). */
export const percentile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export interface PacedOptions {
  /** Seconds of load at the same rate before the measured part, on the same connections; answers counted, latencies not. */
  warmupS?: number;
  /**
   * Called with every answer (warm-up included): its request's ID (the `[<id>]` filled in),
   * when it was due and when it was answered (both ms, performance.timeOrigin + performance.now()),
   * its status and body. Without it the bodies are not read.
   */
  onAnswer?: (answer: { id: string; dueAt: number; answeredAt: number; statusCode: number; body: string }) => void;
}

export async function pacedLoad(target: PacedTarget, rate: number, durationS: number, connections: number, options: PacedOptions = {}): Promise<PacedResult> {
  const pool = new Pool(target.url, { connections, pipelining: 1 });
  const runID = Math.random().toString(36).slice(2, 8);
  try {
    const warmup = options.warmupS ? await phase(pool, target, `${runID}w`, rate, options.warmupS, options.onAnswer) : undefined;
    const measured = await phase(pool, target, runID, rate, durationS, options.onAnswer);
    if (!warmup) return measured;
    return { ...measured, ok: measured.ok + warmup.ok, non2xx: measured.non2xx + warmup.non2xx, errors: measured.errors + warmup.errors };
  } finally {
    await pool.destroy();
  }
}

/** Sends rate × durationS requests on schedule and waits for every answer. */
async function phase(pool: Pool, target: PacedTarget, runID: string, rate: number, durationS: number, onAnswer?: PacedOptions['onAnswer']): Promise<PacedResult> {
  const total = Math.min(Math.floor(rate * durationS), MAX_REQUESTS);
  if (total < 1) throw new Error('paced load: rate × duration must be at least one request');
  const latencies = new Float64Array(total);
  const result = { sent: 0, ok: 0, non2xx: 0, errors: 0 };
  let answered = 0;
  let allAnswered: () => void = () => {};
  const done = new Promise<void>((resolve) => (allAnswered = resolve));

  const send = (index: number, dueAt: number) => {
    const id = `${runID}-${index}`;
    const headers = target.uniquePerRequest
      ? Object.fromEntries(Object.entries(target.headers).map(([name, value]) => [name, fill(value, id)]))
      : target.headers;
    const text = target.nextBody ? target.nextBody() : target.body;
    const body = text && target.uniquePerRequest ? fill(text, id) : text;
    pool
      .request({ method: target.method, path: target.path, headers, ...(body ? { body } : {}) })
      .then(async (response) => {
        if (onAnswer) {
          const text = await response.body.text();
          const answeredAt = performance.now();
          onAnswer({ id, dueAt: performance.timeOrigin + dueAt, answeredAt: performance.timeOrigin + answeredAt, statusCode: response.statusCode, body: text });
        } else {
          await response.body.dump();
        }
        latencies[index] = performance.now() - dueAt;
        if (response.statusCode >= 200 && response.statusCode < 300) result.ok++;
        else result.non2xx++;
      })
      .catch(() => {
        latencies[index] = performance.now() - dueAt;
        result.errors++;
      })
      .finally(() => {
        if (++answered === total) allAnswered();
      });
  };

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
      while (result.sent < due) {
        send(result.sent, start + (result.sent * 1000) / rate);
        result.sent++;
      }
      if (result.sent >= total) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  const sendingMs = performance.now() - start;
  const drained = await Promise.race([done.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS).unref())]);
  if (!drained) throw new Error(`paced load: ${total - answered} of ${total} requests unanswered ${DRAIN_TIMEOUT_MS} ms after the last was sent`);
  const sorted = latencies.slice().sort();
  const slowest = slowestWindows(latencies, rate, performance.timeOrigin + start).map((w) => ({ ...w, maxMs: roundToTenth(w.maxMs) }));
  return {
    ...result,
    rate: Math.round((result.sent * 1000) / sendingMs),
    p50: roundToTenth(percentile(sorted, 0.5)),
    p90: roundToTenth(percentile(sorted, 0.9)),
    p99: roundToTenth(percentile(sorted, 0.99)),
    max: roundToTenth(sorted[sorted.length - 1]!),
    slowest,
  };
}

const WINDOW_MS = 100;
const SLOW_MS = 20;

/**
 * The three windows of WINDOW_MS (request i due at i / rate s) whose slowest answer is slowest,
 * slowest first; `startMs` (epoch ms) is when request 0 was due.
 */
export function slowestWindows(latencies: Float64Array, rate: number, startMs: number): PacedResult['slowest'] {
  const windows = new Map<number, { maxMs: number; over20ms: number }>();
  latencies.forEach((latency, index) => {
    const window = Math.floor((index * 1000) / rate / WINDOW_MS);
    const seen = windows.get(window) ?? { maxMs: 0, over20ms: 0 };
    seen.maxMs = Math.max(seen.maxMs, latency);
    if (latency > SLOW_MS) seen.over20ms++;
    windows.set(window, seen);
  });
  return [...windows]
    .sort((a, b) => b[1].maxMs - a[1].maxMs)
    .slice(0, 3)
    .map(([window, seen]) => ({ at: new Date(startMs + window * WINDOW_MS).toISOString().slice(11, 22), startMs: startMs + window * WINDOW_MS, ...seen }));
}
