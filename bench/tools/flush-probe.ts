// How long the disk takes to flush while a run goes on: a PostgreSQL COMMIT answers only after
// its WAL is flushed (fdatasync), so a flush that takes 50 ms holds every commit of those 50 ms,
// and the requests behind them queue. The probe flushes a small write of its own at a steady pace
// in a directory the caller names (put it on the device that holds pg_wal) and says when flushes
// were slow, to be matched against the half-rate run's slowest windows (bench/README.md, "The tail
// at half rate: the WAL's flush").
//
// It runs in a worker thread: a flush blocks its thread, and the load generator's own loop must
// not wait for it. It overwrites 16 blocks of one file in turn, as PostgreSQL overwrites a WAL
// segment's pages: a data write and a flush, no file growth, no metadata. Its own load is small
// (4 KiB every 20 ms by default) beside a run's hundreds of commits per second.
import { statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface FlushProbeOptions {
  /** Pause between flushes, 5–1,000 ms (default 20). */
  intervalMs?: number;
  /** Bytes written before each flush, 512 B–1 MiB (default 4 KiB). */
  bytes?: number;
}

/** One flush: when it began (epoch ms) and how long the write and its fdatasync took (ms). */
export interface FlushSample {
  beganAt: number;
  ms: number;
}

export interface FlushSummary {
  flushes: number;
  p50: number;
  p99: number;
  maxMs: number;
  /** Flushes that took over 10 ms. */
  over10ms: number;
  /** The three slowest, slowest first: when each began (UTC, HH:MM:SS.mmm) and how long it took. */
  slowest: Array<{ at: string; ms: number }>;
}

export interface FlushProbe {
  /** Stops the probe, removes its file and answers what it saw. */
  stop(): Promise<FlushSummary>;
}

/** A run is at most 60 s (bench/run.ts); at the fastest pace that is 12,000 flushes. Bounded anyway. */
const MAX_SAMPLES = 100_000;

// Plain JavaScript, so that the worker needs no TypeScript loader. Samples are pairs (began, ms).
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { file, intervalMs, bytes, stop, maxSamples } = workerData;
const flag = new Int32Array(stop);
const fd = fs.openSync(file, 'w', 0o600);
const block = Buffer.alloc(bytes, 0x5a);
const samples = [];
let slot = 0;
try {
  while (Atomics.load(flag, 0) === 0 && samples.length < maxSamples * 2) {
    const began = Date.now();
    const t0 = process.hrtime.bigint();
    fs.writeSync(fd, block, 0, bytes, (slot++ % 16) * bytes);
    fs.fdatasyncSync(fd);
    samples.push(began, Number(process.hrtime.bigint() - t0) / 1e6);
    Atomics.wait(flag, 0, 0, intervalMs);
  }
} finally {
  fs.closeSync(fd);
}
parentPort.postMessage(samples);
`;

/** Whether the probe can flush in `path` (the bench checks it before any server starts). */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Starts flushing in `dir` at once; throws when `dir` is not a directory or an option is out of range. */
export function startFlushProbe(dir: string, options: FlushProbeOptions = {}): FlushProbe {
  const intervalMs = options.intervalMs ?? 20;
  const bytes = options.bytes ?? 4096;
  if (!Number.isInteger(intervalMs) || intervalMs < 5 || intervalMs > 1000) throw new Error(`flush probe: the interval must be 5–1000 ms, not ${intervalMs}`);
  if (!Number.isInteger(bytes) || bytes < 512 || bytes > 1 << 20) throw new Error(`flush probe: the write must be 512 B–1 MiB, not ${bytes}`);
  if (!isDirectory(dir)) throw new Error(`flush probe: ${dir} is not a directory`);

  const file = join(dir, `railyard-flush-probe-${process.pid}-${Date.now()}.bin`);
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER, { eval: true, workerData: { file, intervalMs, bytes, stop, maxSamples: MAX_SAMPLES } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`flush probe: the worker ended (code ${code}) before answering`)));
  });
  // Settled here too, so that a probe that failed before stop() is called is no unhandled rejection.
  done.catch(() => undefined);
  return {
    async stop() {
      Atomics.store(new Int32Array(stop), 0, 1);
      Atomics.notify(new Int32Array(stop), 0);
      try {
        const flat = await done;
        const samples: FlushSample[] = [];
        for (let i = 0; i + 1 < flat.length; i += 2) samples.push({ beganAt: flat[i]!, ms: flat[i + 1]! });
        return summarizeFlushes(samples);
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** The figures the bench prints of a probe's flushes. */
export function summarizeFlushes(samples: readonly FlushSample[]): FlushSummary {
  if (samples.length === 0) return { flushes: 0, p50: 0, p99: 0, maxMs: 0, over10ms: 0, slowest: [] };
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const slowest = [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((sample) => ({ at: new Date(sample.beganAt).toISOString().slice(11, 23), ms: round1(sample.ms) }));
  return {
    flushes: samples.length,
    p50: round1(at(0.5)),
    p99: round1(at(0.99)),
    maxMs: round1(sorted[sorted.length - 1]!),
    over10ms: sorted.filter((ms) => ms > 10).length,
    slowest,
  };
}

/** The summary as one clause of the bench's tail line. */
export function describeFlushes(dir: string, summary: FlushSummary): string {
  return (
    `fdatasync probe in ${dir} meanwhile: ${summary.flushes} flushes, p50 ${summary.p50} ms, p99 ${summary.p99} ms, ` +
    `max ${summary.maxMs} ms, ${summary.over10ms} over 10 ms` +
    (summary.slowest.length > 0 ? `; slowest began ${summary.slowest.map((s) => `${s.at} (${s.ms} ms)`).join(', ')}` : '')
  );
}
