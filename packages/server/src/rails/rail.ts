import type { Clock } from '../domain/clock.ts';
import type { RailName, TransferRecord } from '../domain/transfers/model.ts';
import type { JobHandler } from '../jobs/index.ts';
import type { Sql } from '../store/port.ts';
import type { RailPacing } from './pacing.ts';

/**
 * A simulated payment rail (docs/transfers.md "Rails"). The transfers service
 * picks one rail per transfer from its payment-method pair (`railFor`) and
 * calls `start` inside the unit of work that inserts the transfer, so the
 * transfer row, its first ledger entries (holds or movements), its events and
 * its first job commit together or not at all.
 *
 * Later steps (ACH origination, card settlement, returns…) are jobs: `start`
 * enqueues them with `enqueueJob(sql, …)` (platform time, a dedupe key such as
 * `transfer:<id>:originate`), and the rail's `jobs` handlers run them, each in
 * the unit of work that completes the job. Every step changes the transfer only
 * through `transitionTransfer`, which bumps the row version, sets the rail
 * details and timestamps and writes one `transfer.updated` per change.
 *
 * Rules for implementers:
 * - Await only store calls (no timers, no network): units of work run serially on SQLite.
 * - Post with an `idempotencyRef` such as `transfer:<id>:settle`, so a retried job moves no money twice.
 * - A wallet debit is `holdFunds`/`moveFunds`; `InsufficientFunds` is not an error of the
 *   request: the transfer becomes `failed` with `wallet-insufficient-funds`.
 * - Call `transitionTransfer(…, {railAnswered: true})` at the rail's first answer (card
 *   authorization, RTP acceptance, ACH initiation): `X-Wait-For: rail-response` waits for it.
 */
export interface RailContext {
  /** The platform's clock (real time plus its offset), read in this unit of work. */
  clock: Clock;
  pacing: RailPacing;
}

export interface Rail {
  name: RailName;
  /** Runs inside the create unit of work, after the transfer row is inserted with status `created`. */
  start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<void>;
  /** Job handlers by job kind (`rail.<name>.<step>`), registered on the job runner at start-up. */
  jobs: Readonly<Record<string, JobHandler>>;
}
