import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { railyardCommand } from '../../server/test/support/railyard-command.ts';

/**
 * Issue 12 from the operator's side: `railyard mcp start --transport http`
 * needs a bearer secret on `/mcp`, refuses a non-loopback host without a chosen
 * secret, mounts the OAuth token tools only when asked, and every secret given
 * as a flag is answered with a warning naming the environment variable to use.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
/** Generous: each run starts node and loads the CLI (railyardCommand), slow on a loaded 2-core machine. */
const COMMAND_TIMEOUT_MS = 120_000;
const TOKEN_TOOLS = ['authentication_create_access_token', 'authentication_revoke_access_token'];
/** No Railyard server is needed: listing tools calls nothing, and nothing listens on port 1. */
const SERVER_URL = 'http://127.0.0.1:1';
const SECRET = 'operator-chosen-secret-0123456789';

/** The environment without anything that would pick credentials, a database or a secret for the child. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('RAILYARD_') || name === 'DATABASE_URL' || name === 'TEST_DATABASE_URL') delete env[name];
  return { ...env, ...extra };
}

function railyard(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [...railyardCommand(), ...args], { cwd: REPO_ROOT, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

interface RunningMcp {
  url: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `mcp start --transport http --port 0 …` and waits for the line that names its URL. */
function startHttp(flags: string[], env: Record<string, string> = {}): Promise<RunningMcp> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...railyardCommand(), 'mcp', 'start', '--transport', 'http', '--port', '0', '--server-url', SERVER_URL, ...flags],
    { cwd: REPO_ROOT, env: cleanEnv({ RAILYARD_USERNAME: 'pk', RAILYARD_PASSWORD: 'sk', ...env }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('close', () => done());
      child.kill('SIGTERM');
    });
  return new Promise((done, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`mcp start did not start: ${stderr}`));
    }, COMMAND_TIMEOUT_MS);
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const url = /serving \d+ tools at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        done({ url, stderr: () => stderr, stop });
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`mcp start exited with ${code}: ${stderr}`));
    });
  });
}

/** A JSON-RPC POST to the endpoint with the given Authorization header (or none). */
function rpc(url: string, method: string, authorization?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization !== undefined ? { authorization } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: method === 'initialize' ? { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '0' } } : {},
    }),
  });
}

async function toolNames(url: string, secret: string): Promise<string[]> {
  const response = await rpc(url, 'tools/list', `Bearer ${secret}`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { result: { tools: Array<{ name: string }> } };
  return body.result.tools.map((tool) => tool.name);
}

const generatedSecret = (stderr: string) => /bearer secret for \S+ \(shown once[^)]*\): (\S+)/.exec(stderr)?.[1];

const scratch = mkdtempSync(join(tmpdir(), 'railyard-cli-security-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('railyard mcp start --transport http: the bearer secret', () => {
  test('a generated secret is printed once; no bearer or a wrong one is 401, the right one works; no token tools', async () => {
    const running = await startHttp([]);
    try {
      const secret = generatedSecret(running.stderr());
      assert.ok(secret, running.stderr());
      assert.equal(running.stderr().split(secret).length - 1, 1, 'printed exactly once');
      assert.doesNotMatch(running.stderr(), /warning/, 'credentials from the environment: no warning');
      for (const authorization of [undefined, 'Bearer wrong-secret-0123456789', `Bearer ${secret.slice(0, -1)}`]) {
        const response = await rpc(running.url, 'initialize', authorization);
        assert.equal(response.status, 401, String(authorization));
        assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
      }
      assert.equal((await rpc(running.url, 'initialize', `Bearer ${secret}`)).status, 200);
      const names = await toolNames(running.url, secret);
      assert.ok(names.includes('ping_ping'));
      for (const name of TOKEN_TOOLS) assert.ok(!names.includes(name), `${name} is opt-in`);
    } finally {
      await running.stop();
    }
  });

  test('RAILYARD_MCP_SECRET chooses the secret, which is then not printed; --allow-token-tools mounts the token tools', async () => {
    const running = await startHttp(['--allow-token-tools'], { RAILYARD_MCP_SECRET: SECRET });
    try {
      assert.equal(generatedSecret(running.stderr()), undefined);
      assert.ok(!running.stderr().includes(SECRET));
      assert.equal((await rpc(running.url, 'initialize')).status, 401);
      const names = await toolNames(running.url, SECRET);
      for (const name of TOKEN_TOOLS) assert.ok(names.includes(name), name);
    } finally {
      await running.stop();
    }
  });

  test('a token tool named with --tool is mounted', async () => {
    const running = await startHttp(['--tool', 'authentication_create_access_token', '--tool', 'ping_ping'], { RAILYARD_MCP_SECRET: SECRET });
    try {
      assert.deepEqual((await toolNames(running.url, SECRET)).sort(), ['authentication_create_access_token', 'ping_ping']);
    } finally {
      await running.stop();
    }
  });

  test('a non-loopback --host without a chosen secret refuses to start; with one it starts and warns', async () => {
    const refused = await railyard(['mcp', 'start', '--transport', 'http', '--port', '0', '--host', '0.0.0.0', '--server-url', SERVER_URL], {
      RAILYARD_USERNAME: 'pk',
      RAILYARD_PASSWORD: 'sk',
    });
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /refusing to serve MCP on the non-loopback address 0\.0\.0\.0/);
    assert.match(refused.stderr, /RAILYARD_MCP_SECRET/);

    const short = await railyard(['mcp', 'start', '--transport', 'http', '--port', '0', '--server-url', SERVER_URL], {
      RAILYARD_USERNAME: 'pk',
      RAILYARD_PASSWORD: 'sk',
      RAILYARD_MCP_SECRET: 'short',
    });
    assert.equal(short.code, 2, short.stderr);
    assert.match(short.stderr, /at least 16 characters/);

    const open = await startHttp(['--host', '0.0.0.0'], { RAILYARD_MCP_SECRET: SECRET });
    try {
      assert.match(open.stderr(), /warning: serving on the non-loopback address 0\.0\.0\.0/);
      const local = open.url.replace(/\/\/[^/]+:/, '//127.0.0.1:');
      assert.equal((await rpc(local, 'initialize')).status, 401);
      assert.equal((await rpc(local, 'initialize', `Bearer ${SECRET}`)).status, 200);
    } finally {
      await open.stop();
    }
  });
});

describe('secrets given as flags', () => {
  const warning = (flag: string, variable: string) =>
    new RegExp(`warning: ${flag.replace(/[-]/g, '\\-')} puts a secret in the process list \\(ps\\).*set ${variable} in the environment instead`);

  test('mcp start: --password, --access-token and --mcp-secret each warn with their variable', async () => {
    const run = await railyard(['mcp', 'start', '--password', 'p', '--access-token', 't', '--mcp-secret', SECRET]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, warning('--password', 'RAILYARD_PASSWORD'));
    assert.match(run.stderr, warning('--access-token', 'RAILYARD_ACCESS_TOKEN'));
    assert.match(run.stderr, warning('--mcp-secret', 'RAILYARD_MCP_SECRET'));
  });

  test('mcp start: --username with RAILYARD_PASSWORD is an API key, without a warning', async () => {
    const running = await startHttp(['--username', 'pk'], { RAILYARD_USERNAME: '', RAILYARD_MCP_SECRET: SECRET });
    try {
      assert.doesNotMatch(running.stderr(), /warning/);
    } finally {
      await running.stop();
    }
  });

  test('admin create-platform: --secret warns; RAILYARD_PLATFORM_SECRET is the quiet way', async () => {
    const db = `sqlite:${join(scratch, 'platforms.db')}`;
    const flagged = await railyard(['admin', 'create-platform', '--name', 'Flag', '--public-key', 'flag-key-1', '--secret', 'flag-secret-0123456789', '--db', db]);
    assert.equal(flagged.code, 0, flagged.stderr);
    assert.match(flagged.stderr, warning('--secret', 'RAILYARD_PLATFORM_SECRET'));
    const quiet = await railyard(['admin', 'create-platform', '--name', 'Env', '--public-key', 'env-key-01', '--db', db], {
      RAILYARD_PLATFORM_SECRET: 'env-secret-0123456789',
    });
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
    assert.equal(JSON.parse(quiet.stdout).secret, 'env-secret-0123456789');
  });

  test('a --db URL with a password warns and points at DATABASE_URL', async () => {
    const run = await railyard(['migrate', '--db', 'postgres://railyard:db-password@127.0.0.1:1/none']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, warning('--db with a password', 'DATABASE_URL'));
    const plain = await railyard(['migrate', '--db', `sqlite:${join(scratch, 'plain.db')}`]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(plain.stderr, '');
  });
});
