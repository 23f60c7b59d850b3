import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { railyardCommand } from './railyard-command.ts';

/**
 * `railyard serve` as a child process on today's sources (railyardCommand), the way the
 * webhook crash and two-process tests need it: started on a given database,
 * killed with SIGKILL or stopped with SIGTERM.
 */

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/** Starting node and loading the CLI takes seconds on a loaded machine (through tsx, more). */
const START_TIMEOUT_MS = 60_000;

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  /** SIGKILL: no shutdown, no flush, claims left as they were. */
  kill(): Promise<void>;
  /** SIGTERM: the server stops its loops and exits. */
  stop(): Promise<void>;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'RAILYARD_BOOTSTRAP_KEY', 'PORT', 'HOST', 'RAILYARD_RATE_LIMIT', 'NODE_ENV']) {
    delete env[name];
  }
  return { ...env, ...extra };
}

export function startServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [...railyardCommand(), 'serve', '--port', '0', '--log-level', 'silent', ...args],
      { cwd: REPO_ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let started = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const url = /Railyard listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (!started && url && stdout.includes('platform accountID:')) {
        started = true;
        clearTimeout(timer);
        resolvePromise({
          url,
          child,
          stderr: () => stderr,
          async kill() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited;
          },
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      if (!started) reject(new Error(`serve exited before it started: ${stderr}`));
    });
  });
}

export function basicAuth(key: string): string {
  return `Basic ${Buffer.from(key).toString('base64')}`;
}

/** Every event of the platform the key belongs to, oldest first, through `GET /railyard/events`. */
export async function allEvents(url: string, authorization: string): Promise<Array<{ eventID: string; type: string; data: unknown }>> {
  const events: Array<{ eventID: string; type: string; data: unknown }> = [];
  let after = '0';
  for (;;) {
    const response = await fetch(`${url}/railyard/events?after=${after}&count=1000`, {
      headers: { authorization, 'x-moov-version': 'v2026.01.00' },
    });
    if (response.status !== 200) throw new Error(`GET /railyard/events: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { events: Array<{ eventID: string; type: string; data: unknown }>; nextCursor: string };
    events.push(...page.events);
    if (page.events.length === 0) return events;
    after = page.nextCursor;
  }
}

/** A POST or GET under v2026.01.00 with the key; throws on a network error (a killed server). */
export async function api(url: string, authorization: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization, 'x-moov-version': 'v2026.01.00', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
