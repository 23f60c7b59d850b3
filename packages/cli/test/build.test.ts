import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sourcesStamp } from '../scripts/sources-stamp.mjs';

/*
 * The built CLI (decisions/0209-cli-start-up.md): packages/cli/scripts/build.mjs bundles the
 * sources into dist/, and the bin runs that build only while it matches the sources. These tests
 * check that the build works (not how fast: the figures are in the decision), and that the bin
 * picks the build or the sources correctly. The rest of the CLI tests run the sources.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(REPO_ROOT, 'packages/cli');
const TIMEOUT_MS = 120_000;
const exec = promisify(execFile);

/** Inside the repository (gitignored), so the bundle resolves node_modules as packages/cli/dist does. */
const scratch = join(CLI, '.tmp');
mkdirSync(scratch, { recursive: true });
const work = mkdtempSync(join(scratch, 'build-test-'));

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'HOST', 'RAILYARD_BOOTSTRAP_KEY', 'RAILYARD_FROM_SOURCE']) delete clean[name];
  return { ...clean, ...extra };
}

const node = (args: string[], extra: Record<string, string> = {}) =>
  exec(process.execPath, args, { cwd: REPO_ROOT, env: env(extra), timeout: TIMEOUT_MS });

describe('the built CLI', () => {
  after(() => rmSync(work, { recursive: true, force: true }));
  const out = join(work, 'dist');

  test('builds, and the built entry answers --help, verify-ledger and serve', async () => {
    const built = await node([join(CLI, 'scripts/build.mjs'), '--out', out]);
    assert.match(built.stdout, /built the CLI into/);
    for (const file of ['main.js', 'checkpoint-worker.mjs', 'build-info.json']) assert.ok(existsSync(join(out, file)), file);
    const info = JSON.parse(readFileSync(join(out, 'build-info.json'), 'utf8'));
    assert.ok(info.stamp.files > 100 && info.stamp.newest > 0, 'records the stamp of the sources');
    // --help loads the entry alone: small, and no server code in it.
    assert.ok(statSync(join(out, 'main.js')).size < 10_000, 'main.js stays small');
    assert.doesNotMatch(readFileSync(join(out, 'main.js'), 'utf8'), /fastify/i);

    const help = await node([join(out, 'main.js'), '--help']);
    assert.match(help.stdout, /^usage: railyard <command>/);

    const db = `sqlite:${join(work, 'empty.db')}`;
    const verified = await node([join(out, 'main.js'), 'admin', 'verify-ledger', '--db', db]);
    assert.equal(verified.stdout, 'ok\n');

    // serve: writes (the platform at start-up), the SQLite checkpoint worker beside the bundle, the root page, auth.
    const child = spawn(process.execPath, [join(out, 'main.js'), 'serve', '--port', '0', '--db', `sqlite:${join(work, 'serve.db')}`, '--log-level', 'silent'], {
      cwd: REPO_ROOT,
      env: env(),
    });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    try {
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const stdout = await new Promise<string>((done, fail) => {
        let text = '';
        const timer = setTimeout(() => fail(new Error(`serve did not start: ${stderr}`)), TIMEOUT_MS);
        child.stdout.on('data', (chunk) => {
          text += chunk;
          if (/API key \(shown once\): \S+/.test(text)) {
            clearTimeout(timer);
            done(text);
          }
        });
      });
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)![1]!;
      const key = /API key \(shown once\): (\S+)/.exec(stdout)![1]!;
      const root = await fetch(`${url}/`);
      assert.equal(((await root.json()) as { name: string }).name, 'Railyard');
      assert.equal((await fetch(`${url}/ping`)).status, 401);
      const authorized = await fetch(`${url}/ping`, { headers: { authorization: `Basic ${Buffer.from(key).toString('base64')}` } });
      assert.equal(authorized.status, 200);
      assert.equal(stderr, '', 'no warning or worker error');
    } finally {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, 'stops cleanly on SIGTERM');
    }
  });

  test('the bin answers --help whether it runs the build or the sources', async () => {
    for (const extra of [{}, { RAILYARD_FROM_SOURCE: '1' }] as Array<Record<string, string>>) {
      const help = await node([join(CLI, 'bin/railyard.mjs'), '--help'], extra);
      assert.match(help.stdout, /^usage: railyard <command>/, JSON.stringify(extra));
    }
  });
});

describe('the bin runs the build only while it matches the sources', () => {
  // A copy of the real bin in a small fake repository, with a "build" and "sources" that say which ran.
  const fake = mkdtempSync(join(scratch, 'bin-test-'));
  after(() => rmSync(fake, { recursive: true, force: true }));
  const cli = join(fake, 'packages/cli');
  mkdirSync(join(cli, 'bin'), { recursive: true });
  mkdirSync(join(cli, 'scripts'), { recursive: true });
  mkdirSync(join(cli, 'src'), { recursive: true });
  mkdirSync(join(cli, 'dist'), { recursive: true });
  cpSync(join(CLI, 'bin/railyard.mjs'), join(cli, 'bin/railyard.mjs'));
  cpSync(join(CLI, 'scripts/sources-stamp.mjs'), join(cli, 'scripts/sources-stamp.mjs'));
  writeFileSync(join(cli, 'src/main.ts'), "const ran: string = 'sources';\nprocess.stdout.write(ran);\n");
  writeFileSync(join(cli, 'dist/main.js'), "process.stdout.write('build');\n");
  const stampBuild = () =>
    writeFileSync(join(cli, 'dist/build-info.json'), JSON.stringify({ stamp: sourcesStamp(fake), builtAt: new Date().toISOString() }));
  const ran = async (extra: Record<string, string> = {}) => (await node([join(cli, 'bin/railyard.mjs')], extra)).stdout;

  test('a matching build runs; RAILYARD_FROM_SOURCE=1 runs the sources', async () => {
    stampBuild();
    assert.equal(await ran(), 'build');
    assert.equal(await ran({ RAILYARD_FROM_SOURCE: '1' }), 'sources');
  });

  test('an edited, added or removed source makes the build stale', async () => {
    stampBuild();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(cli, 'src/main.ts'), later, later);
    assert.equal(await ran(), 'sources', 'edited');
    stampBuild();
    assert.equal(await ran(), 'build', 'rebuilt');
    writeFileSync(join(cli, 'src/extra.ts'), 'export {};\n');
    utimesSync(join(cli, 'src/extra.ts'), new Date(0), new Date(0));
    assert.equal(await ran(), 'sources', 'a file added with an old time');
    stampBuild();
    rmSync(join(cli, 'src/extra.ts'));
    assert.equal(await ran(), 'sources', 'a file removed');
  });

  test('no build at all runs the sources', async () => {
    rmSync(join(cli, 'dist/build-info.json'), { force: true });
    assert.equal(await ran(), 'sources');
  });
});
