import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { enqueueJob, stepClock, type ClaimedJob, type JobContext, type JobHandler } from '../../jobs/index.ts';
import type { Sql } from '../../store/port.ts';
import { addRefundedAmount, findRefund, updateRefundState, type RefundRow } from '../../store/repos/refunds.ts';
import { findTransferRow } from '../../store/repos/transfers.ts';
import type { RailPacing } from '../transfers/pacing.ts';
import { transferFromRow, type TransferRecord } from '../transfers/model.ts';
import { pullSchedule } from '../transfers/rails/card/schedule.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';
import { creditMerchantWalletBack, payNetwork } from './ledger-steps.ts';
import { refundUpdatedData } from './render.ts';
import { refundFailureFor } from './sandbox.ts';

/**
 * A refund's way through the card network on the platform clock
 * (docs/refunds.md "Lifecycle"):
 *
 *   status    card status
 *   created   initiated    inserted; the merchant wallet already paid it
 *   pending   confirmed    the network accepted it (in the creating request)
 *   pending   settled      at the brand's next cutoff (`fast` pacing: 1 s)
 *   completed completed    posted to the cardholder's card (`fast`: 1 s later;
 *                          `realistic`: the next banking day)
 *   failed    failed       refused by the network (sandbox amounts, sandbox.ts):
 *                          the money returns to the wallet
 *
 * Every status change writes `refund.updated`. Each job runs only from its own
 * card status, so a retried or late job does nothing twice.
 */

export const REFUND_SETTLE_JOB = 'refund.settle';
export const REFUND_COMPLETE_JOB = 'refund.complete';

type Patch = Partial<Pick<RefundRow, 'status' | 'card_status' | 'failure_code' | 'confirmed_on' | 'settled_on' | 'failed_on' | 'completed_on'>>;

/** Moves a refund on from `from` (its card status); writes `refund.updated` when its status changed. */
async function advance(sql: Sql, clock: Clock, refund: RefundRow, patch: Patch): Promise<RefundRow> {
  const next: RefundRow = { ...refund, ...patch, updated_on: timestamp(clock) };
  if (!(await updateRefundState(sql, next, refund.card_status))) throw new Error(`refund ${refund.refund_id} changed concurrently`);
  if (next.status !== refund.status) await recordEvent(sql, clock, refund.platform_id, 'refund.updated', refundUpdatedData(next));
  return next;
}

/** The network refused: the refund fails, its money goes back to the wallet and stops counting as refunded. */
async function fail(sql: Sql, clock: Clock, transfer: TransferRecord, refund: RefundRow, failureCode: string): Promise<RefundRow> {
  await creditMerchantWalletBack(sql, clock, transfer, refund);
  if (!(await addRefundedAmount(sql, refund.platform_id, refund.transfer_id, -Number(refund.amount)))) {
    throw new Error(`refund ${refund.refund_id}: transfer ${refund.transfer_id} refunded less than it`);
  }
  return advance(sql, clock, refund, { status: 'failed', card_status: 'failed', failure_code: failureCode, failed_on: timestamp(clock) });
}

/**
 * The card network's answer, in the unit of work that created the refund (as
 * a card payment's authorization is): `confirmed` with its settlement and
 * completion scheduled, or `failed`.
 */
export async function networkAnswers(sql: Sql, clock: Clock, pacing: RailPacing, transfer: TransferRecord, refund: RefundRow): Promise<RefundRow> {
  const failure = refundFailureFor(Number(refund.amount));
  if (failure?.phase === 'answer') return fail(sql, clock, transfer, refund, failure.failureCode);
  const confirmed = await advance(sql, clock, refund, { status: 'pending', card_status: 'confirmed', confirmed_on: timestamp(clock) });
  const { settleAt } = refundSchedule(transfer, confirmed, pacing);
  await scheduleJob(sql, clock, refund, REFUND_SETTLE_JOB, 'settle', settleAt);
  return confirmed;
}

/**
 * When a confirmed refund settles and completes: as a card payment authorized
 * at the same moment would (rails/card/schedule.ts), from its confirmation
 * time, so the settle job can compute the completion again.
 */
function refundSchedule(transfer: TransferRecord, refund: RefundRow, pacing: RailPacing): { settleAt: string; completeAt: string } {
  const brand = (transfer.source.snapshot['card'] as { brand?: unknown } | undefined)?.brand;
  const confirmedAt = new Date(refund.confirmed_on ?? refund.updated_on);
  const schedule = pullSchedule(confirmedAt, typeof brand === 'string' ? brand : 'Visa', pacing);
  return { settleAt: schedule.settleAt ?? schedule.completeAt, completeAt: schedule.completeAt };
}

async function scheduleJob(sql: Sql, clock: Clock, refund: RefundRow, kind: string, step: string, runAt: string): Promise<void> {
  await enqueueJob(
    sql,
    { platformID: refund.platform_id, kind, payload: { refundID: refund.refund_id }, runAt: new Date(runAt), dedupeKey: `refund:${refund.refund_id}:${step}` },
    clock,
  );
}

/** The job's refund and transfer as stored now, and the clock its step runs on. */
async function refundOfJob(sql: Sql, job: ClaimedJob, ctx: JobContext): Promise<{ refund: RefundRow; transfer: TransferRecord; clock: Clock }> {
  const { refundID } = job.payload as { refundID?: unknown };
  if (typeof refundID !== 'string') throw new Error(`${job.kind}: payload without refundID`);
  const refund = await findRefund(sql, job.platformID, refundID);
  if (!refund) throw new Error(`${job.kind}: no refund ${refundID}`);
  const transferRow = await findTransferRow(sql, job.platformID, refund.transfer_id);
  if (!transferRow) throw new Error(`${job.kind}: no transfer ${refund.transfer_id}`);
  return { refund, transfer: transferFromRow(transferRow), clock: stepClock(ctx, refund.updated_on) };
}

/**
 * The refund jobs by kind, for the server's pacing, each in `withWalletEvents`
 * (a failure credits the wallet back); registered at start-up. Each step
 * enqueues the next, so a batch of due jobs never runs them out of order.
 */
export function refundJobs(pacing: RailPacing): Readonly<Record<string, JobHandler>> {
  /** confirmed → settled: the network pays the cardholder's issuer; or the issuer refuses it (a sandbox amount). */
  const settle: JobHandler = async (sql, job, ctx) => {
    const { refund, transfer, clock } = await refundOfJob(sql, job, ctx);
    if (refund.card_status !== 'confirmed') return;
    const failure = refundFailureFor(Number(refund.amount));
    if (failure?.phase === 'settlement') {
      await fail(sql, clock, transfer, refund, failure.failureCode);
      return;
    }
    await payNetwork(sql, clock, transfer, refund);
    const settled = await advance(sql, clock, refund, { card_status: 'settled', settled_on: timestamp(clock) });
    await scheduleJob(sql, clock, settled, REFUND_COMPLETE_JOB, 'complete', refundSchedule(transfer, refund, pacing).completeAt);
  };

  /** settled → completed: the credit posted to the card. */
  const complete: JobHandler = async (sql, job, ctx) => {
    const { refund, clock } = await refundOfJob(sql, job, ctx);
    if (refund.card_status !== 'settled') return;
    await advance(sql, clock, refund, { status: 'completed', card_status: 'completed', completed_on: timestamp(clock) });
  };

  return Object.fromEntries(
    Object.entries({ [REFUND_SETTLE_JOB]: settle, [REFUND_COMPLETE_JOB]: complete }).map(([kind, handler]): [string, JobHandler] => [
      kind,
      (sql, job, ctx) => withWalletEvents(sql, () => handler(sql, job, ctx)),
    ]),
  );
}
