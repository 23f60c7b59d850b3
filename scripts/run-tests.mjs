#!/usr/bin/env node
// Runs every package's tests with node's test runner (TypeScript through tsx).
// PostgreSQL: the suites run against it when DATABASE_URL (or TEST_DATABASE_URL)
// is set or 127.0.0.1:5432 answers; RAILYARD_REQUIRE_POSTGRES=1 makes its
// absence a failure instead of a skip (CI sets it; so does CI=true).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { buildCli, buildTests } from './build-tests.mjs';

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

// Long runs under load (kill -9, a full disk, deliveries across a crash; PostgreSQL under valgrind): minutes
// of CPU on two cores, so `npm test` leaves them to `npm run test:long`, which CI
// runs after it (docs/testing.md, "Long runs"). Named by a filter, they run as any file.
const LONG_RUNS = [
  'packages/server/test/reliability/crash-sqlite.test.ts',
  'packages/server/test/reliability/crash-postgres.test.ts',
  'packages/server/test/reliability/disk.test.ts',
  'packages/server/test/webhooks/crash.test.ts',
  'packages/server/test/scale/pg-instructions.test.ts',
].map((file) => join(...file.split('/')));

const filters = process.argv.slice(2);
const files = readdirSync('packages')
  .flatMap((pkg) => {
    const dir = join('packages', pkg, 'test');
    try {
      return statSync(dir).isDirectory() ? findTests(dir) : [];
    } catch {
      return [];
    }
  })
  .filter((file) => (filters.length === 0 ? !LONG_RUNS.includes(file) : filters.some((f) => file.includes(f))))
  .sort();

if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}

// Test files run in parallel, one process each. Many spend much of their time
// waiting (PostgreSQL and SQLite commits that fsync, child processes), so one
// file more than there are cores keeps the cores busy (on 2 cores, 7 server
// files alternated 2/3/2/3: 88 s, 73 s, 84 s, 80 s). RAILYARD_TEST_CONCURRENCY
// (1-16) overrides.
function testConcurrency() {
  const override = process.env.RAILYARD_TEST_CONCURRENCY;
  if (override === undefined || override === '') return Math.min(availableParallelism() + 1, 16);
  const n = Number(override);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    console.error(`RAILYARD_TEST_CONCURRENCY must be a whole number from 1 to 16, not ${override}`);
    process.exit(2);
  }
  return n;
}

// No hang ever. Under Node 20, --test-timeout bounds each test file's process
// (node 20 reads the flag in the runner only, and kills the file's process when
// it runs over, which also ends a synchronous loop no in-process timer could).
// Generous (5 minutes): it is there to end a hang with a named file, not to
// time tests. RAILYARD_TEST_TIMEOUT_MS overrides. docs/testing.md.
function testTimeout() {
  const override = process.env.RAILYARD_TEST_TIMEOUT_MS;
  if (override === undefined || override === '') return 300_000;
  const ms = Number(override);
  if (!Number.isInteger(ms) || ms < 1000) {
    console.error(`RAILYARD_TEST_TIMEOUT_MS must be a whole number of milliseconds, at least 1000, not ${override}`);
    process.exit(2);
  }
  return ms;
}

// A failing assert.ok without a message fails at once instead of node reading
// the source for minutes (scripts/test-assert-ok.mjs says why).
const assertOk = pathToFileURL(resolve('scripts/test-assert-ok.mjs')).href;

// Bundled by default (scripts/build-tests.mjs: each test process loads a few
// chunks instead of every TypeScript module through tsx's loader hooks, about a
// third less CPU for the suite; docs/testing.md). With RAILYARD_TEST_BUNDLE=0
// the files run from their sources through tsx, as one file does with
// `node --import tsx --test <file>`.
const bundled = process.env.RAILYARD_TEST_BUNDLE !== '0';
const bundle = bundled ? await buildTests(files) : undefined;
// The CLI the tests start as child processes, built from the same sources (railyardCommand in test support).
const cliEntry = bundle ? buildCli(bundle.dir) : undefined;

const result = spawnSync(
  process.execPath,
  [
    ...(bundle ? ['--enable-source-maps'] : ['--import', 'tsx']),
    '--import',
    assertOk,
    '--test',
    '--test-reporter=spec',
    `--test-concurrency=${testConcurrency()}`,
    `--test-timeout=${testTimeout()}`,
    ...(bundle ? bundle.files : files),
  ],
  // RAILYARD_FROM_SOURCE: a CLI the tests start through the bin runs its TypeScript sources, never
  // packages/cli/dist, which may be older than they are (0209); RAILYARD_TEST_CLI: this run's own build.
  // (An undefined value leaves the variable out of the child's environment, whatever this one holds.)
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', RAILYARD_FROM_SOURCE: '1', RAILYARD_TEST_CLI: cliEntry } },
);
await bundle?.remove();
process.exit(result.status ?? 1);
