import { timestamp } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import type { JobHandler } from '../../../../jobs/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { findLiveCard } from '../../../../store/repos/cards.ts';
import type { RailContext } from '../../rail.ts';
import { authorize, cardFacts } from './authorization.ts';
import { scheduleStep, transferOfJob } from '../job-helpers.ts';
import { creditMerchantWallet, postAuthorization } from './ledger-steps.ts';
import type { CardOptions } from './options.ts';
import { pullSchedule } from './schedule.ts';
import { cardStateOf } from './state.ts';
import { scheduleSandboxChargeback } from './chargebacks.ts';

/**
 * Card payments and pulls from a card into a wallet (docs/api-behaviour.md §6.2):
 *
 *   create:  source.cardDetails initiated → confirmed (authorized, `authorizationCode`),
 *            transfer pending; or failed (`failureCode`, `source-payment-error`)
 *   settle:  confirmed → settled (with the issuer, at the brand cutoff)
 *   credit:  settled → completed, the destination wallet credited, transfer completed
 *
 * The authorization happens in the creating unit of work, so
 * `X-Wait-For: rail-response` answers with the authorized (or declined) transfer.
 */

export const CARD_SETTLE_JOB = 'rail.card.settle';
export const CARD_COMPLETE_JOB = 'rail.card.complete';

export async function startPull(sql: Sql, ctx: RailContext, transfer: TransferRecord, options: CardOptions): Promise<void> {
  const { clock } = ctx;
  const card = await findLiveCard(sql, transfer.source.accountID, transfer.source.sourceID);
  if (!card) throw new Error(`transfer ${transfer.transferID}: source card missing`);
  const now = clock.now();
  const at = timestamp(clock);
  const initiated = await transitionTransfer(sql, clock, transfer, {
    status: 'pending',
    source: { cardDetails: { status: 'initiated', initiatedOn: at, ...options } },
    legEvents: ['source.initiated'],
  });
  const answer = authorize(card, { transferID: transfer.transferID, now, direction: 'pull' });
  if (!answer.approved) {
    await transitionTransfer(sql, clock, initiated, {
      status: 'failed',
      failureReason: 'source-payment-error',
      source: { cardDetails: { status: 'failed', failureCode: answer.failureCode, failedOn: at } },
      legEvents: ['source.failed'],
      railAnswered: true,
      railState: { step: 'failed' },
    });
    return;
  }
  await postAuthorization(sql, clock, initiated);
  const schedule = pullSchedule(now, cardFacts(card).brand, ctx.pacing);
  const confirmed = await transitionTransfer(sql, clock, initiated, {
    source: { cardDetails: { status: 'confirmed', confirmedOn: at, authorizationCode: answer.authorizationCode } },
    legEvents: ['source.confirmed'],
    railAnswered: true,
    railState: { step: 'confirmed', ...schedule },
  });
  await scheduleStep(sql, clock, confirmed, { kind: CARD_SETTLE_JOB, step: 'card-settle', runAt: schedule.settleAt! });
}

/** confirmed → settled; schedules the wallet credit. A transfer canceled or moved on meanwhile is left alone. */
export const settle: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  if (transfer.status !== 'pending' || cardStateOf(transfer).step !== 'confirmed') return;
  const settled = await transitionTransfer(sql, clock, transfer, {
    source: { cardDetails: { status: 'settled', settledOn: timestamp(clock) } },
    legEvents: ['source.settled'],
    railState: { ...transfer.railState, step: 'settled' },
  });
  const { completeAt } = cardStateOf(settled);
  if (completeAt === undefined) throw new Error(`transfer ${transfer.transferID}: no completion time`);
  await scheduleStep(sql, clock, settled, { kind: CARD_COMPLETE_JOB, step: 'card-complete', runAt: completeAt });
};

/** settled → completed: the merchant wallet is credited (net of the facilitator fee). */
export const complete: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  if (transfer.status !== 'pending' || cardStateOf(transfer).step !== 'settled') return;
  await creditMerchantWallet(sql, clock, transfer);
  const completed = await transitionTransfer(sql, clock, transfer, {
    status: 'completed',
    source: { cardDetails: { status: 'completed', completedOn: timestamp(clock) } },
    legEvents: ['source.completed'],
    railState: { ...transfer.railState, step: 'completed' },
  });
  // A sandbox dispute trigger amount: the cardholder's bank will charge it back (docs/sandbox.md "Disputes").
  await scheduleSandboxChargeback(sql, clock, completed);
};
