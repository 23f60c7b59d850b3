import { timestamp, type Clock } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import type { JobHandler } from '../../../../jobs/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { railJobs, scheduleStep, transferOfJob } from '../job-helpers.ts';
import { holdSourceWallet, payOutHold, releaseSourceHold } from '../ledger-steps.ts';
import { takesNoOptions, type Rail, type RailContext } from '../../rail.ts';
import { markBankAccountUnusable } from '../../../bank-accounts/rail-failures.ts';
import { rtpAnswerFor } from './triggers.ts';
import { rtpStateOf } from './state.ts';

/**
 * The RTP rail (docs/rails.md "RTP"): wallet → RTP-eligible bank account,
 * `rtp-credit` (and `instant-bank-credit`, decision 1203).
 *
 *   create:  the source wallet is held; destination.rtpDetails initiated, transfer pending
 *   answer:  completed (hold paid out) | accepted-without-posting (paid out; the bank
 *            has the money but has not posted it) | failed (`failureCode`,
 *            `networkResponseCode`, `destination-payment-error`, hold released)
 *
 * RTP is instant and final: with the default pacing the receiving bank answers
 * in the creating unit of work; `rtp.completeAfterSeconds` > 0 defers the
 * answer to a `rail.rtp.complete` job. The answer comes from the amount
 * (`triggers.ts`). That answer, not the initiation, is the rail's response
 * `X-Wait-For: rail-response` waits for.
 */

export const RTP_COMPLETE_JOB = 'rail.rtp.complete';

async function start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<void> {
  const { clock } = ctx;
  if (!(await holdSourceWallet(sql, clock, transfer))) {
    await transitionTransfer(sql, clock, transfer, { status: 'failed', failureReason: 'wallet-insufficient-funds', railAnswered: true, railState: { step: 'failed' } });
    return;
  }
  const delaySeconds = ctx.pacing.rtp.completeAfterSeconds;
  const initiated = await transitionTransfer(sql, clock, transfer, {
    status: 'pending',
    destination: { rtpDetails: { status: 'initiated', initiatedOn: timestamp(clock) } },
    legEvents: ['destination.initiated'],
    // Not yet the rail's answer: X-Wait-For waits for the receiving bank's (docs/api-behaviour.md §6.4, "RTP acceptance").
    railState: { step: 'initiated' },
  });
  if (delaySeconds <= 0) return answer(sql, clock, initiated);
  await scheduleStep(sql, clock, initiated, {
    kind: RTP_COMPLETE_JOB,
    step: 'rtp-complete',
    runAt: new Date(clock.now().getTime() + delaySeconds * 1000).toISOString(),
  });
}

/**
 * Applies the receiving bank's answer to a transfer whose credit is `initiated`;
 * `liveClock` stamps what the answer does to the bank account (see JobContext).
 */
async function answer(sql: Sql, clock: Clock, transfer: TransferRecord, liveClock: Clock = clock): Promise<void> {
  const at = timestamp(clock);
  const result = rtpAnswerFor(transfer.amount);
  if (result.outcome === 'failed') {
    await releaseSourceHold(sql, clock, transfer, 'release');
    await transitionTransfer(sql, clock, transfer, {
      status: 'failed',
      failureReason: 'destination-payment-error',
      destination: { rtpDetails: { status: 'failed', failureCode: result.failureCode, networkResponseCode: result.networkResponseCode, failedOn: at } },
      legEvents: ['destination.failed'],
      railAnswered: true,
      railState: { step: 'failed' },
    });
    await markBankAccountUnusable(sql, liveClock, {
      platformID: transfer.platformID,
      accountID: transfer.destination.accountID,
      bankAccountID: transfer.destination.sourceID,
      statusReason: 'rtp-credit-failure',
      code: result.networkResponseCode,
      exceptionDetails: { rtpRejectionCode: result.networkResponseCode, description: `RTP credit rejected: ${result.failureCode}` },
    });
    return;
  }
  await payOutHold(sql, clock, transfer, 'bank-account');
  const posted = result.outcome === 'completed';
  await transitionTransfer(sql, clock, transfer, {
    status: 'completed',
    destination: { rtpDetails: posted ? { status: 'completed', completedOn: at } : { status: 'accepted-without-posting', acceptedWithoutPostingOn: at } },
    legEvents: [posted ? 'destination.completed' : 'destination.accepted-without-posting'],
    railAnswered: true,
    railState: { step: result.outcome },
  });
}

const complete: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  if (transfer.status !== 'pending' || rtpStateOf(transfer).step !== 'initiated') return;
  await answer(sql, clock, transfer, ctx.liveClock);
};

export const rtpRail: Rail = { name: 'rtp', checkOptions: takesNoOptions, start, jobs: railJobs({ [RTP_COMPLETE_JOB]: complete }) };
