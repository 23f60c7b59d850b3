// The journal floor: durability with no database at all. Balances and
// idempotency keys live in memory; each transfer is one JSON line appended to a
// preallocated journal file, and a group's answers leave only after an
// fdatasync that began after their lines were written (group commit, up to
// MAX_SYNCS_IN_FLIGHT at once, on libuv's pool). No SQL, no auth, no validation,
// no indexes: it is what an in-memory ledger with an append-only journal would
// pay on this machine, HTTP included, and so the least that any durable transfer
// API can cost here. Measured in the same run as the bare route (bench/README.md).
//   node --import tsx bench/servers/journal-floor.ts <port> <journal file>
import { randomUUID } from 'node:crypto';
import { closeSync, fdatasync, openSync, writeSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';

export const JOURNAL_SOURCE = 'journal-source';
export const JOURNAL_DESTINATION = 'journal-destination';
/** The source wallet's opening balance; the bench checks the journal against it after the runs. */
export const JOURNAL_FUNDS = 100_000_000;
/**
 * Written with zeros before the server listens, so that an fdatasync never has to
 * allocate blocks or change the file's size (real journals preallocate too:
 * SQLite reuses its WAL, PostgreSQL its segments). About 3,000,000 transfers.
 */
export const JOURNAL_BYTES = 512 * 2 ** 20;
const MAX_SYNCS_IN_FLIGHT = 2;
/** A line holds two UUIDs, a timestamp, the key (at most 255 characters) and two postings. */
const MAX_LINE_BYTES = 1024;
/** fdatasync durations kept for the stats endpoint (the newest this many). */
const MAX_SAMPLES = 1_000_000;

/** One line of the journal: a transfer and its two postings. */
export interface JournalLine {
  transferID: string;
  key: string;
  amount: number;
  createdOn: string;
  postings: Array<[wallet: string, amount: number]>;
}

class Journal {
  private position = 0;
  private pendingBytes = 0;
  private lines: string[] = [];
  private waiting: Array<(error?: Error) => void> = [];
  private inFlight = 0;
  private failed: Error | undefined;
  private flushQueued = false;
  private readonly samples = new Float64Array(MAX_SAMPLES);
  private sampleCount = 0;

  constructor(private readonly fd: number) {}

  /** Whether a line of up to MAX_LINE_BYTES can still be taken; asked before any balance moves. */
  hasRoom(): boolean {
    return !this.failed && this.position + this.pendingBytes + MAX_LINE_BYTES <= JOURNAL_BYTES;
  }

  /** Resolves once the line is on disk. */
  append(line: JournalLine): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const text = JSON.stringify(line) + '\n';
    if (Buffer.byteLength(text) > MAX_LINE_BYTES || !this.hasRoom()) return Promise.reject(new JournalFull());
    this.lines.push(text);
    this.pendingBytes += Buffer.byteLength(text);
    return new Promise((resolve, reject) => {
      this.waiting.push((error) => (error ? reject(error) : resolve()));
      // One flush per turn of the event loop: every request parsed in this turn joins the group.
      if (!this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => {
          this.flushQueued = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    if (this.inFlight >= MAX_SYNCS_IN_FLIGHT || this.lines.length === 0) return;
    const data = Buffer.from(this.lines.join(''));
    const group = this.waiting;
    this.lines = [];
    this.pendingBytes = 0;
    this.waiting = [];
    try {
      writeSync(this.fd, data, 0, data.length, this.position);
    } catch (error) {
      this.fail(error as Error, group);
      return;
    }
    this.position += data.length;
    this.inFlight++;
    const started = performance.now();
    fdatasync(this.fd, (error) => {
      this.inFlight--;
      this.samples[this.sampleCount++ % MAX_SAMPLES] = performance.now() - started;
      // After any failed fsync a later one may succeed without the lost pages (Linux drops them): trust none.
      if (error || this.failed) return this.fail(error ?? this.failed!, group);
      for (const release of group) release();
      this.flush();
    });
  }

  /** After a failed write or fsync nothing later can be trusted to be on disk: refuse everything from here on. */
  private fail(error: Error, group: Array<(error?: Error) => void>): void {
    this.failed = error;
    for (const release of [...group, ...this.waiting]) release(error);
    this.waiting = [];
    this.lines = [];
    this.pendingBytes = 0;
  }

  fsyncStats(): { fsyncs: number; p50: number; p99: number; max: number } {
    const n = Math.min(this.sampleCount, MAX_SAMPLES);
    const sorted = Array.from(this.samples.subarray(0, n)).sort((a, b) => a - b);
    const at = (q: number) => (n === 0 ? 0 : Math.round(sorted[Math.min(n - 1, Math.floor(q * n))]! * 100) / 100);
    return { fsyncs: this.sampleCount, p50: at(0.5), p99: at(0.99), max: at(1) };
  }
}

class JournalFull extends Error {
  constructor() {
    super('journal full');
  }
}

/** A fresh journal file of JOURNAL_BYTES zeros, itself synced. */
function createJournal(file: string): number {
  const fd = openSync(file, 'w+');
  const zeros = Buffer.alloc(2 ** 20);
  for (let offset = 0; offset < JOURNAL_BYTES; offset += zeros.length) writeSync(fd, zeros, 0, zeros.length, offset);
  return fd;
}

async function main(): Promise<void> {
  const [portArg, file] = process.argv.slice(2);
  if (!file) throw new Error('usage: journal-floor.ts <port> <journal file>');
  const fd = createJournal(file);
  await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
  const journal = new Journal(fd);
  const balances = new Map([[JOURNAL_SOURCE, JOURNAL_FUNDS], [JOURNAL_DESTINATION, 0]]);
  // Kept from the moment a transfer is accepted, so a concurrent replay of its key is refused before it is on disk.
  const byKey = new Map<string, { transferID: string; createdOn: string }>();

  const app = Fastify({ logger: false });
  app.post('/transfers', async (request, reply) => {
    const key = request.headers['x-idempotency-key'];
    const amount = (request.body as { amount?: { value?: unknown } } | null)?.amount?.value;
    if (typeof key !== 'string' || !Number.isSafeInteger(amount) || (amount as number) <= 0) return reply.code(400).send({ error: 'bad request' });
    if (key.length > 255) return reply.code(400).send({ error: 'idempotency key too long' });
    const value = amount as number;
    const earlier = byKey.get(key);
    if (earlier) return reply.code(409).send(earlier);
    const source = balances.get(JOURNAL_SOURCE)!;
    if (source < value) return reply.code(422).send({ error: 'insufficient funds' });
    // Full (or failed) before anything moves, so memory never holds what the journal cannot.
    if (!journal.hasRoom()) return reply.code(503).send({ error: 'journal full' });
    const transfer = { transferID: randomUUID(), createdOn: new Date().toISOString() };
    balances.set(JOURNAL_SOURCE, source - value);
    balances.set(JOURNAL_DESTINATION, balances.get(JOURNAL_DESTINATION)! + value);
    byKey.set(key, transfer);
    try {
      await journal.append({ ...transfer, key, amount: value, postings: [[JOURNAL_SOURCE, -value], [JOURNAL_DESTINATION, value]] });
    } catch (error) {
      // Not on disk: the client must not be told it happened. (A failed journal refuses everything after it too.)
      return reply.code(503).send({ error: error instanceof JournalFull ? 'journal full' : 'journal write failed' });
    }
    return transfer;
  });
  // Where a slow answer came from: the disk (fsync), or this process (event-loop stalls, garbage collection).
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  app.get('/fsync-stats', async () => ({
    ...journal.fsyncStats(),
    eventLoopDelayP99: ms(loopDelay.percentile(99)),
    eventLoopDelayMax: ms(loopDelay.max),
    gcTotal: Math.round(gcMs),
    gcMax: Math.round(gcMaxMs * 100) / 100,
  }));

  const address = await app.listen({ port: Number(portArg ?? 0), host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${address}\n`);
  const stop = async () => {
    await app.close();
    closeSync(fd);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
