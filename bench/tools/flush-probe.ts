// How long the disk takes to flush while a run goes on: a PostgreSQL COMMIT answers only after
// its WAL is flushed (fdatasync), so a flush that takes 50 ms holds every commit of those 50 ms,
// and the requests behind them queue. The probe flushes a small write of its own at a steady pace
// in a directory the caller names (put it on the device that holds pg_wal) and says when flushes
// were slow, to be matched against the half-rate run's slowest windows (bench/README.md, "The tail
// at half rate: the WAL's flush").
//
// Before each flush it also reads the kernel's count of dirty page-cache data (`Dirty:` in Linux's
// /proc/meminfo). PostgreSQL writes its tables through the page cache, and a burst in which the
// kernel writes hundreds of MB of it back at once made the WAL's flushes wait (bench/README.md, "The
// fastest machine yet, and the kernel's writeback bursts"): the summary says how high it rose and
// how far it fell within a second, and when.
//
// It runs in a worker thread: a flush blocks its thread, and the load generator's own loop must
// not wait for it. It overwrites 16 blocks of one file in turn, as PostgreSQL overwrites a WAL
// segment's pages: a data write and a flush, no file growth, no metadata. Its own load is small
// (4 KiB every 20 ms by default) beside a run's hundreds of commits per second.
import { statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { roundToTenth } from './paced-load.ts';

export interface FlushProbeOptions {
  /** Pause between flushes, 5–1,000 ms (default 20). */
  intervalMs?: number;
  /** Bytes written before each flush, 512 B–1 MiB (default 4 KiB). */
  bytes?: number;
}

/** One flush: when it began (epoch ms), how long the write and its fdatasync took (ms), and the dirty page cache just before (kB, Linux only). */
export interface FlushSample {
  beganAt: number;
  ms: number;
  dirtyKb?: number;
}

/** The dirty page cache over the probe's run: its peak, and its largest fall within one second (the kernel writing back at once). */
export interface DirtySummary {
  peakMb: number;
  largestFallMb: number;
  /** When that fall began (UTC, HH:MM:SS.mmm): the sample it fell from. */
  fellFrom: string;
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
  /** Where the kernel reports its dirty page cache (Linux's /proc/meminfo); absent elsewhere. */
  dirty?: DirtySummary;
}

export interface FlushProbe {
  /** Stops the probe, removes its file and answers what it saw. */
  stop(): Promise<FlushSummary>;
}

/** A run is at most 60 s (bench/run.ts); at the fastest pace that is 12,000 flushes. Bounded anyway. */
const MAX_SAMPLES = 100_000;

// Plain JavaScript, so that the worker needs no TypeScript loader. Samples are triples (began, ms,
// dirty kB or -1 where the kernel does not say).
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { file, intervalMs, bytes, stop, maxSamples } = workerData;
const flag = new Int32Array(stop);
const fd = fs.openSync(file, 'w', 0o600);
const block = Buffer.alloc(bytes, 0x5a);
const samples = [];
let slot = 0;
const dirtyKb = () => {
  try {
    const found = /^Dirty:\\s+(\\d+) kB$/m.exec(fs.readFileSync('/proc/meminfo', 'latin1'));
    return found ? Number(found[1]) : -1;
  } catch {
    return -1;
  }
};
try {
  while (Atomics.load(flag, 0) === 0 && samples.length < maxSamples * 3) {
    const dirty = dirtyKb();
    const began = Date.now();
    const t0 = process.hrtime.bigint();
    fs.writeSync(fd, block, 0, bytes, (slot++ % 16) * bytes);
    fs.fdatasyncSync(fd);
    samples.push(began, Number(process.hrtime.bigint() - t0) / 1e6, dirty);
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
        for (let i = 0; i + 2 < flat.length; i += 3) {
          const dirtyKb = flat[i + 2]!;
          samples.push({ beganAt: flat[i]!, ms: flat[i + 1]!, ...(dirtyKb >= 0 ? { dirtyKb } : {}) });
        }
        return summarizeFlushes(samples);
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}

const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 23);

/** The samples' dirty page cache: its peak, and its largest fall from any sample to one at most 1 s later. */
export function summarizeDirty(samples: readonly FlushSample[]): DirtySummary | undefined {
  const seen = samples.filter((sample): sample is FlushSample & { dirtyKb: number } => sample.dirtyKb !== undefined);
  if (seen.length === 0) return undefined;
  let peakKb = 0;
  let fall = { kb: 0, from: seen[0]!.beganAt };
  let from = 0; // the first sample within 1 s before the current one
  for (let i = 0; i < seen.length; i++) {
    const now = seen[i]!;
    peakKb = Math.max(peakKb, now.dirtyKb);
    while (now.beganAt - seen[from]!.beganAt > 1_000) from++;
    for (let j = from; j < i; j++) {
      const kb = seen[j]!.dirtyKb - now.dirtyKb;
      if (kb > fall.kb) fall = { kb, from: seen[j]!.beganAt };
    }
  }
  const mb = (kb: number) => roundToTenth(kb / 1024);
  return { peakMb: mb(peakKb), largestFallMb: mb(fall.kb), fellFrom: clock(fall.from) };
}

/** The figures the bench prints of a probe's flushes. */
export function summarizeFlushes(samples: readonly FlushSample[]): FlushSummary {
  if (samples.length === 0) return { flushes: 0, p50: 0, p99: 0, maxMs: 0, over10ms: 0, slowest: [] };
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const slowest = [...samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((sample) => ({ at: clock(sample.beganAt), ms: roundToTenth(sample.ms) }));
  const dirty = summarizeDirty(samples);
  return {
    flushes: samples.length,
    p50: roundToTenth(at(0.5)),
    p99: roundToTenth(at(0.99)),
    maxMs: roundToTenth(sorted[sorted.length - 1]!),
    over10ms: sorted.filter((ms) => ms > 10).length,
    slowest,
    ...(dirty ? { dirty } : {}),
  };
}

/** The summary as one clause of the bench's tail line. */
export function describeFlushes(dir: string, summary: FlushSummary): string {
  return (
    `fdatasync probe in ${dir} meanwhile: ${summary.flushes} flushes, p50 ${summary.p50} ms, p99 ${summary.p99} ms, ` +
    `max ${summary.maxMs} ms, ${summary.over10ms} over 10 ms` +
    (summary.slowest.length > 0 ? `; slowest began ${summary.slowest.map((s) => `${s.at} (${s.ms} ms)`).join(', ')}` : '') +
    (summary.dirty
      ? `; dirty page cache (Dirty: in /proc/meminfo) peaked at ${summary.dirty.peakMb} MB, ` +
        `its largest fall within 1 s ${summary.dirty.largestFallMb} MB from ${summary.dirty.fellFrom}`
      : '')
  );
}
