import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../../kernel/clock.ts';
import { newRowID } from '../../../kernel/ids.ts';
import type { Sql, Store } from '../../../store/port.ts';
import { readClockOffset } from '../../../store/repos/platform-clocks.ts';
import { finishDeliveryAttempt, insertWebhookAttempt, markWebhookUsed, releaseDeliveryClaims } from '../../../store/repos/webhook-deliveries.ts';
import type { Sealer } from '../../sources/sealed-secret.ts';
import { openWebhookSecret } from '../secret.ts';
import { RunConnection, SEND_TIMEOUT_MS, sendSigned, type SendResult } from '../send.ts';
import { retryDelayMs } from './backoff.ts';
import { claimDueDeliveries, FANOUT_BATCH, SATURATED_FANOUT_BATCH, type ClaimedDelivery, type ClaimedRun } from './claim.ts';

/*
 * The webhook delivery worker (decision 1500, docs/webhooks.md "Delivery"):
 * runs in every `railyard serve` process next to the job runner. It claims due
 * deliveries with a lease, a webhook's waiting first attempts together as one
 * run, sends a run's deliveries OUTSIDE any transaction, up to
 * MAX_SENDS_PER_RUN at once but those of one resource one after the other in
 * the order recorded, then records the run's attempts and outcomes in one
 * unit of work guarded by the claim token. A process that dies between sending
 * and recording sends again once the lease lapses: at least once.
 */

export const DEFAULT_DELIVERY_POLL_MS = 200;
/** Longer than a send (5 s) and its recording by far: a live worker's claim never lapses. */
export const DEFAULT_DELIVERY_LEASE_MS = 30_000;
export const MIN_DELIVERY_LEASE_MS = 1_000;
export const MAX_DELIVERY_LEASE_MS = 60 * 60_000;
/** Runs in flight per process, and per webhook in one process. */
export const MAX_DELIVERIES_IN_FLIGHT = 16;
export const MAX_DELIVERIES_PER_WEBHOOK = 4;
/**
 * Sends in flight at once in one run (each on the run's keep-alive
 * connections), never two of one resource (decision 1500, "Order per
 * resource"). One at a time held one webhook to about 1,000 events/s
 * (bench/README.md "Webhooks").
 */
export const MAX_SENDS_PER_RUN = 8;
/**
 * Deliveries in one run: one claim and one recording transaction for up to
 * this many sends, instead of two transactions per send (bench/README.md
 * "Webhooks": two per send held one webhook to about 30 events/s).
 */
export const MAX_RUN_LENGTH = 100;
/**
 * While the API is saturated (decision 1500, "API first") each send waits for
 * its turn, one turn every API_FIRST_PAUSE_MS for the whole process, and no new
 * run is claimed while one is in flight: deliveries slow to about 20 per second
 * per process instead of taking event-loop time (and the SQLite writer) from
 * requests, and never stop.
 */
export const API_FIRST_PAUSE_MS = 50;
/** `runDue` stops after this many rounds (each claims something or waits for a send). */
const MAX_DRAIN_ROUNDS = 10_000;

export interface DeliveryWorkerOptions {
  store: Store;
  /** Real (base) time; each platform's offset is read where it is used. */
  clock: Clock;
  /** Opens the webhooks' signing secrets (the server's sealer). */
  sealer: Sealer;
  workerID?: string;
  pollIntervalMs?: number;
  /** How long a claim holds (real time); keep it well above the 5 s send timeout. */
  leaseMs?: number;
  maxInFlight?: number;
  maxPerWebhook?: number;
  maxRunLength?: number;
  /** Sends at once in one run (default MAX_SENDS_PER_RUN); 1 sends a run one delivery at a time. */
  maxSendsPerRun?: number;
  sendTimeoutMs?: number;
  /** Jitter source, [0, 1). */
  random?: () => number;
  /** Told about errors the loop survives (the database briefly unreachable). */
  onError?: (error: unknown, delivery?: ClaimedDelivery) => void;
  /** The sender (tests may wrap it). */
  send?: typeof sendSigned;
}

export interface DeliverySummary {
  delivered: number;
  /** Failed attempts with a retry scheduled. */
  retried: number;
  /** Given up: a failed attempt with no retry left, or a retry past its give-up time. */
  failed: number;
  /** Not sent: the webhook was disabled. */
  canceled: number;
}

type Outcome = 'delivered' | 'retry' | 'failed' | 'stale' | 'error';

function bounded(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/** `--webhook-lease-ms` or RAILYARD_WEBHOOK_LEASE_MS; absent means 30 s. */
export function parseDeliveryLease(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_DELIVERY_LEASE_MS;
  const value = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= MIN_DELIVERY_LEASE_MS && value <= MAX_DELIVERY_LEASE_MS)) {
    throw new Error(`--webhook-lease-ms must be ${MIN_DELIVERY_LEASE_MS} to ${MAX_DELIVERY_LEASE_MS}, not ${text}`);
  }
  return value;
}

export class WebhookDeliveryWorker {
  readonly workerID: string;
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly sealer: Sealer;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly maxInFlight: number;
  private readonly maxPerWebhook: number;
  private readonly maxRunLength: number;
  private readonly maxSendsPerRun: number;
  private readonly sendTimeoutMs: number;
  private readonly random: () => number;
  private readonly onError: (error: unknown, delivery?: ClaimedDelivery) => void;
  private readonly send: typeof sendSigned;
  private readonly inFlight = new Set<Promise<Outcome[]>>();
  private readonly perWebhook = new Map<string, number>();
  /** Sends ended (and recorded, or not) so far. */
  private finished = 0;
  /** Claims of this worker run one at a time, so its bounds hold. */
  private claimQueue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  /** Whether the API is saturated now (`deferTo`); never, until one is given. */
  private apiSaturated: () => boolean = () => false;
  private running = false;
  /** Set by `stop()`: runs end after their current send and hand the rest back. */
  private stopping = false;
  private ticking = false;
  private wakeRequested = false;
  private loopTick: Promise<unknown> | undefined;
  /** Real time (performance.now) of the next send turn while the API is saturated, for the whole process. */
  private nextSaturatedTurn = 0;

  constructor(options: DeliveryWorkerOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.sealer = options.sealer;
    this.workerID = options.workerID ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.pollIntervalMs = bounded('delivery poll interval', options.pollIntervalMs ?? DEFAULT_DELIVERY_POLL_MS, 1, 60_000);
    this.leaseMs = bounded('delivery lease', options.leaseMs ?? DEFAULT_DELIVERY_LEASE_MS, MIN_DELIVERY_LEASE_MS, MAX_DELIVERY_LEASE_MS);
    this.maxInFlight = bounded('deliveries in flight', options.maxInFlight ?? MAX_DELIVERIES_IN_FLIGHT, 1, 256);
    this.maxPerWebhook = bounded('deliveries per webhook', options.maxPerWebhook ?? MAX_DELIVERIES_PER_WEBHOOK, 1, this.maxInFlight);
    this.maxRunLength = bounded('deliveries per run', options.maxRunLength ?? MAX_RUN_LENGTH, 1, 1_000);
    this.maxSendsPerRun = bounded('sends at once per run', options.maxSendsPerRun ?? MAX_SENDS_PER_RUN, 1, 64);
    this.sendTimeoutMs = bounded('send timeout', options.sendTimeoutMs ?? SEND_TIMEOUT_MS, 1, 60_000);
    this.random = options.random ?? Math.random;
    this.onError = options.onError ?? (() => undefined);
    this.send = options.send ?? sendSigned;
  }

  /** Runs in flight right now in this process (each sends up to MAX_SENDS_PER_RUN deliveries at a time). */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Gives the API precedence: while `saturated()` answers true, each send
   * waits API_FIRST_PAUSE_MS first. `serve` passes its HTTP server's pressure
   * (http/api-pressure.ts); without it the worker never waits.
   */
  deferTo(saturated: () => boolean): void {
    this.apiSaturated = saturated;
  }

  /** Starts polling; `stop()` ends it. Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the sends in hand (each ends within its timeout) and their recording. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.loopTick;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Looks for due deliveries now instead of at the next poll (after a clock
   * advance made retries due). Returns at once: sends never hold up a request.
   */
  wake(): void {
    this.schedule(0);
  }

  /**
   * Sends every delivery due right now (optionally one platform's), including
   * those that become claimable as earlier ones finish, and waits for the sends
   * this process already had in flight. Deterministic for tests, like
   * `JobRunner.runDueJobs`: a retry is scheduled at least 1 s of platform time
   * later, so it waits for the clock to move.
   */
  async runDue(options: { platformID?: string } = {}): Promise<DeliverySummary> {
    const summary: DeliverySummary = { delivered: 0, retried: 0, failed: 0, canceled: 0 };
    // An explicit drain: runs go to their end even after an earlier `stop()`.
    this.stopping = false;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      const finishedBefore = this.finished;
      const changed = await this.claimAndStart(options.platformID, summary);
      // A send that ended during the claim may have unblocked the next of its webhook: look again at once.
      const finishedDuring = this.finished !== finishedBefore;
      if (changed === 0 && !finishedDuring) {
        if (this.inFlight.size === 0) break;
        // Nothing claimable until a send ends (it may unblock the next of its webhook).
        await Promise.race([...this.inFlight]);
      } else if (this.inFlight.size >= this.maxInFlight) {
        await Promise.race([...this.inFlight]);
      }
    }
    return summary;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.ticking) {
      if (delayMs === 0) this.wakeRequested = true;
      return;
    }
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ticking = true;
      const tick = this.claimAndStart(undefined).then(
        (changed) => changed,
        (error: unknown) => {
          this.onError(error);
          return 0;
        },
      );
      this.loopTick = tick;
      void tick.then((changed) => {
        this.ticking = false;
        const again = this.wakeRequested || (changed > 0 && this.inFlight.size < this.maxInFlight);
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.pollIntervalMs);
      });
    }, delayMs);
    // The HTTP server keeps a process alive; a forgotten worker must not.
    this.timer.unref();
  }

  /** Claims what fits and starts sending it; answers how many deliveries it claimed or closed. */
  private claimAndStart(platformID: string | undefined, summary?: DeliverySummary): Promise<number> {
    const run = this.claimQueue.then(async () => {
      const free = this.maxInFlight - this.inFlight.size;
      if (free <= 0) return 0;
      // API first: a saturated API gets the event loop and the writer. The runs in hand keep
      // the trickle going; with none, one small claim per poll starts one.
      const saturated = this.apiSaturated();
      if (saturated && this.inFlight.size > 0) return 0;
      const claim = await claimDueDeliveries(this.store, this.clock, {
        limit: saturated ? 1 : free,
        fanoutLimit: saturated ? SATURATED_FANOUT_BATCH : FANOUT_BATCH,
        maxRunLength: this.maxRunLength,
        leaseMs: this.leaseMs,
        workerID: this.workerID,
        platformID,
        inFlightPerWebhook: this.perWebhook,
        maxPerWebhook: this.maxPerWebhook,
      });
      if (summary) {
        summary.canceled += claim.canceled;
        summary.failed += claim.failed;
      }
      for (const run of claim.claimed) this.startRun(run, summary);
      // Events fanned out count as progress (look again at once) only while the API has room.
      return claim.claimed.length + claim.canceled + claim.failed + (saturated ? 0 : claim.fannedOut);
    });
    this.claimQueue = run.catch(() => undefined);
    return run;
  }

  private startRun(claimed: ClaimedRun, summary?: DeliverySummary): void {
    this.perWebhook.set(claimed.webhookID, (this.perWebhook.get(claimed.webhookID) ?? 0) + 1);
    const run = this.sendRun(claimed);
    this.inFlight.add(run);
    void run.then((outcomes) => {
      this.inFlight.delete(run);
      this.finished++;
      const left = (this.perWebhook.get(claimed.webhookID) ?? 1) - 1;
      if (left > 0) this.perWebhook.set(claimed.webhookID, left);
      else this.perWebhook.delete(claimed.webhookID);
      if (summary) {
        for (const outcome of outcomes) {
          if (outcome === 'delivered') summary.delivered++;
          else if (outcome === 'retry') summary.retried++;
          else if (outcome === 'failed') summary.failed++;
        }
      }
      // A slot is free, and the next first attempt of this webhook may be claimable.
      this.wake();
    });
  }

  /**
   * Sends a run's deliveries and records them all in one unit of work. Up to
   * `maxSendsPerRun` sends are in flight at once, started in `delivery_seq`
   * order, but a delivery starts only once every earlier delivery of the run
   * with the same resource key has ended (decision 1500, "Order per
   * resource"). A failed send does not stop the run: its retry is scheduled
   * and the later events go on (a retry never holds the others back). The run
   * starts no more sends, handing the unsent rest back, once a third of the
   * lease is spent (a slow receiver must never let the lease lapse under a
   * live worker) or when the worker stops. While the API is saturated each
   * start waits for its turn (`saturatedTurn`), so the process's pace, not
   * each lane's, is what slows. Never throws.
   */
  private async sendRun(run: ClaimedRun): Promise<Outcome[]> {
    const runStartedMs = this.clock.now().getTime();
    const sent: Array<{ delivery: ClaimedDelivery; result: SendResult; startedMs: number }> = [];
    let secret: string | undefined;
    let notSent: string | undefined;
    try {
      secret = openWebhookSecret(this.sealer, run.webhookID, run.secretSealed);
    } catch (error) {
      // Nothing is sent: the secret does not open (an operator's problem).
      notSent = `not sent: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    }
    const connection = new RunConnection(this.maxSendsPerRun);
    const started = new Array<boolean>(run.deliveries.length).fill(false);
    /** Resource keys with a send in flight. */
    const busy = new Set<string>();
    const sending = new Set<Promise<void>>();
    let startedCount = 0;
    /**
     * The first delivery not started whose resource has no send in flight. The
     * first one not started of each resource is always met before its later
     * ones, so a resource's deliveries start in the run's order, one at a time.
     */
    const nextStartable = (): number => {
      for (let i = 0; i < run.deliveries.length; i++) {
        if (started[i]) continue;
        const key = run.deliveries[i]!.resourceKey;
        if (key === null || !busy.has(key)) return i;
      }
      return -1;
    };
    const outOfTime = () => startedCount > 0 && (this.stopping || this.clock.now().getTime() - runStartedMs > this.leaseMs / 3);
    try {
      while (startedCount < run.deliveries.length) {
        if (outOfTime()) break;
        const index = sending.size < this.maxSendsPerRun ? nextStartable() : -1;
        if (index < 0) {
          // Full, or every remaining delivery waits for its resource's send in flight.
          await Promise.race(sending);
          continue;
        }
        if (this.apiSaturated()) {
          await this.saturatedTurn();
          // The pause may have ended the run's time, or the worker.
          if (outOfTime()) break;
        }
        const delivery = run.deliveries[index]!;
        started[index] = true;
        startedCount++;
        const key = delivery.resourceKey;
        if (key !== null) busy.add(key);
        const startedMs = this.clock.now().getTime();
        const send: Promise<void> = this.sendOne(delivery, secret, notSent, connection).then((result) => {
          sent.push({ delivery, result, startedMs });
          if (key !== null) busy.delete(key);
          sending.delete(send);
        });
        sending.add(send);
      }
      // Sends already started end (each within its timeout) and are recorded.
      await Promise.all(sending);
    } finally {
      connection.close();
    }
    const unsent = run.deliveries.filter((_, i) => !started[i]).map((d) => d.deliverySeq);
    try {
      return await this.store.write((sql) => this.recordRun(sql, run, sent, unsent));
    } catch (error) {
      // The claims stay; their lease lapses and the deliveries are sent again (at least once).
      this.onError(error, run.deliveries[0]);
      return sent.map(() => 'error');
    }
  }

  /**
   * Waits for this send's turn while the API is saturated: turns are
   * API_FIRST_PAUSE_MS apart across every run of the process, so the trickle
   * does not grow with the number of runs in flight.
   */
  private async saturatedTurn(): Promise<void> {
    const now = performance.now();
    const turn = Math.max(now, this.nextSaturatedTurn) + API_FIRST_PAUSE_MS;
    this.nextSaturatedTurn = turn;
    await new Promise((resolve) => setTimeout(resolve, turn - now));
  }

  private async sendOne(
    delivery: ClaimedDelivery,
    secret: string | undefined,
    notSent: string | undefined,
    connection: RunConnection,
  ): Promise<SendResult> {
    if (secret === undefined) {
      return { outcome: 'failed', latencyMs: 0, error: notSent ?? 'not sent', request: { url: delivery.url, headers: {}, body: delivery.body } };
    }
    try {
      return await this.send(
        { url: delivery.url, webhookID: delivery.webhookID, secret, body: delivery.body },
        { timeoutMs: this.sendTimeoutMs, clock: this.clock, connection },
      );
    } catch (error) {
      // Nothing was sent: signing failed.
      return {
        outcome: 'failed',
        latencyMs: 0,
        error: `not sent: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
        request: { url: delivery.url, headers: {}, body: delivery.body },
      };
    }
  }

  /** A run's attempts, and the hand-back of what it did not send, in one unit of work. */
  private async recordRun(
    sql: Sql,
    run: ClaimedRun,
    sent: ReadonlyArray<{ delivery: ClaimedDelivery; result: SendResult; startedMs: number }>,
    unsent: readonly number[],
  ): Promise<Outcome[]> {
    const offsetMs = await readClockOffset(sql, run.platformID);
    const platformNowMs = this.clock.now().getTime() + offsetMs;
    const updatedOn = new Date(platformNowMs).toISOString();
    const outcomes: Outcome[] = [];
    let lastDeliveredMs: number | undefined;
    for (const { delivery, result, startedMs } of sent) {
      const outcome = await this.recordAttempt(sql, delivery, result, startedMs + offsetMs, platformNowMs);
      outcomes.push(outcome);
      if (outcome === 'delivered') lastDeliveredMs = Math.max(lastDeliveredMs ?? 0, startedMs + offsetMs);
    }
    await releaseDeliveryClaims(sql, { deliverySeqs: unsent, claimToken: run.claimToken, updatedOn });
    if (lastDeliveredMs !== undefined) await markWebhookUsed(sql, run.webhookID, new Date(lastDeliveredMs).toISOString());
    return outcomes;
  }

  /** One attempt and its outcome, only while the claim holds (else `stale`: another worker took it over). */
  private async recordAttempt(sql: Sql, delivery: ClaimedDelivery, result: SendResult, attemptedMs: number, platformNowMs: number): Promise<Outcome> {
    let status: 'delivered' | 'pending' | 'failed' = 'delivered';
    let nextAttemptMs: number | null = null;
    if (result.outcome !== 'delivered') {
      nextAttemptMs = platformNowMs + retryDelayMs(delivery.attempts + 1, this.random);
      if (nextAttemptMs > delivery.giveUpAfterMs) {
        status = 'failed';
        nextAttemptMs = null;
      } else {
        status = 'pending';
      }
    }
    const held = await finishDeliveryAttempt(sql, {
      deliverySeq: delivery.deliverySeq,
      claimToken: delivery.claimToken,
      status,
      nextAttemptMs,
      statusCode: result.statusCode ?? null,
      error: result.error ?? null,
      updatedOn: new Date(platformNowMs).toISOString(),
    });
    if (!held) return 'stale';
    await insertWebhookAttempt(sql, {
      attemptID: newRowID(),
      deliverySeq: delivery.deliverySeq,
      webhookID: delivery.webhookID,
      platformID: delivery.platformID,
      eventID: delivery.eventID,
      attemptedOn: new Date(attemptedMs).toISOString(),
      statusCode: result.statusCode ?? null,
      latencyMs: result.latencyMs,
      outcome: result.outcome,
      error: result.error ?? null,
      request: JSON.stringify(result.request),
    });
    return status === 'delivered' ? 'delivered' : status === 'pending' ? 'retry' : 'failed';
  }
}
