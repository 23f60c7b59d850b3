// Load scenarios against Railyard and a bare Fastify baseline, in one run.
//   npm run bench                       every scenario, 10 s each
//   npm run bench -- --duration 5 accounts.create
// Each server runs in its own child process; autocannon drives it from this one.
// Only loopback addresses are used. Every run is bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values, positionals } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } },
  allowPositionals: true,
});
const duration = Math.min(Number(values.duration), 60);
const connections = Math.min(Number(values.connections), 256);
const KEY = 'bench-public-key:bench-secret-value-0123456789';
const AUTH = `Basic ${Buffer.from(KEY).toString('base64')}`;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  baseline: { method: 'GET' | 'POST'; path: string };
}

const accountBody = JSON.stringify({
  accountType: 'individual',
  profile: { individual: { name: { firstName: 'Bench', lastName: 'Mark' }, email: 'bench@example.com' } },
});

const scenarios: Scenario[] = [
  { name: 'ping', method: 'GET', path: '/ping', baseline: { method: 'GET', path: '/ping' } },
  {
    name: 'accounts.create',
    method: 'POST',
    path: '/accounts',
    body: accountBody,
    headers: { 'content-type': 'application/json', 'x-moov-version': 'v2026.01.00' },
    baseline: { method: 'POST', path: '/echo' },
  },
];

function startServer(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(?:LISTENING|listening on) (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

async function load(url: string, opts: { method: string; path: string; body?: string; headers?: Record<string, string> }, overallRate?: number) {
  const result = await autocannon({
    url: url + opts.path,
    method: opts.method as 'GET',
    body: opts.body,
    headers: opts.headers,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
  });
  const non2xx = result.non2xx + result.errors;
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

const chosen = positionals.length ? scenarios.filter((s) => positionals.includes(s.name)) : scenarios;
const dir = mkdtempSync(join(tmpdir(), 'railyard-bench-'));
const baseline = await startServer(['bench/servers/baseline.ts', '0']);
const railyard = await startServer(
  ['packages/cli/src/main.ts', 'serve', '--port', '0', '--db', `sqlite:${join(dir, 'bench.db')}`, '--log-level', 'warn'],
  { RAILYARD_BOOTSTRAP_KEY: KEY },
);

const rows: string[] = [];
try {
  for (const scenario of chosen) {
    const base = await load(baseline.url, { ...scenario.baseline, ...(scenario.body ? { body: scenario.body, headers: { 'content-type': 'application/json' } } : {}) });
    const headers = { authorization: AUTH, ...(scenario.headers ?? {}) };
    const max = await load(railyard.url, { method: scenario.method, path: scenario.path, headers, ...(scenario.body ? { body: scenario.body } : {}) });
    const half = await load(railyard.url, { method: scenario.method, path: scenario.path, headers, ...(scenario.body ? { body: scenario.body } : {}) }, Math.max(1, Math.floor(max.rps / 2)));
    rows.push(
      `| ${scenario.name} | ${base.rps} | ${max.rps} | ${(max.rps / base.rps).toFixed(2)} | ${max.p99} | ${half.p50} | ${half.p99} | ${max.non2xx + half.non2xx} |`,
    );
  }
} finally {
  baseline.child.kill('SIGTERM');
  railyard.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`autocannon: ${connections} connections, ${duration} s per run`);
console.log('| scenario | baseline req/s | railyard req/s | ratio | p99 at max (ms) | p50 at half rate (ms) | p99 at half rate (ms) | non-2xx |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
