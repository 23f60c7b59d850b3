import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
// One rule for every PostgreSQL probe of the tests: required on CI, skipped visibly elsewhere.
import { POSTGRES_URL, postgresSkipReason } from '../../server/test/support/stores.ts';
import { railyardCommand } from '../../server/test/support/railyard-command.ts';

/**
 * The real CLI as a child process, the way an operator runs it. Every server
 * listens on port 0 and on a temporary database.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/**
 * A limit on one CLI run, generous on purpose: each run starts node and loads
 * the CLI (railyardCommand: this run's bundle under npm test, ~1 s of CPU; the
 * sources through tsx when the file runs alone, ~2 s), and on a 2-core CI machine
 * running other test files at once a run has taken over 30 s. A hung command
 * still fails.
 */
const COMMAND_TIMEOUT_MS = 120_000;
/** CLI runs a test starts at once: more only queue for the same two cores and stretch each run towards its limit. */
const PARALLEL_RUNS = 3;

/** The environment without anything that would pick a database or key for the child. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'RAILYARD_BOOTSTRAP_KEY', 'PORT', 'HOST', 'RAILYARD_RATE_LIMIT']) delete env[name];
  // `npm start`, the one run through the bin, runs the sources, not packages/cli/dist (decisions/0209).
  // Every other run starts railyardCommand(), built from today's sources.
  return { ...env, RAILYARD_FROM_SOURCE: '1', ...extra };
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

const railyard = (args: string[], env: Record<string, string> = {}) => run(process.execPath, [...railyardCommand(), ...args], env);

/** `railyard` for every case, at most PARALLEL_RUNS at a time; results in the order of the cases. */
async function railyardAll(cases: string[][]): Promise<Finished[]> {
  const results: Finished[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) results[i] = await railyard(cases[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RUNS, cases.length) }, worker));
  return results;
}

interface RunningServer {
  url: string;
  stdout: () => string;
  stop(): Promise<number | null>;
}

/** Starts `railyard serve`, waits for the line that names its URL and platform. */
function serve(args: string[], env: Record<string, string> = {}): Promise<RunningServer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...railyardCommand(), 'serve', '--port', '0', '--log-level', 'silent', ...args], {
      cwd: REPO_ROOT,
      env: cleanEnv(env),
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${stderr}`));
    }, COMMAND_TIMEOUT_MS);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url && stdout.includes('platform accountID:')) {
        clearTimeout(timer);
        resolvePromise({
          url,
          stdout: () => stdout,
          async stop() {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${stderr}`));
    });
  });
}

function basic(publicKey: string, secret: string): string {
  return `Basic ${Buffer.from(`${publicKey}:${secret}`).toString('base64')}`;
}

async function ping(url: string, authorization: string): Promise<number> {
  return (await fetch(`${url}/ping`, { headers: { authorization } })).status;
}

const postgresSkip = await postgresSkipReason();
const scratch = mkdtempSync(join(tmpdir(), 'railyard-cli-'));
let dbCounter = 0;
const freshDb = () => `sqlite:${join(scratch, `db-${++dbCounter}.db`)}`;
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('railyard CLI', () => {
  test('migrate applies every migration once', async () => {
    const db = freshDb();
    const first = await railyard(['migrate', '--db', db]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^applied migrations: 1(, \d+)*\n$/);
    const second = await railyard(['migrate', '--db', db]);
    assert.equal(second.code, 0);
    assert.equal(second.stdout, 'database is up to date\n');
  });

  test('migrate against PostgreSQL when it answers', { skip: postgresSkip }, async () => {
    const database = `railyard_cli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${database}`;
      const first = await railyard(['migrate', '--db', url.toString()]);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /^applied migrations: 1/);
      const second = await railyard(['migrate'], { DATABASE_URL: url.toString() });
      assert.equal(second.stdout, 'database is up to date\n');
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  test('bad flags and unknown commands exit 2 with the usage text', async () => {
    const cases = [
      ['serve', '--bogus'],
      ['serve', '--port', 'eighty'],
      ['serve', '--port', '70000'],
      ['serve', '--rate-limit', 'fast'],
      ['migrate', 'extra'],
      ['migrate', '--db'],
      ['admin'],
      ['admin', 'delete-everything'],
      ['admin', 'create-platform'],
      ['admin', 'create-platform', '--name', 'X', '--public-key', 'only-half'],
      ['launch'],
    ];
    const results = await railyardAll(cases);
    cases.forEach((args, i) => {
      assert.equal(results[i]!.code, 2, `${args.join(' ')}: ${results[i]!.stderr}`);
      assert.match(results[i]!.stderr, /usage: railyard/);
    });
  });

  test('a bad --db is a clear error and a non-zero exit', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['migrate', '--db', 'mysql://localhost/x'], /unsupported database URL/],
      [['migrate', '--db', 'sqlite:'], /needs a path/],
      [['migrate', '--db', 'sqlite:/dev/null/x.db'], /EEXIST|ENOTDIR/],
      [['migrate', '--db', 'postgres://nobody@127.0.0.1:1/none'], /ECONNREFUSED/],
      [['admin', 'create-platform', '--name', 'X', '--db', 'nonsense'], /unsupported database URL/],
      [['serve', '--port', '0', '--db', 'nonsense'], /unsupported database URL/],
    ];
    const results = await railyardAll(cases.map(([args]) => args));
    cases.forEach(([args, message], i) => {
      assert.equal(results[i]!.code, 1, args.join(' '));
      assert.match(results[i]!.stderr, /^railyard: /);
      assert.match(results[i]!.stderr, message);
    });
  });

  test('admin create-platform prints the credentials, and the key works against serve', async () => {
    const db = freshDb();
    const made = await railyard(['admin', 'create-platform', '--name', 'Acme', '--db', db]);
    assert.equal(made.code, 0, made.stderr);
    const created = JSON.parse(made.stdout);
    assert.deepEqual(Object.keys(created).sort(), ['accountID', 'publicKey', 'secret']);
    const chosen = await railyard(['admin', 'create-platform', '--name', 'Chosen', '--public-key', 'chosen-key-1', '--secret', 'chosen-secret-0123456789', '--db', db]);
    assert.equal(chosen.code, 0, chosen.stderr);
    assert.equal(JSON.parse(chosen.stdout).publicKey, 'chosen-key-1');
    assert.equal(JSON.parse(chosen.stdout).secret, 'chosen-secret-0123456789');
    const duplicate = await railyard(['admin', 'create-platform', '--name', 'Again', '--public-key', 'chosen-key-1', '--secret', 'chosen-secret-0123456789', '--db', db]);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /already in use/);
    const weak = await railyard(['admin', 'create-platform', '--name', 'Weak', '--public-key', 'k', '--secret', 's', '--db', db]);
    assert.equal(weak.code, 1);

    const server = await serve(['--db', db]);
    try {
      // Platforms exist already: serve makes none and shows no key.
      assert.doesNotMatch(server.stdout(), /API key/);
      assert.equal(await ping(server.url, basic(created.publicKey, created.secret)), 200);
      assert.equal(await ping(server.url, basic('chosen-key-1', 'chosen-secret-0123456789')), 200);
      assert.equal(await ping(server.url, basic('chosen-key-1', 'wrong-secret')), 401);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  test('serve on an empty database creates a platform and prints its key once', async () => {
    const db = freshDb();
    const first = await serve(['--db', db]);
    let key: string;
    try {
      assert.match(first.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const line = /API key \(shown once\): (\S+):(\S+)/.exec(first.stdout());
      assert.ok(line, first.stdout());
      key = basic(line[1]!, line[2]!);
      assert.equal(await ping(first.url, key), 200);
    } finally {
      assert.equal(await first.stop(), 0);
    }
    const accountID = /platform accountID: (\S+)/.exec(first.stdout())?.[1];
    const second = await serve(['--db', db]);
    try {
      assert.doesNotMatch(second.stdout(), /API key/);
      assert.equal(/platform accountID: (\S+)/.exec(second.stdout())?.[1], accountID);
      assert.equal(await ping(second.url, key), 200);
    } finally {
      await second.stop();
    }
  });

  test('RAILYARD_BOOTSTRAP_KEY makes the key once; a restart with it changes nothing', async () => {
    const db = freshDb();
    const env = { RAILYARD_BOOTSTRAP_KEY: 'bootstrap-key:bootstrap-secret-0123456789' };
    const key = basic('bootstrap-key', 'bootstrap-secret-0123456789');
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await serve(['--db', db], env);
      try {
        assert.doesNotMatch(server.stdout(), /API key/);
        assert.equal(await ping(server.url, key), 200);
        runs.push(/platform accountID: (\S+)/.exec(server.stdout())?.[1] ?? '');
      } finally {
        await server.stop();
      }
    }
    assert.equal(runs[0], runs[1]);
    const listed = await railyard(['admin', 'create-platform', '--name', 'Probe', '--public-key', 'bootstrap-key', '--secret', 'bootstrap-secret-0123456789', '--db', db]);
    assert.match(listed.stderr, /already in use/, 'the key exists exactly once');

    const wrongSecret = await railyard(['serve', '--port', '0', '--db', db], { RAILYARD_BOOTSTRAP_KEY: 'bootstrap-key:another-secret-0123456789' });
    assert.equal(wrongSecret.code, 1);
    assert.match(wrongSecret.stderr, /different secret/);
    const malformed = await railyard(['serve', '--port', '0', '--db', db], { RAILYARD_BOOTSTRAP_KEY: 'no-colon-here' });
    assert.equal(malformed.code, 1);
    assert.match(malformed.stderr, /PUBLIC_KEY:SECRET/);
  });

  test('npm start serves on the loopback host; npm run railyard runs the CLI', async () => {
    const db = freshDb();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const made = await run(npm, ['run', '--silent', 'railyard', '--', 'admin', 'create-platform', '--name', 'Via npm'], { DATABASE_URL: db });
    assert.equal(made.code, 0, made.stderr);
    const created = JSON.parse(made.stdout);

    const child = spawn(npm, ['start', '--silent'], { cwd: REPO_ROOT, env: cleanEnv({ DATABASE_URL: db, PORT: '0', LOG_LEVEL: 'silent' }), detached: true });
    try {
      const url = await new Promise<string>((resolveURL, reject) => {
        let stdout = '';
        const timer = setTimeout(() => reject(new Error('npm start did not print its URL')), COMMAND_TIMEOUT_MS);
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
          const match = /Railyard listening on (http:\/\/\S+)/.exec(stdout);
          if (match) {
            clearTimeout(timer);
            resolveURL(match[1]!);
          }
        });
      });
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(await ping(url, basic(created.publicKey, created.secret)), 200);
    } finally {
      // npm runs node as a child: end the whole group this test started.
      const closed = new Promise((done) => child.on('close', done));
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await closed;
    }
  });
});
