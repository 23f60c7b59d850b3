import type { Clock } from '../../kernel/clock.ts';
import type { RailName, TransferRecord, TransferRequestEcho } from './model.ts';
import type { JobHandler } from '../../jobs/index.ts';
import type { Sql } from '../../store/port.ts';
import type { WalletRow } from '../../store/repos/wallets.ts';
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
  /**
   * Wallet rows creation already read in this unit of work, by wallet ID (only
   * in `start`), so a rail need not read them again. Their ledger account and
   * platform never change; a rail reads any wallet missing here.
   */
  wallets?: ReadonlyMap<string, WalletRow>;
}

/**
 * The rails a server runs, by name: built once in `compose/services.ts` and handed to the
 * services that pick a rail (transfers, cancellations, transfer options). A
 * valid payment-method pair whose rail is missing is refused at creation (400).
 * Tests hand in their own registry (a test rail in the wallet rail's place).
 */
export type RailRegistry = Readonly<Partial<Record<RailName, Rail>>>;

/** The rail options of a create body, per side, as create-input.ts kept them (`achDetails`, `cardDetails`). */
export type RequestedRailOptions = Pick<TransferRequestEcho, 'sourceOptions' | 'destinationOptions'>;

/** `checkOptions` of a rail that reads no options: like any rail, it ignores another rail's. */
export function takesNoOptions(_options: RequestedRailOptions): void {}

export interface Rail {
  name: RailName;
  /**
   * Checks the options the caller sent for this rail (`source.achDetails`,
   * `destination.cardDetails`…) before creation writes anything: after the
   * pair, capability and limit checks, before the transfer row and its
   * `transfer.created` event. Throws `ValidationFailed` (422, a source problem
   * under `source`, a destination one under `destinationPaymentMethodID`);
   * reads no store and no clock. The options of another rail are not checked
   * (the ACH rail ignores `cardDetails`). `start` finds the same options in
   * `transfer.request`.
   */
  checkOptions(options: RequestedRailOptions): void;
  /**
   * Runs inside the create unit of work, after the transfer row is inserted with
   * status `created`. May answer the transfer as it stands after its last
   * transition (what `transitionTransfer` returned), which saves creation a
   * read; without an answer creation reads the row back.
   */
  start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<TransferRecord | void>;
  /** Job handlers by job kind (`rail.<name>.<step>`), registered on the job runner at start-up. */
  jobs: Readonly<Record<string, JobHandler>>;
  /**
   * Cancels a transfer the rail has not acted on yet (docs/api-behaviour.md §5.4;
   * docs/transfers-more.md). Runs in the unit of work that records the
   * cancellation (status `pending`), after the generic checks (the transfer is
   * `pending` or `created`, no cancellation in progress). The rail decides:
   * - too late (the ACH leg that moves the money originated, the card settled):
   *   throw `new BadRequest('…')` from kernel/errors.ts: nothing is written, 400;
   * - it can cancel now: release its holds (`releaseHold`, idempotencyRef
   *   `transfer:<id>:cancel`), drop or neutralise its pending jobs, and call
   *   `transitionTransfer(…, {status: 'canceled', source|destination:
   *   {achDetails|cardDetails: {status: 'canceled', canceledOn}}, legEvents:
   *   ['source.canceled']})`; answer `'canceled'` (the cancellation completes,
   *   200);
   * - it will finish later (a job): answer `'pending'` (202); when that job
   *   moves the transfer to `canceled` the cancellation completes, and if the
   *   transfer reaches `completed`/`failed`/`reversed` instead it fails.
   * A rail without `cancel` cannot cancel: 400 "cannot be canceled".
   */
  cancel?(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<'canceled' | 'pending'>;
}
