#!/usr/bin/env node
// Runs every package's tests with node's test runner (TypeScript through tsx).
// PostgreSQL: the suites run against it when DATABASE_URL (or TEST_DATABASE_URL)
// is set or 127.0.0.1:5432 answers; RAILYARD_REQUIRE_POSTGRES=1 makes its
// absence a failure instead of a skip (CI sets it).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
