// Measures one wallet→wallet create in-process, without HTTP: CPU ms and SQL
// statements per create, over N creates with C in flight on a fresh SQLite store.
//   node --import tsx bench/tools/transfer-cpu.ts [--n 3000] [--concurrency 32] [--kind sqlite|postgres] [--pairs 1] [--warmup 0] [--webhook] [--pg-statements] [--group N [--group-connections K]]
// --pairs: wallet pairs the creates rotate over (1 = every create on the same two wallets).
// --warmup: creates run first and not measured, then ANALYZE on PostgreSQL (see below).
// --pg-statements (postgres): each statement's execution time per create, from pg_stat_statements (pg-statements.ts).
// --group N (postgres): the measured creates run N at a time as savepoints of one transaction on
// one connection (K connections: K groups at once), to measure what a group commit would save (group-commit.ts).
// --webhook: one enabled webhook subscribed to `*` first (no delivery worker runs in the
// test server), so the figure is the outbox's cost on the create path alone.
// Statements are counted by wrapping the store's `Sql` in a counting proxy, so
// the figure is what the transfer service asks, whatever the adapter does.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Sql, Store } from '../../packages/server/src/store/port.ts';
import { roundTrips } from '../../packages/server/src/store/postgres/postgres-store.ts';
import { postgresCpuSeconds } from './postgres-cpu.ts';
import { printStatementStats, resetStatementStats } from './pg-statements.ts';
import { groupWrites, MAX_GROUP, type Grouping } from './group-commit.ts';
import { POSTGRES_URL } from '../../packages/server/test/support/stores.ts';
import { startTestServer } from '../../packages/server/test/support/server.ts';
import { notingSql } from '../../packages/server/test/support/noting-sql.ts';
import { walletParty, transferBody } from '../../packages/server/test/transfers/helpers.ts';

const MAX_N = 100_000;
const MAX_CONCURRENCY = 512;
const MAX_PAIRS = 1000;

const { values } = parseArgs({
  options: { n: { type: 'string', default: '3000' }, concurrency: { type: 'string', default: '32' }, kind: { type: 'string', default: 'sqlite' }, pairs: { type: 'string', default: '1' }, warmup: { type: 'string', default: '0' }, webhook: { type: 'boolean', default: false }, 'pg-statements': { type: 'boolean', default: false }, group: { type: 'string', default: '0' }, 'group-connections': { type: 'string', default: '1' } },
});
const n = Number(values.n);
const concurrency = Number(values.concurrency);
if (!Number.isSafeInteger(n) || n < 1 || n > MAX_N) throw new Error(`--n must be 1..${MAX_N}`);
if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) throw new Error(`--concurrency must be 1..${MAX_CONCURRENCY}`);
const pairs = Number(values.pairs);
if (!Number.isSafeInteger(pairs) || pairs < 1 || pairs > MAX_PAIRS) throw new Error(`--pairs must be 1..${MAX_PAIRS}`);
const warmup = Number(values.warmup);
if (!Number.isSafeInteger(warmup) || warmup < 0 || warmup > MAX_N) throw new Error(`--warmup must be 0..${MAX_N}`);
const kind = values.kind === 'postgres' ? 'postgres' : 'sqlite';
const pgStatements = values['pg-statements'] && kind === 'postgres';
const group = Number(values.group);
if (!Number.isSafeInteger(group) || group < 0 || group > MAX_GROUP) throw new Error(`--group must be 0..${MAX_GROUP}`);
if (group > 0 && kind !== 'postgres') throw new Error('--group needs --kind postgres');
const groupConnections = Number(values['group-connections']); // checked by groupWrites

/** Counts every statement a unit of work runs, and which SQL, to find repeated reads. */
const showSql = process.env['BENCH_SHOW_SQL'] === '1';
const counts = new Map<string, number>();
let statements = 0;
/** Counts a statement, and which SQL when asked. */
function note(text: string): void {
  statements++;
  // Only when asked: normalising every statement's text would weigh on the CPU figure.
  if (showSql) counts.set(text, (counts.get(text) ?? 0) + 1);
}
const counting = (sql: Sql): Sql => notingSql(sql, note);
function instrument(store: Store): void {
  const write = store.write.bind(store);
  const read = store.read.bind(store);
  store.write = (work) => write((sql) => work(counting(sql)));
  store.read = (work) => read((sql) => work(counting(sql)));
}

const s = await startTestServer(kind);
let grouping: Grouping | undefined;
try {
  // --pairs 1 is the hot case (every create locks the same two wallets); more pairs spread the
  // creates over distinct wallets, as the HTTP bench's transfers.spread does.
  const bodies: ReturnType<typeof transferBody>[] = [];
  for (let i = 0; i < pairs; i++) bodies.push(transferBody(await walletParty(s, 100_000_000), await walletParty(s), 1));
  const caller = { platformID: s.platform.accountID, publicKey: 'bench' };
  /** `count` creates, `concurrency` at a time; answers how many completed. */
  const runCreates = async (count: number): Promise<number> => {
    let next = 0;
    let completed = 0;
    const worker = async () => {
      while (next < count) {
        const body = bodies[next++ % pairs]!;
        const outcome = await s.services.transfers.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body });
        if (outcome.kind !== 'accepted' && outcome.body.status === 'completed') completed++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return completed;
  };
  if (values.webhook) {
    const hook = await s.request('POST', '/webhooks', {
      headers: { 'x-moov-version': 'v2026.01.00' },
      body: { url: 'http://127.0.0.1:9/hooks', status: 'enabled', eventTypes: ['*'], description: 'transfer-cpu' },
    });
    if (hook.status !== 201) throw new Error(`webhook create answered ${hook.status}: ${hook.text}`);
  }
  if (warmup > 0) {
    // Creates not measured, then fresh statistics, as pgbench's own set-up ends with VACUUM ANALYZE:
    // PostgreSQL's plans are then made for tables that hold rows, not for the empty ones of a new database.
    await runCreates(warmup);
    if (kind === 'postgres') await s.testStore.store.write((sql) => sql.run('ANALYZE', []));
  }
  if (pgStatements) await resetStatementStats(s.testStore.store);
  if (group > 0) grouping = await groupWrites(s.testStore.store, { connectionString: POSTGRES_URL, size: group, connections: groupConnections });
  instrument(s.testStore.store);
  const roundTrips0 = roundTrips.count;
  const cpu0 = process.cpuUsage();
  const postgres0 = kind === 'postgres' ? postgresCpuSeconds() : undefined;
  const t0 = performance.now();
  const completed = await runCreates(n);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const postgres1 = kind === 'postgres' ? postgresCpuSeconds() : undefined;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`${kind}: ${n} creates, ${concurrency} in flight, ${pairs} wallet pair(s), ${completed} completed${values.webhook ? ', one * webhook' : ''}`);
  console.log(`cpu ms/create ${(cpuMs / n).toFixed(3)}  wall ms/create ${(wallMs / n).toFixed(3)}  creates/s ${((n / wallMs) * 1000).toFixed(0)}`);
  console.log(`statements/create ${(statements / n).toFixed(1)}`);
  // Each message to PostgreSQL waits one round trip; deferred writes ride with the next one (decision 2001).
  if (kind === 'postgres') console.log(`round trips/create ${((roundTrips.count - roundTrips0) / n).toFixed(1)}`);
  // The database's side of the same creates (all its processes; tools/postgres-cpu.ts), where it runs on this machine.
  if (postgres0 !== undefined && postgres1 !== undefined) console.log(`postgres cpu ms/create ${(((postgres1 - postgres0) * 1000) / n).toFixed(3)}`);
  if (grouping) {
    const perGroup = (grouping.units + grouping.retried) / Math.max(grouping.groups, 1);
    console.log(`group commit: ${grouping.groups} groups, ${perGroup.toFixed(1)} units per group (at most ${group}), ${groupConnections} connection(s), ${grouping.retried} units run again after a deadlock`);
  }
  if (pgStatements) await printStatementStats(s.testStore.store, n, Math.ceil(n / 2));
  if (showSql) {
    for (const [text, count] of [...counts].sort((a, b) => b[1] - a[1])) {
      console.log(`${(count / n).toFixed(2).padStart(6)}  ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
    }
  }
} finally {
  await grouping?.close();
  await s.close();
}
