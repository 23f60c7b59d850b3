import { timestamp } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import type { JobHandler } from '../../../../jobs/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { findLiveCard } from '../../../../store/repos/cards.ts';
import type { RailContext } from '../../rail.ts';
import { authorize, cardFacts } from './authorization.ts';
import { scheduleStep, transferOfJob } from '../job-helpers.ts';
import { holdSourceWallet, payOutHold, releaseSourceHold } from '../ledger-steps.ts';
import type { CardOptions } from './options.ts';
import { pushSchedule } from './schedule.ts';
import { cardStateOf } from './state.ts';

/**
 * Push to card: wallet → debit card (docs/api-behaviour.md §6.2, §7.1).
 *
 *   create:   the source wallet is held; destination.cardDetails initiated, transfer pending
 *             (a wallet without the money: failed, `wallet-insufficient-funds`)
 *   complete: the network's answer: completed (the hold paid out to the card) or
 *             failed (`failureCode`, `destination-payment-error`, the hold released)
 *
 * The issuer's answer is decided at creation from the card as linked (the
 * failing push cards of docs/sandbox.md decline with `do-not-honor`, an expired
 * card with `expired-card`) and applied when the network answers.
 */

export const PUSH_COMPLETE_JOB = 'rail.card.push-complete';

export async function startPush(sql: Sql, ctx: RailContext, transfer: TransferRecord, options: CardOptions): Promise<void> {
  const { clock } = ctx;
  const card = await findLiveCard(sql, transfer.destination.accountID, transfer.destination.sourceID);
  if (!card) throw new Error(`transfer ${transfer.transferID}: destination card missing`);
  if (!(await holdSourceWallet(sql, clock, transfer))) {
    await transitionTransfer(sql, clock, transfer, { status: 'failed', failureReason: 'wallet-insufficient-funds', railAnswered: true, railState: { step: 'failed' } });
    return;
  }
  const now = clock.now();
  const answer = authorize(card, { transferID: transfer.transferID, now, direction: 'push' });
  const schedule = pushSchedule(now, cardFacts(card).fastFunds, ctx.pacing);
  const initiated = await transitionTransfer(sql, clock, transfer, {
    status: 'pending',
    destination: { cardDetails: { status: 'initiated', initiatedOn: timestamp(clock), ...options } },
    legEvents: ['destination.initiated'],
    railAnswered: true,
    railState: { step: 'initiated', ...schedule, ...(answer.approved ? {} : { failureCode: answer.failureCode }) },
  });
  await scheduleStep(sql, clock, initiated, { kind: PUSH_COMPLETE_JOB, step: 'push-complete', runAt: schedule.completeAt });
}

export const completePush: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  const { step, failureCode } = cardStateOf(transfer);
  if (transfer.status !== 'pending' || step !== 'initiated') return;
  const at = timestamp(clock);
  if (failureCode !== undefined) {
    await releaseSourceHold(sql, clock, transfer, 'release');
    await transitionTransfer(sql, clock, transfer, {
      status: 'failed',
      failureReason: 'destination-payment-error',
      destination: { cardDetails: { status: 'failed', failureCode, failedOn: at } },
      legEvents: ['destination.failed'],
      railState: { ...transfer.railState, step: 'failed' },
    });
    return;
  }
  await payOutHold(sql, clock, transfer, 'card');
  await transitionTransfer(sql, clock, transfer, {
    status: 'completed',
    destination: { cardDetails: { status: 'completed', completedOn: at } },
    legEvents: ['destination.completed'],
    railState: { ...transfer.railState, step: 'completed' },
  });
};
