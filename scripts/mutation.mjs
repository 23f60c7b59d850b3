#!/usr/bin/env node
// `npm run test:mutation -- <scope>`: StrykerJS over one scope of
// stryker.config.mjs (ledger, auth, visibility, transfers, rails), on SQLite
// only, incremental (reports/mutation/<scope>.incremental.json keeps the
// results of unchanged code and tests, so a second run tests only what
// changed). Slow (minutes to an hour per scope on 2 cores), so not part of
// `npm test` or CI. docs/testing.md.
import { spawnSync } from 'node:child_process';

const scopes = ['ledger', 'auth', 'visibility', 'transfers', 'rails'];
const scope = process.argv[2] ?? 'ledger';
if (!scopes.includes(scope)) {
  console.error(`usage: npm run test:mutation -- <scope>, one of ${scopes.join(', ')}`);
  process.exit(2);
}
// npx finds the stryker bin of this repository's node_modules.
const result = spawnSync('npx', ['--no-install', 'stryker', 'run', 'stryker.config.mjs', ...process.argv.slice(3)], {
  stdio: 'inherit',
  env: { ...process.env, RAILYARD_MUTATION_SCOPE: scope, RAILYARD_TEST_STORES: 'sqlite', NODE_ENV: 'test', RAILYARD_FROM_SOURCE: '1' },
});
process.exit(result.status ?? 1);
