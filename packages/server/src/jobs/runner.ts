import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../kernel/clock.ts';
import { offsetClock } from '../kernel/platform-clock.ts';
import type { Sql, Store } from '../store/port.ts';
import { readClockOffset } from '../store/repos/platform-clocks.ts';
import { claimDueJobs, MAX_CLAIM_LIMIT, MAX_LEASE_MS } from './claim.ts';
import { completeJob, failJob } from './finish.ts';
import { JOB_KIND_PATTERN, MAX_JOB_KIND_LENGTH, type ClaimedJob } from './job.ts';

export interface JobContext {
  /**
   * The job's platform time, standing at the moment the job was due: every
   * stamp of its step (rail timestamps, events, postings) reads as when the step
   * was scheduled, also when it runs late, after `POST /railyard/clock/advance`
   * jumped over it or after downtime. Steps that a jump made due run in due
   * order, each at its own time, as if the clock had walked. A step that
   * changes a transfer runs on `stepClock(ctx, transfer.updatedOn)` instead
   * (the rails get it with their transfer from `transferOfJob`).
   */
  clock: Clock;
  /**
   * The platform's running time, for effects outside the step's own record
   * (a bank account marked errored by a return, payment methods refreshed):
   * they happen when Railyard applies them, and a card's expiry is judged now.
   */
  liveClock: Clock;
  workerID: string;
}

/**
 * The clock a step of a record runs on: the job's due time, but never before
 * the record last changed (`updatedOn`, platform time). A step retried after a
 * failure runs at its retry time, and the next step may have been due before
 * that; a PATCH may land between the due time and the run. Either way the
 * record's stamps never run backwards.
 */
export function stepClock(ctx: JobContext, lastChangedOn: string): Clock {
  const due = ctx.clock.now().getTime();
  const last = Date.parse(lastChangedOn);
  const at = Number.isNaN(last) ? due : Math.max(due, Math.min(last, ctx.liveClock.now().getTime()));
  return { now: () => new Date(at) };
}

/**
 * Does a job's work inside the unit of work that completes it. Like any unit
 * of work it awaits only store calls (no timers, no network); throwing rolls
 * its writes back and counts a failed attempt.
 */
export type JobHandler = (sql: Sql, job: ClaimedJob, ctx: JobContext) => Promise<void>;

export interface JobRunnerOptions {
  store: Store;
  /** Real time; each job sees its platform's clock derived from it. */
  clock: Clock;
  workerID?: string;
  /** Pause between polls when nothing is due. */
  pollIntervalMs?: number;
  /** Most jobs one tick claims and runs at once. */
  maxJobsPerTick?: number;
  /** How long a claim holds before another worker may take the job. */
  leaseMs?: number;
  /** Told about errors the loop survives (the database briefly unreachable, a job's failure). */
  onError?: (error: unknown, job?: ClaimedJob) => void;
}

export interface RunSummary {
  completed: number;
  retried: number;
  failed: number;
}

type Outcome = 'completed' | 'retry' | 'failed' | 'stale' | 'error';

export const DEFAULT_POLL_INTERVAL_MS = 200;
export const DEFAULT_JOBS_PER_TICK = 32;
export const DEFAULT_LEASE_MS = 30_000;
export const MAX_POLL_INTERVAL_MS = 60_000;
const MAX_HANDLERS = 100;
/** `runDueJobs` stops after this many rounds, so handlers that keep enqueuing due work cannot spin it for ever. */
const MAX_DRAIN_ROUNDS = 200;

/** Raised inside a job's unit of work when its claim has moved on; rolls the work back. */
class StaleClaim extends Error {
  constructor(jobID: string) {
    super(`job ${jobID}: claim no longer held`);
  }
}

function defaultWorkerID(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** A clock standing at the job's due time; never later than the platform's now (a job is claimed only once due). */
function dueClock(job: ClaimedJob, platformNow: Date): Clock {
  const due = Date.parse(job.runAt);
  const at = Number.isNaN(due) ? platformNow.getTime() : Math.min(due, platformNow.getTime());
  return { now: () => new Date(at) };
}

function bounded(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/**
 * Claims due jobs from the database and runs each in its own unit of work
 * together with its completion. Several runners (in one process or many, on
 * one database) never run the same attempt twice: claims are exclusive, and a
 * job's effects commit only with a completion guarded by its claim token.
 */
export class JobRunner {
  readonly workerID: string;
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  private readonly maxJobsPerTick: number;
  private readonly leaseMs: number;
  private readonly onError: (error: unknown, job?: ClaimedJob) => void;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inFlight = new Set<Promise<Outcome>>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private loopTick: Promise<unknown> | undefined;

  constructor(options: JobRunnerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.workerID = options.workerID ?? defaultWorkerID();
    this.pollIntervalMs = bounded('poll interval', options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, 1, MAX_POLL_INTERVAL_MS);
    this.maxJobsPerTick = bounded('jobs per tick', options.maxJobsPerTick ?? DEFAULT_JOBS_PER_TICK, 1, MAX_CLAIM_LIMIT);
    this.leaseMs = bounded('lease', options.leaseMs ?? DEFAULT_LEASE_MS, 1, MAX_LEASE_MS);
    this.onError = options.onError ?? (() => undefined);
  }

  registerJobHandler(kind: string, handler: JobHandler): void {
    if (kind.length > MAX_JOB_KIND_LENGTH || !JOB_KIND_PATTERN.test(kind)) throw new Error(`invalid job kind: ${kind}`);
    if (this.handlers.has(kind)) throw new Error(`a handler for ${kind} is already registered`);
    if (this.handlers.size >= MAX_HANDLERS) throw new Error(`at most ${MAX_HANDLERS} job kinds`);
    this.handlers.set(kind, handler);
  }

  /** Starts polling; `stop()` ends it. Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs this runner has in hand. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.loopTick;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Runs every job due right now (optionally one platform's), including jobs
   * those jobs make due, and waits for jobs this process already had in hand.
   * Deterministic for tests: no sleeping, one call drains what is due.
   */
  async runDueJobs(options: { platformID?: string } = {}): Promise<RunSummary> {
    const summary: RunSummary = { completed: 0, retried: 0, failed: 0 };
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      const claimedAny = await this.tick(options.platformID, summary);
      const pending = [...this.inFlight];
      if (!claimedAny && pending.length === 0) break;
      // Jobs the polling loop claimed just before us: their effects must be visible when we answer.
      if (!claimedAny) await Promise.allSettled(pending);
    }
    return summary;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const tick = this.tick(undefined).then(
        (full) => full,
        (error: unknown) => {
          this.onError(error);
          return false;
        },
      );
      this.loopTick = tick;
      void tick.then((claimedAny) => this.schedule(claimedAny ? 0 : this.pollIntervalMs));
    }, delayMs);
    // The HTTP server keeps a process alive; a forgotten runner must not.
    this.timer.unref();
  }

  /** Claims one batch and runs it; answers whether it claimed anything. */
  private async tick(platformID: string | undefined, summary?: RunSummary): Promise<boolean> {
    const jobs = await claimDueJobs(this.store, this.clock, {
      limit: this.maxJobsPerTick,
      leaseMs: this.leaseMs,
      workerID: this.workerID,
      kinds: [...this.handlers.keys()],
      platformID,
    });
    const outcomes = await Promise.all(jobs.map((job) => this.track(this.runOne(job))));
    if (summary) {
      for (const outcome of outcomes) {
        if (outcome === 'completed') summary.completed++;
        else if (outcome === 'retry') summary.retried++;
        else if (outcome === 'failed') summary.failed++;
      }
    }
    return jobs.length > 0;
  }

  private track(run: Promise<Outcome>): Promise<Outcome> {
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  /** Never throws: every way a job can end is an outcome. */
  private async runOne(job: ClaimedJob): Promise<Outcome> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await this.store.write(async (sql) => {
        // Completion first: it locks the job row and proves the claim before any effect is written.
        if (!(await completeJob(sql, job, this.clock))) throw new StaleClaim(job.jobID);
        const liveClock = offsetClock(this.clock, await readClockOffset(sql, job.platformID));
        await handler(sql, job, { clock: dueClock(job, liveClock.now()), liveClock, workerID: this.workerID });
      });
      return 'completed';
    } catch (error) {
      if (error instanceof StaleClaim) return 'stale';
      this.onError(error, job);
      try {
        return await this.store.write((sql) => failJob(sql, job, error, this.clock));
      } catch (failError) {
        // The claim stays; its lease runs out and the job is claimed again.
        this.onError(failError, job);
        return 'error';
      }
    }
  }
}
