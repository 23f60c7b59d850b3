// Load scenarios against Railyard and a bare Fastify baseline, in one run.
//   npm run bench                                  every scenario, 10 s each, SQLite in a temp dir
//   npm run bench -- --duration 5 transfers.create
//   npm run bench -- --duration 5 transfers.spread   (the same creates spread over 32 wallet pairs)
//   RAILYARD_ENCRYPTION_KEY=… npm run bench -- --db postgres://127.0.0.1/bench transfers.create
//     (also runs pgbench's TPC-B on the same PostgreSQL and prints creates/s over its tps, then TPC-B
//     paced at each scenario's half rate with its p50 and p99 beside the scenario's; --workers N
//     runs `serve --workers N`)
//   … --flush-probe DIR: during each half-rate run, time a small write's fdatasync every 20 ms in
//     DIR (on the disk that holds pg_wal) and print when flushes were slow (tools/flush-probe.ts)
//   … --pg-waits: during each half-rate run, sample what PostgreSQL's backends wait for every 10 ms
//     and print it after each of the slowest windows (tools/pg-waits.ts)
// Each server runs in its own child process; autocannon drives it from this one at
// full speed, tools/paced-load.ts at a steady half of the rate reached.
// Only loopback addresses are used. Every run is bounded in time. See bench/README.md.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { setUpHotPair, setUpSpreadPairs, type TransferPair } from './scenarios/transfers.ts';
import { pacedLoad, type PacedResult } from './tools/paced-load.ts';
import { cpuMicrosPer, processCpuSeconds } from './tools/process-cpu.ts';
import { runPgbench, runStatement } from './tools/pgbench.ts';
import { walSegmentCount } from './tools/wal-segments.ts';
import { describeFlushes, isDirectory, startFlushProbe } from './tools/flush-probe.ts';
import { describeWaits, startWaitSampler, waitsDuring, type WaitSample } from './tools/pg-waits.ts';
import { postgresCpuSeconds } from './tools/postgres-cpu.ts';

const { values, positionals } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    db: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    'flush-probe': { type: 'string' },
    'pg-waits': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const duration = Math.min(Math.max(Number(values.duration) || 10, 1), 60);
const connections = Math.min(Math.max(Number(values.connections) || 32, 1), 256);
/** On PostgreSQL the bench also reads the database server's CPU (tools/postgres-cpu.ts) and runs pgbench. */
const IS_POSTGRES = /^postgres(ql)?:\/\//.test(values.db ?? '');
const workers = Math.min(Math.max(Number(values.workers) || 1, 1), 16);
/** Where tools/flush-probe.ts flushes during each half-rate run; checked before any server starts. */
const flushProbeDir = values['flush-probe'];
if (flushProbeDir !== undefined && !isDirectory(flushProbeDir)) {
  console.error(`--flush-probe: ${flushProbeDir} is not a directory`);
  process.exit(2);
}
const sampleWaits = values['pg-waits'];
if (sampleWaits && !IS_POSTGRES) {
  console.error('--pg-waits needs --db postgres://…');
  process.exit(2);
}
const KEY = 'bench-public-key:bench-secret-value-0123456789';
const AUTH = `Basic ${Buffer.from(KEY).toString('base64')}`;
/** Each source wallet gets $1,000,000: 100,000,000 one-cent transfers, far beyond any run. */
const FUNDING_CENTS = 100_000_000;
/** `transfers.spread`: how many source → destination wallet pairs (no wallet in two) the creates go round. */
const SPREAD_PAIRS = 32;
/** The scenarios whose full-speed creates/s the bench prints over pgbench's tps on PostgreSQL (issue 20). */
const PGBENCH_RATIO = ['transfers.create', 'transfers.spread'];
const run = promisify(execFile);

/** What a scenario sends to Railyard, and how it checks the run afterwards. */
interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /**
   * When set, called once per request sent to the measured server, in send order, for its body
   * (`body` is then what the baseline gets): `transfers.spread` goes round its wallet pairs.
   */
  nextBody?: () => string;
  headers?: Record<string, string>;
  /** Replaces `[<id>]` in headers and body with a fresh ID per request (autocannon `idReplacement`). */
  uniquePerRequest?: boolean;
  /** Called with the scenario's answers over both runs; answers a line for the report or throws. */
  verify?: (answers: Answers) => Promise<string>;
}

/**
 * `inFlight` counts requests sent but unanswered when a run's time ran out:
 * autocannon stops reading then, but the server still completes them.
 */
interface Answers {
  ok: number;
  inFlight: number;
}

interface ScenarioContext {
  url: string;
  /** Where the scenario's own server listens (Railyard's URL for Railyard scenarios). */
  measuredUrl: string;
  platformID: string;
  db: string;
}

interface Scenario {
  name: string;
  baseline: { method: 'GET' | 'POST'; path: string };
  /** The server measured against the baseline: Railyard, the ledger floor (servers/ledger-floor.ts) or the journal floor (servers/journal-floor.ts). */
  server?: 'railyard' | 'floor' | 'journal' | 'webhooks';
  prepare: (context: ScenarioContext) => Promise<Target>;
}

const V2026_JSON = { 'content-type': 'application/json', 'x-moov-version': 'v2026.01.00' };

const accountBody = JSON.stringify({
  accountType: 'individual',
  profile: { individual: { name: { firstName: 'Bench', lastName: 'Mark' }, email: 'bench@example.com' } },
});

const scenarios: Scenario[] = [
  { name: 'ping', baseline: { method: 'GET', path: '/ping' }, prepare: async () => ({ method: 'GET', path: '/ping' }) },
  {
    name: 'accounts.create',
    baseline: { method: 'POST', path: '/echo' },
    prepare: async () => ({ method: 'POST', path: '/accounts', body: accountBody, headers: V2026_JSON }),
  },
  {
    // Durable wallet→wallet creates of 1 cent, all from one wallet to one other: the hot-account case.
    name: 'transfers.create',
    baseline: { method: 'POST', path: '/echo' },
    prepare: async (context) => transferTarget('transfers.create', context, await setUpHotPair(context.url, AUTH, context.platformID)),
  },
  {
    // The same creates spread round SPREAD_PAIRS disjoint wallet pairs: concurrent creates lock different wallets.
    name: 'transfers.spread',
    baseline: { method: 'POST', path: '/echo' },
    prepare: async (context) => transferTarget('transfers.spread', context, await setUpSpreadPairs(context.url, AUTH, SPREAD_PAIRS)),
  },
  {
    // transfers.create's load with one `*` webhook to a local receiver: delivery lag, and the create rate with and without it (webhookScenario).
    name: 'webhooks.delivery',
    baseline: { method: 'POST', path: '/echo' },
    server: 'webhooks',
    prepare: (context) => scenarios.find((scenario) => scenario.name === 'transfers.create')!.prepare(context),
  },
  {
    // Not Railyard: the least any durable double-entry transfer on this SQLite store costs (servers/ledger-floor.ts).
    name: 'ledger.floor',
    baseline: { method: 'POST', path: '/echo' },
    server: 'floor',
    prepare: async () =>
      floorTarget('ledger.floor', async () => {
        const checked = JSON.parse(await tsx('bench/tools/check-floor.ts', ['--db', floorDb])) as FloorCheck;
        return { ...checked, holder: 'the floor' };
      }),
  },
  {
    // Not Railyard: durability with no database, an in-memory ledger over an fdatasynced journal (servers/journal-floor.ts).
    name: 'journal.floor',
    baseline: { method: 'POST', path: '/echo' },
    server: 'journal',
    prepare: async ({ measuredUrl }) =>
      floorTarget('journal.floor', async () => {
        const stats = await (await fetch(`${measuredUrl}/fsync-stats`)).json();
        const checked = JSON.parse(await tsx('bench/tools/check-journal.ts', ['--journal', journalFile])) as FloorCheck;
        return { ...checked, holder: 'the journal', also: `fdatasync ms ${JSON.stringify(stats)}` };
      }),
  },
];

/**
 * The transfer scenarios' load: durable wallet→wallet creates of 1 cent, each with its own
 * idempotency key (a replay would not write), the k-th request sent from `pairs[k % pairs.length]`
 * (a counter over every run of the scenario). Every source wallet is funded first
 * (tools/fund-wallet.ts: one process, one transaction). Afterwards the transfers with this run's key
 * prefix must all be `completed`, one per 2xx answer plus at most those cut off in flight, from as
 * many source wallets as the round-robin reached, and `verify-ledger` must print `ok`.
 */
async function transferTarget(name: string, { platformID, db }: ScenarioContext, pairs: TransferPair[]): Promise<Target> {
  const funded = pairs.flatMap(({ source }) => ['--account', source.accountID, '--wallet', source.walletID]);
  await tsx('bench/tools/fund-wallet.ts', ['--db', db, ...funded, '--cents', String(FUNDING_CENTS)]);
  const keyPrefix = `bench-${randomBytes(4).toString('hex')}`;
  const bodies = pairs.map(({ source, destination }) =>
    JSON.stringify({
      source: { paymentMethodID: source.paymentMethodID },
      destination: { paymentMethodID: destination.paymentMethodID },
      amount: { currency: 'USD', value: 1 },
      description: 'bench',
    }),
  );
  let sent = 0;
  return {
    method: 'POST',
    path: `/accounts/${platformID}/transfers`,
    body: bodies[0],
    ...(bodies.length > 1 ? { nextBody: () => bodies[sent++ % bodies.length]! } : {}),
    headers: { ...V2026_JSON, 'x-idempotency-key': `${keyPrefix}-[<id>]` },
    uniquePerRequest: true,
    verify: async ({ ok, inFlight }) => {
      const { statuses, sources } = JSON.parse(
        await tsx('bench/tools/count-transfers.ts', ['--db', db, '--platform', platformID, '--key-prefix', keyPrefix]),
      ) as { statuses: Record<string, number>; sources: number };
      const completed = statuses['completed'] ?? 0;
      // Every 2xx is a completed transfer; the only extra ones are requests cut off in flight at the end of a run.
      const extra = completed - ok;
      if (extra < 0 || extra > inFlight || Object.keys(statuses).some((status) => status !== 'completed')) {
        throw new Error(`${name}: ${ok} answered 2xx (${inFlight} cut off in flight) but the database holds ${JSON.stringify(statuses)}`);
      }
      // Round-robin over every request sent: any pairs.length of them in a row take every pair.
      const reached = Math.min(pairs.length, completed);
      if (sources !== reached) throw new Error(`${name}: ${completed} transfers came from ${sources} source wallets, not ${reached} of ${pairs.length}`);
      const ledger = (await tsx('packages/cli/src/main.ts', ['admin', 'verify-ledger', '--db', db])).trim();
      if (ledger !== 'ok') throw new Error(`${name}: verify-ledger printed ${ledger}`);
      return `${name}: ${completed} transfers completed = ${ok} 2xx answers + ${extra} of ${inFlight} requests cut off in flight when a run ended, from ${sources} source wallet${sources === 1 ? '' : 's'} (${pairs.length} pair${pairs.length === 1 ? '' : 's'}); none failed; verify-ledger: ${ledger}`;
    },
  };
}

/** What a yardstick's check tool prints. */
interface FloorCheck {
  transfers: number;
  conserved: boolean;
}

/**
 * A yardstick's load (servers/ledger-floor.ts, servers/journal-floor.ts): a 1-cent
 * transfer between its two wallets under a fresh idempotency key per request.
 * Afterwards it must hold one transfer per 2xx answer, plus at most those cut off
 * in flight, with its money conserved.
 */
function floorTarget(scenario: 'ledger.floor' | 'journal.floor', check: () => Promise<FloorCheck & { holder: string; also?: string }>): Target {
  const name = scenario.split('.')[0]!;
  const keyPrefix = `${name}-${randomBytes(4).toString('hex')}`;
  return {
    method: 'POST',
    path: '/transfers',
    body: JSON.stringify({
      source: { paymentMethodID: `${name}-source` },
      destination: { paymentMethodID: `${name}-destination` },
      amount: { currency: 'USD', value: 1 },
      description: 'bench',
    }),
    headers: { 'content-type': 'application/json', 'x-idempotency-key': `${keyPrefix}-[<id>]` },
    uniquePerRequest: true,
    verify: async ({ ok, inFlight }) => {
      const { transfers, conserved, holder, also } = await check();
      const extra = transfers - ok;
      if (extra < 0 || extra > inFlight || !conserved) {
        throw new Error(`${scenario}: ${ok} answered 2xx (${inFlight} cut off in flight) but ${holder} holds ${transfers} transfers, conserved: ${conserved}`);
      }
      return `${scenario}: ${transfers} transfers = ${ok} 2xx answers + ${extra} of ${inFlight} cut off in flight; money conserved${also ? `; ${also}` : ''}`;
    },
  };
}

/** Runs a TypeScript file of this repository to completion and answers its stdout. */
async function tsx(file: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file, ...args], { timeout: 120_000, maxBuffer: 1 << 20 });
  return stdout;
}

/** How long a server may take to print where it listens. */
const SERVER_START_TIMEOUT_MS = 120_000;

function startServer(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    // Generous: `serve --workers 2` took 44 s to start (three processes loading TypeScript) at load average 28.
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), SERVER_START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(?:LISTENING|listening on) (http:\/\/\S+)/.exec(output);
      if (match && output.includes('\n', match.index + match[0].length)) {
        clearTimeout(timer);
        // A short settle so the rest of the start-up banner (the platform line) has arrived.
        setTimeout(() => resolve({ child, url: match[1]!, output: () => output }), 100);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  inFlight: number;
  non2xx: number;
  /** The server process's CPU (all threads, user + kernel) per answered request, in µs; undefined off Linux. */
  cpuMicros: number | undefined;
  /** The local PostgreSQL server's CPU (all its processes) per answered request, in µs; undefined when not read. */
  postgresCpuMicros: number | undefined;
  /** This process's CPU (autocannon, the load generator) per answered request, in µs. */
  loaderCpuMicros: number | undefined;
}

/**
 * On PostgreSQL, seconds of full-speed load before a scenario's measured runs, not measured, then
 * ANALYZE: pgbench's own set-up ends with VACUUM ANALYZE, and the comparison is fair only when
 * both run on tables with statistics. Without it PostgreSQL keeps the plans it prepared for the
 * empty tables of the new database until autovacuum's first ANALYZE, a minute or more later
 * (decision 2001, amendment "One Sync per message").
 */
const POSTGRES_WARMUP_S = 3;

/** Seconds of load at the same rate before each paced run, not measured: the pool opens its connections, both sides warm up. */
const PACED_WARMUP_S = 1;

/**
 * A steady open-loop load at `rate` (see tools/paced-load.ts: autocannon's own
 * rate limit comes in bursts), after a warm-up on the same connections whose
 * 2xx answers (transfers written like any other) are counted in `ok`.
 */
function paced(url: string, target: Omit<Target, 'verify'>, rate: number): Promise<PacedResult> {
  const spec = { url, method: target.method, path: target.path, body: target.body, nextBody: target.nextBody, headers: target.headers ?? {}, uniquePerRequest: target.uniquePerRequest };
  return pacedLoad(spec, rate, duration, connections, { warmupS: PACED_WARMUP_S });
}

async function load(server: { url: string; child: ChildProcess }, target: Omit<Target, 'verify'>, seconds = duration): Promise<LoadResult> {
  const cpuBefore = processCpuSeconds(server.child.pid);
  const postgresBefore = IS_POSTGRES ? postgresCpuSeconds() : undefined;
  const loaderBefore = process.cpuUsage();
  const result = await autocannon({
    url: server.url + target.path,
    method: target.method,
    ...(target.body ? { body: target.body } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.uniquePerRequest ? { idReplacement: true } : {}),
    // autocannon builds every request it sends (the first of a connection when it opens) through setupRequest.
    ...(target.nextBody ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: target.nextBody!() }) }] } : {}),
    connections,
    duration: seconds,
  });
  const cpuAfter = processCpuSeconds(server.child.pid);
  const postgresAfter = IS_POSTGRES ? postgresCpuSeconds() : undefined;
  const loader = process.cpuUsage(loaderBefore);
  const answered = result['2xx'] + result.non2xx;
  return {
    cpuMicros: cpuMicrosPer(cpuBefore, cpuAfter, answered),
    postgresCpuMicros: cpuMicrosPer(postgresBefore, postgresAfter, answered),
    loaderCpuMicros: cpuMicrosPer(0, (loader.user + loader.system) / 1e6, answered),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    // Without pipelining a connection has at most one request outstanding.
    inFlight: Math.min(connections, Math.max(0, result.requests.sent - result['2xx'] - result.non2xx)),
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** A call to Railyard's API as the bench platform; answers the parsed body. */
async function api(url: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<any> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization: AUTH, ...V2026_JSON },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Waits (at most `boundS`) until the process uses under 10% of a core over half a second; answers the seconds waited. */
async function waitIdle(pid: number | undefined, boundS: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < boundS * 1000) {
    const before = processCpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = processCpuSeconds(pid);
    if (before === undefined || after === undefined || after - before < 0.05) break;
  }
  return Math.round((performance.now() - start) / 100) / 10;
}

const pct = (values: number[], q: number): string => {
  if (values.length === 0) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
};

/** How long the bench waits for the last deliveries after the paced creates. */
const DELIVERY_WAIT_S = 60;

/**
 * `webhooks.delivery` (issue 13). An unmeasured full-speed warm-up, then full-speed creates without a
 * webhook (A1); then one `*` webhook to
 * the receiver (servers/webhook-receiver.ts) and creates at a steady half of A1's rate, waiting
 * (bounded) until the receiver holds every event recorded since, with the lag from each create's 2xx
 * to the receipt of its `transfer.created` (and of its last event naming it); then the same number of
 * bare POSTs at the same rate from here to the receiver (send → receipt: the floor); then full speed
 * with the webhook (B1), without (A2, webhook disabled), with (B2). Before each of these runs the
 * server is left to go idle (bounded), the webhook disabled between them (its backlog canceled), and
 * the worker's backlog printed (tools/webhook-backlog.ts).
 */
async function webhookScenario(
  railyard: { url: string; child: ChildProcess },
  receiver: { url: string; child: ChildProcess },
  target: Omit<Target, 'verify'>,
): Promise<{ lines: string[]; ok: number; inFlight: number }> {
  const lines: string[] = [];
  let ok = 0;
  let inFlight = 0;
  const full = async (label: string) => {
    const result = await load(railyard, target);
    ok += result.ok;
    inFlight += result.inFlight;
    return { label, ...result };
  };
  const hook = (status: 'enabled' | 'disabled') => ({ url: `${receiver.url}/hooks`, status, eventTypes: ['*'], description: 'bench' });
  const records = async () => (await (await fetch(`${receiver.url}/records`)).json()) as { events: Record<string, [number, string, string | undefined]>; probes: Record<string, number>; posts: number };
  const receivedCount = async () => (await (await fetch(`${receiver.url}/count`)).json()) as { events: number; posts: number };

  // A first full-speed run on a cold process (JIT, caches, SQLite pages) is slower than the ones
  // after it; run it once unmeasured so that A1 compares like with like.
  await full('warm-up');
  await waitIdle(railyard.child.pid, 30);
  const a1 = await full('A1 no webhook');
  // The cursor after everything recorded so far.
  let cursor: string | undefined;
  for (;;) {
    const page = (await api(railyard.url, 'GET', `/railyard/events?count=1000${cursor ? `&after=${cursor}` : ''}`)) as { events: unknown[]; nextCursor: string };
    cursor = page.nextCursor;
    if (page.events.length < 1000) break;
  }
  const webhookID = ((await api(railyard.url, 'POST', '/webhooks', hook('enabled'))) as { webhookID: string }).webhookID;
  await fetch(`${receiver.url}/reset`, { method: 'POST' });

  // Creates at half of A1's rate, each 2xx's time and transferID kept.
  const rate = Math.max(1, Math.floor(a1.rps / 2));
  const answered = new Map<string, number>();
  const spec = { url: railyard.url, method: target.method, path: target.path, body: target.body, headers: target.headers ?? {}, uniquePerRequest: target.uniquePerRequest };
  const started = performance.timeOrigin + performance.now();
  const half = await pacedLoad(spec, rate, duration, connections, {
    warmupS: PACED_WARMUP_S,
    onAnswer: ({ statusCode, body, answeredAt }) => {
      if (statusCode >= 200 && statusCode < 300) answered.set((JSON.parse(body) as { transferID: string }).transferID, answeredAt);
    },
  });
  ok += half.ok;
  const sentS = (performance.timeOrigin + performance.now() - started) / 1000;
  const expected: { eventID: string }[] = [];
  for (;;) {
    const page = (await api(railyard.url, 'GET', `/railyard/events?count=1000&after=${cursor}`)) as { events: { eventID: string }[]; nextCursor: string };
    expected.push(...page.events);
    cursor = page.nextCursor;
    if (page.events.length < 1000) break;
  }
  const waitStart = performance.now();
  while (performance.now() - waitStart < DELIVERY_WAIT_S * 1000 && (await receivedCount()).events < expected.length) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const received = await records();
  const createdLag: number[] = [];
  const lastLag: number[] = [];
  const lastReceipt = new Map<string, number>();
  let lastAt = 0;
  for (const [, [at, type, transferID]] of Object.entries(received.events)) {
    lastAt = Math.max(lastAt, at);
    if (!transferID || !answered.has(transferID)) continue;
    if (type === 'transfer.created') createdLag.push(at - answered.get(transferID)!);
    lastReceipt.set(transferID, Math.max(lastReceipt.get(transferID) ?? 0, at));
  }
  for (const [transferID, at] of lastReceipt) lastLag.push(at - answered.get(transferID)!);
  const delivered = expected.filter((event) => event.eventID in received.events).length;

  // The floor: as many bare POSTs at the same rate from this process, send → receipt.
  const postRate = Math.max(1, Math.round(expected.length / (duration + PACED_WARMUP_S)));
  await fetch(`${receiver.url}/reset`, { method: 'POST' });
  const due = new Map<string, number>();
  const bare = await pacedLoad(
    { url: receiver.url, method: 'POST', path: '/probe', body: '{"probe":"[<id>]"}', headers: { 'content-type': 'application/json' }, uniquePerRequest: true },
    postRate,
    duration + PACED_WARMUP_S,
    16,
    { onAnswer: ({ id, dueAt }) => due.set(id, dueAt) },
  );
  const probes = (await records()).probes;
  const bareLag = [...due].flatMap(([id, dueAt]) => (probes[id] === undefined ? [] : [probes[id] - dueAt]));

  // The create rate with and without the webhook, alternated. Every run starts from an idle server
  // (bounded wait), and what the worker still holds then is printed: a run that inherits the previous
  // run's backlog is not measuring the same thing.
  const backlog = async () => JSON.parse(await tsx('bench/tools/webhook-backlog.ts', ['--db', db])) as { queued: number; pending: number; claimed: number };
  const starts: string[] = [];
  const settled = async (label: string) => {
    const idleS = await waitIdle(railyard.child.pid, 30);
    const left = await backlog();
    starts.push(`${label} after ${idleS} s idle wait (queued ${left.queued}, pending ${left.pending}, claimed ${left.claimed})`);
  };
  await api(railyard.url, 'PUT', `/webhooks/${webhookID}`, hook('disabled'));
  await settled('B1');
  await api(railyard.url, 'PUT', `/webhooks/${webhookID}`, hook('enabled'));
  const b1 = await full('B1 one * webhook');
  await api(railyard.url, 'PUT', `/webhooks/${webhookID}`, hook('disabled'));
  await settled('A2');
  const a2 = await full('A2 no webhook (disabled)');
  await settled('B2');
  await api(railyard.url, 'PUT', `/webhooks/${webhookID}`, hook('enabled'));
  const b2 = await full('B2 one * webhook');
  await api(railyard.url, 'PUT', `/webhooks/${webhookID}`, hook('disabled'));
  await settled('end');
  const sentByWorker = (await receivedCount()).posts;

  lines.push(
    `webhooks.delivery: creates at ${half.rate} req/s (half of A1's ${a1.rps}) for ${duration} s + ${PACED_WARMUP_S} s warm-up, ${answered.size} 2xx; ` +
      `events delivered ${delivered} / ${expected.length} expected (${(lastAt / 1000 - started / 1000 - sentS).toFixed(1)} s after the last create answer, wait bound ${DELIVERY_WAIT_S} s; ` +
      `${Math.round(delivered / Math.max(0.001, lastAt / 1000 - started / 1000))} events/s from the first create)`,
    `  lag create 2xx → receipt of its transfer.created (ms): p50 ${pct(createdLag, 0.5)}, p99 ${pct(createdLag, 0.99)}, max ${pct(createdLag, 1)} (${createdLag.length} of ${answered.size} transfers); → its last event naming it: p50 ${pct(lastLag, 0.5)}, p99 ${pct(lastLag, 0.99)}, max ${pct(lastLag, 1)}`,
    `  floor, bare POSTs from the bench to the same receiver (16 keep-alive connections): ${bare.sent} at ${bare.rate} req/s, ${bareLag.length} received; send → receipt (ms): p50 ${pct(bareLag, 0.5)}, p99 ${pct(bareLag, 0.99)}, max ${pct(bareLag, 1)}`,
    `  runs started: ${starts.join('; ')} (bound 30 s); events the worker sent during B1+A2+B2 and after: ${sentByWorker}`,
    '| transfers.create at full speed | req/s | CPU µs/req | p50 (ms) | p99 (ms) | non-2xx |',
    '|---|---|---|---|---|---|',
    ...[a1, b1, a2, b2].map((r) => `| ${r.label} | ${r.rps} | ${r.cpuMicros ?? '—'} | ${r.p50} | ${r.p99} | ${r.non2xx} |`),
    `  with / without: B1/A1 ${(b1.rps / a1.rps).toFixed(3)}, B2/A2 ${(b2.rps / a2.rps).toFixed(3)}, (B1+B2)/(A1+A2) ${((b1.rps + b2.rps) / (a1.rps + a2.rps)).toFixed(3)} (target ≥ 0.90)`,
  );
  // Printed now too: the checks that follow need the server idle and may fail on a busy machine.
  for (const line of lines) console.log(line);
  await waitIdle(railyard.child.pid, 30);
  return { lines, ok, inFlight };
}

const chosen = positionals.length ? scenarios.filter((s) => positionals.includes(s.name)) : scenarios;
if (chosen.length === 0) throw new Error(`no such scenario: ${positionals.join(', ')} (known: ${scenarios.map((s) => s.name).join(', ')})`);
const dir = mkdtempSync(join(tmpdir(), 'railyard-bench-'));
const db = values.db ?? `sqlite:${join(dir, 'bench.db')}`;
const baseline = await startServer(['bench/servers/baseline.ts', '0']);
const railyard = await startServer(
  ['packages/cli/src/main.ts', 'serve', '--port', '0', '--db', db, '--log-level', 'warn', '--rate-limit', '0', ...(workers > 1 ? ['--workers', String(workers)] : [])],
  { RAILYARD_BOOTSTRAP_KEY: KEY },
  // e.g. BENCH_RAILYARD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile Railyard under load.
  process.env['BENCH_RAILYARD_NODE_ARGS']?.split(' ').filter(Boolean) ?? [],
).catch(async (error: unknown) => {
  await stopServer(baseline.child);
  throw error;
});
const platformID = /platform accountID: (\S+)/.exec(railyard.output())?.[1];
const floorDb = join(dir, 'floor.db');
const floor = chosen.some((scenario) => scenario.server === 'floor')
  ? await startServer(['bench/servers/ledger-floor.ts', '0', floorDb]).catch(async (error: unknown) => {
      await Promise.all([stopServer(baseline.child), stopServer(railyard.child)]);
      throw error;
    })
  : undefined;
const journalFile = join(dir, 'journal');
const journal = chosen.some((scenario) => scenario.server === 'journal')
  ? await startServer(['bench/servers/journal-floor.ts', '0', journalFile]).catch(async (error: unknown) => {
      await Promise.all([stopServer(baseline.child), stopServer(railyard.child), ...(floor ? [stopServer(floor.child)] : [])]);
      throw error;
    })
  : undefined;

const receiver = chosen.some((scenario) => scenario.server === 'webhooks')
  ? await startServer(['bench/servers/webhook-receiver.ts', '0']).catch(async (error: unknown) => {
      await Promise.all([baseline, railyard, floor, journal, receiver].flatMap((server) => (server ? [stopServer(server.child)] : [])));
      throw error;
    })
  : undefined;

const rows: string[] = [];
const webhookLines: string[] = [];
/** Per scenario: when the half-rate run's tail happened, to match it against the server's and the database's logs. */
const tailLines: string[] = [];
/**
 * PGBENCH_RATIO scenarios' full-speed run, for the ratio over pgbench's tps, and their half-rate
 * run's rate and p99, at which pgbench runs paced for the database's own tail there.
 */
const createRps = new Map<string, { max: LoadResult; half: { rate: number; p99: number } }>();
const checks: string[] = [];
const loadAtStart = loadavg().map((n) => n.toFixed(2)).join(' ');
try {
  if (!platformID) throw new Error(`Railyard did not print its platform: ${railyard.output()}`);
  for (const scenario of chosen) {
    const measured = scenario.server === 'floor' ? floor! : scenario.server === 'journal' ? journal! : railyard;
    const target = await scenario.prepare({ url: railyard.url, measuredUrl: measured.url, platformID, db });
    const withAuth = { ...target, headers: { authorization: AUTH, ...(target.headers ?? {}) } };
    if (scenario.server === 'webhooks') {
      const { verify: _verify, ...load } = withAuth;
      const result = await webhookScenario(railyard, receiver!, load);
      webhookLines.push(...result.lines);
      // The worker may still be working off the backlog of deliveries here; a failed check is reported, and the exit code says so.
      if (target.verify) {
        checks.push(
          await target.verify({ ok: result.ok, inFlight: result.inFlight }).catch((error: unknown) => {
            process.exitCode = 1;
            return `webhooks.delivery: check FAILED: ${String(error).split('\n')[0]}`;
          }),
        );
      }
      continue;
    }
    const baselineTarget = { ...scenario.baseline, ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json' } } : {}) };
    const warm = IS_POSTGRES && measured === railyard ? await load(measured, withAuth, POSTGRES_WARMUP_S) : undefined;
    if (warm) await runStatement(db, 'ANALYZE');
    const base = await load(baseline, baselineTarget);
    const max = await load(measured, withAuth);
    const halfRate = Math.max(1, Math.floor(max.rps / 2));
    const walBefore = IS_POSTGRES ? await walSegmentCount(db) : undefined;
    const probe = flushProbeDir === undefined ? undefined : startFlushProbe(flushProbeDir);
    const sampler = sampleWaits ? startWaitSampler(db) : undefined;
    // Both stop even when the run fails: the probe's worker thread would keep this process alive.
    const stopProbes = async () => ({
      waits: await sampler?.stop(),
      flushes: await probe?.stop().then(
        (summary) => describeFlushes(flushProbeDir!, summary),
        (error: unknown) => `fdatasync probe failed: ${String(error).split('\n')[0]}`,
      ),
    });
    const half = await paced(measured.url, withAuth, halfRate).catch(async (error: unknown) => {
      await stopProbes();
      throw error;
    });
    const { waits, flushes } = await stopProbes();
    const walAfter = IS_POSTGRES ? await walSegmentCount(db) : undefined;
    // A window's requests were due within its 100 ms and answered up to its slowest answer later.
    const waitsOf = (w: { startMs: number; maxMs: number }, samples: readonly WaitSample[]) =>
      ` ${describeWaits(waitsDuring(samples, w.startMs, w.startMs + 100 + w.maxMs))}`;
    tailLines.push(
      `${scenario.name} at half rate, its slowest 100 ms windows (UTC, slowest answer, answers over 20 ms${waits ? ', what the backends waited for then' : ''}): ` +
        half.slowest.map((w) => `${w.at} ${w.maxMs} ms (${w.over20ms})${waits ? waitsOf(w, waits.samples) : ''}`).join(', ') +
        (waits?.error !== undefined ? `; the wait sampler stopped early: ${waits.error}` : '') +
        (walBefore !== undefined && walAfter !== undefined ? `; WAL segments PostgreSQL created meanwhile: ${Math.max(0, walAfter - walBefore)}` : '') +
        (flushes === undefined ? '' : `; ${flushes}`),
    );
    // The same steady rate against the baseline: the floor of what the load generator and loopback add.
    const baseHalf = await paced(baseline.url, baselineTarget, halfRate);
    if (PGBENCH_RATIO.includes(scenario.name)) {
      createRps.set(scenario.name, { max, half: { rate: halfRate, p99: half.p99 } });
    }
    rows.push(
      `| ${scenario.name} | ${base.rps} | ${max.rps} | ${(max.rps / base.rps).toFixed(2)} | ${base.cpuMicros ?? '—'} | ${max.cpuMicros ?? '—'} | ${max.p50} | ${max.p99} | ${half.rate} | ${half.p50} | ${half.p99} | ${baseHalf.p99} | ${max.non2xx + half.non2xx + half.errors} |`,
    );
    // The paced run waits for every answer, so only the full-speed run can end with requests in flight.
    if (target.verify) checks.push(await target.verify({ ok: max.ok + half.ok + (warm?.ok ?? 0), inFlight: max.inFlight + (warm?.inFlight ?? 0) }));
  }
  // Side by side on the same PostgreSQL: what the database does with its own benchmark (issue 20).
  if (IS_POSTGRES && createRps.size > 0) {
    const result = await runPgbench(db, { pacedRates: [...createRps.values()].map(({ half }) => half.rate), pacedSeconds: duration, pacedWarmupS: PACED_WARMUP_S }).catch(
      (error: unknown) => error as Error,
    );
    const processes = `with ${workers} process${workers > 1 ? 'es' : ''}`;
    if (result instanceof Error) webhookLines.push(`pgbench: not run (${result.message.split('\n')[0]})`);
    else {
      webhookLines.push(
        `pgbench TPC-B on the same PostgreSQL (-c ${result.clients} -j 2 -T ${result.seconds}, scale ${result.scale}, after Railyard's runs): ${result.tps} tps; ` +
          [...createRps].map(([name, { max }]) => `${name} ${max.rps} creates/s ${processes} = ${(max.rps / result.tps).toFixed(2)} × pgbench`).join('; ') +
          ' (target ≥ 0.4)',
      );
      // The database's own transaction at each scenario's half rate: what the disk's flushes and the
      // machine leave of the 20 ms target before Railyard adds anything (issue 20; docs/deploy.md).
      webhookLines.push(
        `pgbench TPC-B paced at each scenario's half rate (-c ${result.clients} -R rate, ${duration} s after ${PACED_WARMUP_S} s, latency from each transaction's schedule): ` +
          [...createRps]
            .map(([name, { half }], i) => {
              const paced = result.paced[i];
              if (!paced || 'error' in paced) return `at ${name}'s ${half.rate}/s: not run (${paced?.error ?? 'no result'})`;
              const failed = paced.failed > 0 ? `, ${paced.failed} failed` : '';
              return `at ${name}'s ${half.rate}/s (${paced.measuredRate}/s measured): p50 ${paced.p50} ms, p99 ${paced.p99} ms, max ${paced.max} ms${failed}; ${name}'s own p99 ${half.p99} ms`;
            })
            .join('; '),
      );
      // Where each side's CPU goes per unit of work: on a machine whose cores all three share, the
      // sum bounds the rate (cores × 1 s ÷ CPU per unit), whatever the round trips.
      const bound = (micros: number) => Math.round((cpus().length * 1e6) / micros);
      const known = (...figures: (number | undefined)[]) => figures.every((figure) => figure !== undefined);
      if (known(result.postgresCpuMicros, result.clientCpuMicros)) {
        const total = result.postgresCpuMicros! + result.clientCpuMicros!;
        webhookLines.push(
          `CPU per pgbench transaction: PostgreSQL ${result.postgresCpuMicros} µs + pgbench ${result.clientCpuMicros} µs = ${total} µs (${cpus().length} cores: at most ${bound(total)}/s)`,
        );
      }
      for (const [name, { max }] of createRps) {
        if (!known(max.cpuMicros, max.postgresCpuMicros, max.loaderCpuMicros)) continue;
        const total = max.cpuMicros! + max.postgresCpuMicros! + max.loaderCpuMicros!;
        webhookLines.push(
          `CPU per ${name} at full speed: Railyard ${max.cpuMicros} µs + PostgreSQL ${max.postgresCpuMicros} µs + load generator ${max.loaderCpuMicros} µs = ${total} µs (${cpus().length} cores: at most ${bound(total)}/s)`,
        );
      }
    }
  }
} finally {
  // Every child, the webhook receiver too: one left running keeps this process alive after the figures.
  await Promise.all([baseline, railyard, floor, journal, receiver].flatMap((server) => (server ? [stopServer(server.child)] : [])));
  if (!values['keep-db']) rmSync(dir, { recursive: true, force: true });
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`database: ${values.db ? db.replace(/\/\/[^@/]*@/, '//…@') : 'sqlite (temp dir)'}; load average at start: ${loadAtStart}, at end: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log(`${connections} connections, ${duration} s per run; full speed: autocannon; half rate: steady open-loop load (tools/paced-load.ts)`);
console.log('| scenario | baseline req/s | measured req/s (Railyard, or a floor) | ratio | baseline CPU µs/req | measured CPU µs/req | p50 at max (ms) | p99 at max (ms) | half rate (req/s) | p50 at half rate (ms) | p99 at half rate (ms) | baseline p99 at that rate (ms) | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
for (const line of tailLines) console.log(line);
for (const line of webhookLines) console.log(line);
for (const check of checks) console.log(check);
