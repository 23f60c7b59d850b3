import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { railyardCommand } from '../../server/test/support/railyard-command.ts';

/** How the README's quick start picks a port: `npm start -- --port P` or `PORT=P npm start`; the flag wins. */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const TIMEOUT_MS = 120_000;

/** A port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Starts serve with these arguments and environment; answers the URL it prints, then stops it. */
function listeningURL(args: string[], env: Record<string, string>, db: string): Promise<string> {
  const clean = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'HOST', 'RAILYARD_BOOTSTRAP_KEY']) delete clean[name];
  const child = spawn(process.execPath, [...railyardCommand(), 'serve', '--db', db, '--log-level', 'silent', ...args], {
    cwd: REPO_ROOT,
    env: { ...clean, ...env },
  });
  return new Promise((done, fail) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) child.kill('SIGTERM');
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) done(url);
      else fail(new Error(`serve exited ${code} without listening: ${stderr}`));
    });
  });
}

describe('choosing the port', () => {
  const work = mkdtempSync(join(tmpdir(), 'railyard-port-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  test('PORT picks the port; --port wins over it', async () => {
    const db = `sqlite:${join(work, 'port.db')}`;
    const [fromEnv, fromFlag] = [await freePort(), await freePort()];
    assert.equal(await listeningURL([], { PORT: String(fromEnv) }, db), `http://127.0.0.1:${fromEnv}`);
    assert.equal(await listeningURL(['--port', String(fromFlag)], { PORT: String(fromEnv) }, db), `http://127.0.0.1:${fromFlag}`);
  });
});
