// pgbench's built-in TPC-B transaction on the same PostgreSQL server as the
// Railyard run, in a scratch database made and dropped here (issue 20: the
// ratio of Railyard's creates/s over pgbench's tps, measured side by side, so
// the machine's noise hits both). pgbench ships with PostgreSQL (`pgbench` on
// the PATH); without it the bench prints why and goes on.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
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

/** `pgbench -i -s scale` then `pgbench -c clients -j 2 -T seconds -n` on a scratch database next to `databaseUrl`. */
export async function runPgbench(databaseUrl: string, options: { clients?: number; seconds?: number; scale?: number } = {}): Promise<PgbenchResult> {
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
    return {
      tps: Math.round(Number(tps)),
      clients,
      seconds,
      scale,
      postgresCpuMicros: cpuMicrosPer(postgresBefore, postgresAfter, transactions),
      clientCpuMicros: cpuMicrosPer(clientBefore, clientAfter, transactions),
    };
  } finally {
    await admin(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}
