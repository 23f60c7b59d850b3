import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { verifyWebhookSignature } from '@railyard/client';
import { startTestServer, type TestServer } from '../../server/test/support/server.ts';
import { railyardCommand } from '../../server/test/support/railyard-command.ts';
import { create as createAccount, individual } from '../../server/test/accounts/helpers.ts';

/** `railyard events tail` as a child process against an in-process test server (SQLite). */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const WAIT_MS = 60_000;

interface Tail {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  waitFor(what: 'stdout' | 'stderr', pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['RAILYARD_PUBLIC_KEY', 'RAILYARD_SECRET', 'RAILYARD_FORWARD_SECRET', 'RAILYARD_SERVER_URL']) delete env[name];
  return { ...env, ...extra };
}

function tail(args: string[], env: Record<string, string>): Tail {
  const child = spawn(process.execPath, [...railyardCommand(), 'events', 'tail', ...args], { cwd: REPO_ROOT, env: cleanEnv(env) });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const kill = setTimeout(() => child.kill('SIGKILL'), 4 * WAIT_MS);
  void exited.then(() => clearTimeout(kill));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(what, pattern) {
      return new Promise((done, fail) => {
        const check = () => {
          const match = pattern.exec(what === 'stdout' ? stdout : stderr);
          if (!match) return false;
          listeners.delete(check);
          clearTimeout(timer);
          done(match);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          fail(new Error(`no ${pattern} on ${what}; stdout: ${stdout}\nstderr: ${stderr}`));
        }, WAIT_MS);
        if (!check()) listeners.add(check);
        void exited.then(() => setTimeout(() => check() || fail(new Error(`exited before ${pattern}; stderr: ${stderr}`)), 50));
      });
    },
  };
}

describe('railyard events tail', () => {
  let s: TestServer;
  let keys: Record<string, string>;
  before(async () => {
    s = await startTestServer('sqlite');
    keys = { RAILYARD_PUBLIC_KEY: s.platform.publicKey, RAILYARD_SECRET: s.platform.secret };
  });
  after(async () => {
    await s.close();
  });

  test('prints new events one JSON line each, only from now; Ctrl-C exits 0', async () => {
    const earlier = await createAccount(s, individual());
    const t = tail(['--url', s.url, '--interval-ms', '100'], keys);
    await t.waitFor('stderr', /tailing .* from now/);
    const account = await createAccount(s, individual());
    await t.waitFor('stdout', new RegExp(`"accountID":"${account.accountID}"`));
    t.child.kill('SIGINT');
    assert.equal(await t.exited, 0);
    const lines = t.stdout().trim().split('\n').map((line) => JSON.parse(line));
    const created = lines.find((e) => e.type === 'account.created');
    assert.deepEqual(Object.keys(created).sort(), ['createdOn', 'data', 'eventID', 'type']);
    assert.equal(created.data.accountID, account.accountID);
    assert.ok(!t.stdout().includes(earlier.accountID), 'events before the start are not printed');
  });

  test('--from-start, --types and --format text', async () => {
    const account = await createAccount(s, individual());
    const t = tail(['--url', s.url, '--from-start', '--types', 'account.created', '--format', 'text'], keys);
    await t.waitFor('stdout', new RegExp(`account\\.created\\s+\\S+\\s+.*${account.accountID}`));
    t.child.kill('SIGINT');
    assert.equal(await t.exited, 0);
    for (const line of t.stdout().trim().split('\n')) assert.match(line, /^\S+Z\s+account\.created\s+[0-9a-f-]{36}\s+\{/);
  });

  test('--forward POSTs each event signed like a webhook delivery (generated secret, printed once)', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const forwardURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      const t = tail(['--url', s.url, '--interval-ms', '100', '--types', 'account.created', '--forward', forwardURL], keys);
      const [, secret] = await t.waitFor('stderr', /forward signing secret .*: (\S+)\n/);
      const [, webhookID] = await t.waitFor('stderr', /X-Webhook-ID: (\S+)\n/);
      await t.waitFor('stderr', /tailing/);
      const account = await createAccount(s, individual());
      await t.waitFor('stdout', new RegExp(account.accountID));
      const deadline = Date.now() + WAIT_MS;
      while (received.length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
      t.child.kill('SIGINT');
      assert.equal(await t.exited, 0);
      assert.equal(received.length, 1);
      const [got] = received;
      assert.equal(got!.headers['x-webhook-id'], webhookID);
      assert.equal(await verifyWebhookSignature(got!.headers, secret!), true, 'verifies with the printed secret');
      assert.equal(await verifyWebhookSignature(got!.headers, 'another secret'), false);
      const body = JSON.parse(got!.body);
      assert.equal(body.type, 'account.created');
      assert.equal(body.data.accountID, account.accountID);
      assert.deepEqual(Object.keys(body).sort(), ['createdOn', 'data', 'eventID', 'type']);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((done) => receiver.close(() => done()));
    }
  });

  test('RAILYARD_FORWARD_SECRET chooses the forward secret, which is then not printed', async () => {
    const t = tail(['--url', s.url, '--forward', 'http://127.0.0.1:9/x'], { ...keys, RAILYARD_FORWARD_SECRET: 'chosen-secret' });
    await t.waitFor('stderr', /tailing/);
    t.child.kill('SIGINT');
    assert.equal(await t.exited, 0);
    assert.ok(!t.stderr().includes('chosen-secret'));
    assert.ok(!/forward signing secret/.test(t.stderr()));
  });

  test('bad options exit 2 with the usage text', async () => {
    const cases = [['--format', 'xml'], ['--bogus'], ['--interval-ms', 'soon'], ['--types', ','], ['--url', 'ftp://x'], ['--forward-secret', 'x']];
    for (const args of cases) {
      const t = tail(['--url', s.url, ...args].slice(args[0] === '--url' ? 2 : 0), keys);
      assert.equal(await t.exited, 2, args.join(' '));
      assert.match(t.stderr(), /usage: railyard/, args.join(' '));
    }
    const missing = tail(['--url', s.url], {});
    assert.equal(await missing.exited, 2);
    assert.match(missing.stderr(), /RAILYARD_PUBLIC_KEY/);
  });

  test('a secret given as a flag is warned about', async () => {
    const t = tail(['--url', s.url, '--public-key', s.platform.publicKey, '--secret', s.platform.secret], {});
    await t.waitFor('stderr', /tailing/);
    t.child.kill('SIGINT');
    assert.equal(await t.exited, 0);
    assert.match(t.stderr(), /warning: --secret puts a secret in the process list/);
  });

  test('a wrong key exits 1 with a clear message; a server that stays down is given up after --retries', async () => {
    const wrong = tail(['--url', s.url], { ...keys, RAILYARD_SECRET: 'wrong' });
    assert.equal(await wrong.exited, 1);
    assert.match(wrong.stderr(), /refused the API key \(HTTP 401\)/);
    const down = tail(['--url', 'http://127.0.0.1:9', '--retries', '2', '--interval-ms', '100'], keys);
    assert.equal(await down.exited, 1);
    assert.match(down.stderr(), /trying again in 100 ms \(1\/2\)/);
    assert.match(down.stderr(), /trying again in 200 ms \(2\/2\)/);
    assert.match(down.stderr(), /gave up after 3 failed tries/);
  });
});
