import cluster, { type Worker } from 'node:cluster';
import { parseCount } from './args.ts';

/*
 * `railyard serve --workers N` (docs/deploy.md, decision 2000): N server
 * processes on one PostgreSQL database behind one listening port. The primary
 * prepares the database once (migrations, the platform and its key), then
 * forks the workers through node:cluster, which hands each of them the same
 * port (the kernel spreads connections); every worker runs the whole server,
 * job runner and webhook worker included. What they share lives in the
 * database (claims with leases, idempotency keys, platform clocks), so any
 * worker may answer any request. A worker that dies is started again.
 */

export const MAX_WORKERS = 16;
/** A worker that exits on its own is started again after this long. */
const RESTART_DELAY_MS = 1_000;
/** After this long a worker that will not stop is killed. */
const STOP_GRACE_MS = 15_000;

/** `--workers` or RAILYARD_WORKERS; absent means 1 (one process, no cluster). */
export function parseWorkers(text: string | undefined): number {
  return parseCount('--workers', text, MAX_WORKERS) ?? 1;
}

/** A worker tells the primary where it listens, once. */
export interface WorkerListening {
  railyard: 'listening';
  address: string;
}

function isListening(message: unknown): message is WorkerListening {
  return typeof message === 'object' && message !== null && (message as WorkerListening).railyard === 'listening';
}

/** In a worker: tells the primary the server is up (the primary prints the banner). */
export function reportListening(address: string): void {
  process.send?.({ railyard: 'listening', address } satisfies WorkerListening);
}

export function isServeWorker(): boolean {
  return cluster.isWorker;
}

/**
 * In the primary: forks `count` workers, answers the address once all of them
 * listen, restarts any that exits unasked, and on SIGTERM/SIGINT stops them all
 * (each finishes its requests, jobs and sends) before exiting.
 */
export function superviseWorkers(count: number, log: (line: string) => void): Promise<string> {
  let stopping = false;
  const listening = new Set<number>();
  return new Promise<string>((resolve, reject) => {
    let address: string | undefined;
    const fork = (): Worker => {
      const worker = cluster.fork();
      worker.on('message', (message: unknown) => {
        if (!isListening(message)) return;
        address ??= message.address;
        listening.add(worker.id);
        if (listening.size === count) resolve(address);
      });
      worker.on('exit', (code, signal) => {
        listening.delete(worker.id);
        if (stopping) return;
        if (address === undefined) {
          // Never came up (a bad flag, the database unreachable): the others would fail the same way.
          stopping = true;
          for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM');
          reject(new Error(`a worker exited during start-up (${signal ?? `code ${code}`})`));
          return;
        }
        log(`railyard: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
        setTimeout(() => {
          if (!stopping) fork();
        }, RESTART_DELAY_MS).unref();
      });
      return worker;
    };
    for (let i = 0; i < count; i++) fork();

    const stop = () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      const killer = setTimeout(() => {
        for (const worker of workers) worker.process.kill('SIGKILL');
      }, STOP_GRACE_MS);
      killer.unref();
      void Promise.all(
        workers.map((worker) => new Promise<void>((done) => {
          if (worker.isDead()) return done();
          worker.once('exit', () => done());
          worker.process.kill('SIGTERM');
        })),
      ).then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
