import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { railyardCommand } from './railyard-command.ts';

/**
 * `railyard serve` and `railyard admin …` as child processes, the way an
 * operator runs them, on today's sources (railyardCommand: the run's bundle of
 * them under npm test, the sources through tsx otherwise). Every child is
 * tracked so a test's `after` hook can SIGKILL whatever is still running.
 */

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
/** Loading the CLI takes seconds on a loaded machine (through tsx, more). */
const START_TIMEOUT_MS = 60_000;

const running = new Set<ChildProcess>();

/** SIGKILLs every child still running; for `after` hooks, so nothing outlives a failed test. */
export function killAllChildren(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'RAILYARD_BOOTSTRAP_KEY', 'PORT', 'HOST', 'RAILYARD_RATE_LIMIT', 'NODE_ENV', 'RAILYARD_ENCRYPTION_KEY']) {
    delete env[name];
  }
  return { ...env, ...extra };
}

function track(child: ChildProcess): Promise<void> {
  running.add(child);
  return new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      done();
    }),
  );
}

export interface ServeChild {
  url: string;
  platformID: string;
  child: ChildProcess;
  /** Everything the process wrote so far (its log when --log-level is not silent). */
  output: () => string;
  /** Whether the process still runs. */
  alive: () => boolean;
  /** SIGKILL: no shutdown, no flush, nothing released. */
  kill(): Promise<void>;
  /** SIGTERM: the server stops its loops, closes the store and exits. */
  stop(): Promise<void>;
  exited: Promise<void>;
}

/** `railyard serve` on port 0 with rate limits off, as the harness runs it. */
export function startServe(args: string[], env: Record<string, string>): Promise<ServeChild> {
  return spawnServe(['--rate-limit', '0', ...args], env);
}

/**
 * `railyard serve --port 0` with `flags`, answered once it prints its URL and platform: the one
 * way the tests start a server process (support/serve-process.ts starts it silent, with its limits).
 */
export function spawnServe(flags: string[], env: Record<string, string>): Promise<ServeChild> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...railyardCommand(), 'serve', '--port', '0', ...flags], {
      cwd: REPO_ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = track(child);
    let output = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      // Once started, the log only accumulates (read by a failing test).
      if (started) return;
      const url = /Railyard listening on (http:\/\/\S+)/.exec(output)?.[1];
      const platformID = /platform accountID: (\S+)/.exec(output)?.[1];
      if (url && platformID) {
        started = true;
        clearTimeout(timer);
        const alive = () => child.exitCode === null && child.signalCode === null;
        resolvePromise({
          url,
          platformID,
          child,
          exited,
          output: () => output,
          alive,
          async kill() {
            if (alive()) child.kill('SIGKILL');
            await exited;
          },
          async stop() {
            if (alive()) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      if (!started) reject(new Error(`serve exited before it started (code ${child.exitCode}): ${output}`));
    });
  });
}

/** Runs `railyard <args>` to its end; answers its exit code and output. */
export async function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...railyardCommand(), ...args], { cwd: REPO_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = track(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
  return { code: child.exitCode, stdout, stderr };
}

export function basicAuth(key: string): string {
  return `Basic ${Buffer.from(key).toString('base64')}`;
}
