#!/usr/bin/env node
// Measures how long the CLI takes to start (docs/decisions/0209-cli-start-up.md):
//   help           railyard --help
//   verify-ledger  railyard admin verify-ledger on an empty SQLite database
//   serve          railyard serve, from the spawn to the first answer of GET /ping
// Each is run --runs times (default 10) after one untimed warm-up; prints min and median wall time
// in seconds. `--bin PATH` measures another entry (default packages/cli/bin/railyard.mjs);
// extra environment, such as RAILYARD_FROM_SOURCE=1, is passed on to every run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, bin: { type: 'string' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const root = resolve(import.meta.dirname, '..');
const bin = resolve(values.bin ?? join(root, 'packages/cli/bin/railyard.mjs'));
const work = mkdtempSync(join(tmpdir(), 'railyard-start-up-'));
const env = { ...process.env };
for (const name of ['DATABASE_URL', 'PORT', 'HOST', 'RAILYARD_BOOTSTRAP_KEY']) delete env[name];

function seconds(ms) {
  return (ms / 1000).toFixed(3);
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `min ${seconds(sorted[0])} s, median ${seconds(median)} s (${sorted.length} runs)`;
}

function timeCommand(args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [bin, ...args], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/** Spawns serve on a free port and answers the time until GET /ping has answered (401: no key). */
function timeServe(db) {
  return new Promise((done, fail) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db, '--log-level', 'silent'], {
      env,
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => code !== null && code !== 0 && fail(new Error(`serve exited ${code}: ${stderr}`)));
    child.stdout.on('data', async (chunk) => {
      stdout += chunk;
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (!url || child.answered) return;
      child.answered = true;
      try {
        await fetch(`${url}/ping`);
        const elapsed = performance.now() - start;
        child.once('exit', () => done(elapsed));
        child.kill('SIGTERM');
      } catch (error) {
        child.kill('SIGKILL');
        fail(error);
      }
    });
  });
}

const only = values.only?.split(',');
try {
  if (!only || only.includes('help')) {
    timeCommand(['--help']);
    const times = Array.from({ length: runs }, () => timeCommand(['--help']));
    console.log(`railyard --help                   ${summary(times)}`);
  }
  if (!only || only.includes('verify-ledger')) {
    const db = `sqlite:${join(work, 'empty.db')}`;
    timeCommand(['migrate', '--db', db]);
    timeCommand(['admin', 'verify-ledger', '--db', db]);
    const times = Array.from({ length: runs }, () => timeCommand(['admin', 'verify-ledger', '--db', db]));
    console.log(`railyard admin verify-ledger      ${summary(times)}`);
  }
  if (!only || only.includes('serve')) {
    const db = `sqlite:${join(work, 'serve.db')}`;
    await timeServe(db); // creates the database and the platform
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await timeServe(db));
    console.log(`railyard serve → first answer     ${summary(times)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
