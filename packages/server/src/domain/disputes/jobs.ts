import { stepClock, type ClaimedJob, type JobContext, type JobHandler } from '../../jobs/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Sql } from '../../store/port.ts';
import { findDisputeRow } from '../../store/repos/disputes.ts';
import { findWalletRow } from '../../store/repos/wallets.ts';
import { CARD_CHARGEBACK_JOB } from '../transfers/rails/card/chargebacks.ts';
import { withWalletEvents } from '../wallets/movement-events.ts';
import { disputeFromRow, type DisputeRecord } from './model.ts';
import { creditMerchantWallet } from './money.ts';
import { DISPUTE_EXPIRE_JOB, openDisputeFromChargeback } from './open.ts';
import { transitionDispute } from './transitions.ts';

/**
 * The dispute steps the platform clock drives (docs/disputes.md "Lifecycle"),
 * each a job whose payload is `{disputeID}` (the chargeback notice's is
 * `{transferID}`), run in the unit of work that completes it, inside
 * `withWalletEvents` so a step that moves wallet money writes its wallet events:
 *
 * - `rail.card.chargeback`: the network's notice opens the dispute (open.ts);
 * - `dispute.expire`: at `respondBy`, a dispute still `response-needed` expires
 *   (lost: the money stays with the cardholder);
 * - `dispute.decide`: after submission, the network's decision: `won` (the
 *   money comes back as a `dispute-reversal`) or `lost`.
 *
 * A step finding the dispute already moved on (accepted, submitted) does nothing.
 */

export const DISPUTE_DECIDE_JOB = 'dispute.decide';

async function disputeOfJob(sql: Sql, job: ClaimedJob, ctx: JobContext): Promise<{ dispute: DisputeRecord; clock: Clock }> {
  const { disputeID } = job.payload as { disputeID?: unknown };
  if (typeof disputeID !== 'string') throw new Error(`${job.kind}: payload without disputeID`);
  const row = await findDisputeRow(sql, job.platformID, disputeID);
  if (!row) throw new Error(`${job.kind}: no dispute ${disputeID}`);
  const dispute = disputeFromRow(row);
  return { dispute, clock: stepClock(ctx, dispute.updatedOn) };
}

const expire: JobHandler = async (sql, job, ctx) => {
  const { dispute, clock } = await disputeOfJob(sql, job, ctx);
  if (dispute.status !== 'response-needed') return;
  await transitionDispute(sql, clock, dispute, { status: 'expired' });
};

const decide: JobHandler = async (sql, job, ctx) => {
  const { dispute, clock } = await disputeOfJob(sql, job, ctx);
  if (dispute.status !== 'under-review') return;
  if (dispute.outcome === undefined) throw new Error(`dispute ${dispute.disputeID}: under review without an outcome`);
  if (dispute.outcome === 'won') {
    const wallet = await findWalletRow(sql, dispute.merchantAccountID, dispute.merchantWalletID);
    if (!wallet) throw new Error(`dispute ${dispute.disputeID}: merchant wallet missing`);
    await creditMerchantWallet(sql, clock, dispute, wallet);
  }
  await transitionDispute(sql, clock, dispute, { status: dispute.outcome });
};

/** The disputes area's job handlers, by kind, for the job runner (registered in compose/services.ts). */
export const disputeJobs: Readonly<Record<string, JobHandler>> = Object.fromEntries(
  Object.entries({ [CARD_CHARGEBACK_JOB]: openDisputeFromChargeback, [DISPUTE_EXPIRE_JOB]: expire, [DISPUTE_DECIDE_JOB]: decide }).map(
    ([kind, handler]): [string, JobHandler] => [kind, (sql, job, ctx) => withWalletEvents(sql, () => handler(sql, job, ctx))],
  ),
);
