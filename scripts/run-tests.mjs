#!/usr/bin/env node
// Runs every package's tests with node's test runner (TypeScript through tsx).
// PostgreSQL: the suites run against it when DATABASE_URL (or TEST_DATABASE_URL)
// is set or 127.0.0.1:5432 answers; RAILYARD_REQUIRE_POSTGRES=1 makes its
// absence a failure instead of a skip (CI sets it).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

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
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
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

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${testConcurrency()}`, ...files],
  // RAILYARD_FROM_SOURCE: the CLI under test runs its TypeScript sources, never packages/cli/dist (0209).
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', RAILYARD_FROM_SOURCE: '1' } },
);
process.exit(result.status ?? 1);
