import { Worker } from 'node:worker_threads';

/** How often the worker copies each WAL back; a PASSIVE checkpoint with nothing to copy costs microseconds. */
const INTERVAL_MS = 100;

export interface CheckpointReport {
  /** Frames in the WAL when the checkpoint ran. */
  walFrames: number;
  /** Frames copied into the database file so far in this WAL. */
  copiedFrames: number;
}

interface Message {
  kind: 'checkpointed' | 'removed';
  id: number;
  walFrames: number;
  copiedFrames: number;
}

/**
 * One worker thread for the whole process, started with the first store and
 * shared by every store after it: a thread costs ~100 ms to start, a
 * registration nothing.
 */
class SharedWorker {
  private readonly worker: Worker;
  readonly members = new Map<number, WalCheckpointer>();
  private readonly removals = new Map<number, () => void>();
  dead = false;

  constructor() {
    this.worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { intervalMs: INTERVAL_MS },
      // The worker needs no TypeScript loader; a parent's --import flags are not passed on.
      execArgv: [],
    });
    // An idle store never keeps a process alive; a pending removal holds it (see remove).
    this.worker.unref();
    this.worker.on('message', (message: Message) => {
      if (message.kind === 'removed') {
        this.removals.get(message.id)?.();
        this.removals.delete(message.id);
        if (this.removals.size === 0) this.worker.unref();
        return;
      }
      this.members.get(message.id)?.report(message);
    });
    const lose = (error: unknown) => {
      if (this.dead) return;
      this.dead = true;
      if (shared === this) shared = undefined;
      for (const member of this.members.values()) member.lost(error);
      for (const done of this.removals.values()) done();
    };
    this.worker.on('error', lose);
    this.worker.on('exit', (code) => lose(new Error(`checkpoint worker exited with code ${code}`)));
  }

  add(member: WalCheckpointer, path: string): void {
    this.members.set(member.id, member);
    this.worker.postMessage({ kind: 'add', id: member.id, path });
  }

  async remove(member: WalCheckpointer): Promise<void> {
    this.members.delete(member.id);
    if (this.dead) return;
    const removed = new Promise<void>((resolve) => this.removals.set(member.id, resolve));
    this.worker.ref();
    this.worker.postMessage({ kind: 'remove', id: member.id });
    await removed;
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

let shared: SharedWorker | undefined;
let nextID = 1;

/**
 * Keeps one store's WAL short from the shared worker thread. SQLite's automatic
 * checkpoint runs inside the COMMIT of whichever write crosses its threshold
 * (1,000 pages), on the writer's thread: with better-sqlite3 that stopped every
 * request for the copy and its fsync, a third of the event loop's time under
 * load (bench/README.md). The writer turns it off (`wal_autocheckpoint = 0`)
 * while this runs, and back on if the worker ever dies (`onLost`), so the WAL
 * can never grow without bound.
 */
export class WalCheckpointer {
  readonly id = nextID++;
  private readonly worker: SharedWorker;
  private stopped = false;
  last: CheckpointReport | undefined;
  checkpoints = 0;

  constructor(
    path: string,
    private readonly onLost: (error: unknown) => void,
  ) {
    shared ??= new SharedWorker();
    this.worker = shared;
    this.worker.add(this, path);
  }

  report(message: CheckpointReport): void {
    this.checkpoints++;
    this.last = { walFrames: message.walFrames, copiedFrames: message.copiedFrames };
  }

  lost(error: unknown): void {
    if (!this.stopped) this.onLost(error);
  }

  /** Closes this store's connection in the worker. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.worker.remove(this);
  }

  /** For tests: ends the shared worker as a crash would; the next store starts a new one. */
  async killWorker(): Promise<void> {
    await this.worker.terminate();
  }
}
