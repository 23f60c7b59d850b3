// pgbench's built-in TPC-B transaction on the same PostgreSQL server as the
// Railyard run, in a scratch database made and dropped here (issue 20: the
// ratio of Railyard's creates/s over pgbench's tps, measured side by side, so
// the machine's noise hits both), and TPC-B paced at a scenario's half rate (its
// latency there: the tail the database and the disk make on their own). pgbench
// ships with PostgreSQL (`pgbench` on the PATH); without it the bench prints why
// and goes on.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { percentile, roundToTenth } from './paced-load.ts';
import { postgresCpuSeconds, reapedChildrenCpuSeconds } from './postgres-cpu.ts';
import { cpuMicrosPer } from './process-cpu.ts';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  clients: number;
  seconds: number;
  scale: number;
  /** The PostgreSQL server's CPU per transaction during the timed run (all its processes), in µs; undefined when not local or off Linux. */
  postgresCpuMicros: number | undefined;
  /** pgbench's own CPU per transaction (the client side of the same run), in µs. */
  clientCpuMicros: number | undefined;
  /** One paced run per rate asked for (`pacedRates`), in that order: TPC-B's latency at that steady rate. */
  paced: Array<PacedPgbench | { rate: number; error: string }>;
}

/**
 * TPC-B at a steady rate (`pgbench -R`): the database's own transaction's
 * latency at the rate a scenario's half-rate run used, on the same machine in
 * the same run, so that a tail the disk's flushes make (docs/deploy.md, "The
 * WAL's flush") shows in the database's figure as well as in Railyard's.
 */
export interface PacedPgbench {
  /** The rate asked for, per second. */
  rate: number;
  /** Transactions measured (those scheduled after the warm-up), and the rate they were scheduled at. */
  transactions: number;
  measuredRate: number;
  /** Transactions that failed (pgbench logs `failed` or `skipped` instead of a time). */
  failed: number;
  /** In ms, from each transaction's scheduled start, as Railyard's paced load measures from when a request was due. */
  p50: number;
  p99: number;
  max: number;
}

/** One statement on its own connection to `databaseUrl` (a database's `ANALYZE`, or `CREATE DATABASE` through `postgres`); answers its rows. */
export async function runStatement<Row extends pg.QueryResultRow = pg.QueryResultRow>(databaseUrl: string, text: string, values: readonly unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, [...values])).rows;
  } finally {
    await client.end();
  }
}

/** A statement on the server's `postgres` database, next to `databaseUrl`'s. */
async function admin(databaseUrl: string, text: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  await runStatement(url.toString(), text);
}

/**
 * The latencies of a paced pgbench run from its per-transaction log (`-l`; the
 * lines of every thread's file). Each line is `client_id transaction_no time
 * script_no time_epoch time_us [schedule_lag]`: `time` is the µs from the
 * transaction's scheduled start to its end under `-R` (its lag behind the
 * schedule included), and `time_epoch`.`time_us` is when it ended. A
 * transaction scheduled in the first `warmupS` seconds (its connection's
 * start-up among them) is left out, as Railyard's paced load leaves its own
 * warm-up out.
 */
export function pacedLatencies(lines: readonly string[], rate: number, warmupS: number): PacedPgbench {
  const done: Array<{ scheduledUs: number; latencyUs: number }> = [];
  let failed = 0;
  for (const line of lines) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6) continue;
    const latencyUs = Number(fields[2]);
    if (!Number.isFinite(latencyUs)) {
      failed++;
      continue;
    }
    const endedUs = Number(fields[4]) * 1e6 + Number(fields[5]);
    done.push({ scheduledUs: endedUs - latencyUs, latencyUs });
  }
  if (done.length === 0) throw new Error('pgbench logged no transaction');
  const firstUs = done.reduce((first, t) => Math.min(first, t.scheduledUs), Infinity);
  const fromUs = firstUs + warmupS * 1e6;
  const kept = done.filter((t) => t.scheduledUs >= fromUs);
  if (kept.length === 0) throw new Error(`pgbench logged no transaction after its ${warmupS} s warm-up`);
  const spanS = (kept.reduce((last, t) => Math.max(last, t.scheduledUs), -Infinity) - fromUs) / 1e6;
  const sorted = Float64Array.from(kept, (t) => t.latencyUs / 1000).sort();
  return {
    rate,
    transactions: kept.length,
    measuredRate: spanS > 0 ? Math.round(kept.length / spanS) : kept.length,
    failed,
    p50: roundToTenth(percentile(sorted, 0.5)),
    p99: roundToTenth(percentile(sorted, 0.99)),
    max: roundToTenth(sorted[sorted.length - 1]!),
  };
}

/** `pgbench -R rate` for `warmupS + seconds` with a per-transaction log in a temp directory, read and removed here. */
async function pacedPgbench(url: string, options: { rate: number; clients: number; seconds: number; warmupS: number }): Promise<PacedPgbench> {
  const dir = await mkdtemp(join(tmpdir(), 'railyard-pgbench-'));
  try {
    const duration = options.seconds + options.warmupS;
    const args = ['-n', '-c', String(options.clients), '-j', '2', '-T', String(duration), '-R', String(options.rate)];
    await run('pgbench', [...args, '-l', `--log-prefix=${join(dir, 'pgbench_log')}`, url], { timeout: (duration + 60) * 1000 });
    // One file per thread: pgbench_log.<pid>, pgbench_log.<pid>.1, …
    const files = (await readdir(dir)).filter((name) => name.startsWith('pgbench_log.'));
    const texts = await Promise.all(files.map((name) => readFile(join(dir, name), 'utf8')));
    return pacedLatencies(texts.flatMap((text) => text.split('\n')), options.rate, options.warmupS);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `pgbench -i -s scale` then `pgbench -c clients -j 2 -T seconds -n` on a
 * scratch database next to `databaseUrl`; then, on the same database, one paced
 * run per rate of `pacedRates` (`pacedSeconds` measured after a `pacedWarmupS`
 * warm-up each), whose failure is its own entry, not the whole result's.
 */
export async function runPgbench(
  databaseUrl: string,
  options: { clients?: number; seconds?: number; scale?: number; pacedRates?: readonly number[]; pacedSeconds?: number; pacedWarmupS?: number } = {},
): Promise<PgbenchResult> {
  const clients = options.clients ?? 8;
  const seconds = options.seconds ?? 10;
  // At least as many branches as clients, so TPC-B's branch row is not one hot lock.
  const scale = options.scale ?? clients;
  const name = `railyard_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  await admin(databaseUrl, `CREATE DATABASE ${name}`);
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), url.toString()], { timeout: 120_000 });
    const [postgresBefore, clientBefore] = [postgresCpuSeconds(), reapedChildrenCpuSeconds()];
    const { stdout } = await run('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), url.toString()], {
      timeout: (seconds + 60) * 1000,
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps: ${stdout.slice(-500)}`);
    // The child is waited for before execFile answers, so its CPU is in this process's reaped-children figure now.
    const [postgresAfter, clientAfter] = [postgresCpuSeconds(), reapedChildrenCpuSeconds()];
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1] ?? 0);
    const paced: PgbenchResult['paced'] = [];
    for (const rate of options.pacedRates ?? []) {
      paced.push(
        await pacedPgbench(url.toString(), { rate, clients, seconds: options.pacedSeconds ?? seconds, warmupS: options.pacedWarmupS ?? 1 }).catch((error: unknown) => ({
          rate,
          error: String(error instanceof Error ? error.message : error).split('\n')[0]!,
        })),
      );
    }
    return {
      tps: Math.round(Number(tps)),
      clients,
      seconds,
      scale,
      postgresCpuMicros: cpuMicrosPer(postgresBefore, postgresAfter, transactions),
      clientCpuMicros: cpuMicrosPer(clientBefore, clientAfter, transactions),
      paced,
    };
  } finally {
    await admin(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}
