import { randomInt } from 'node:crypto';
import type { Clock } from '../../../../kernel/clock.ts';
import { timestamp } from '../../../../kernel/clock.ts';
import { BadRequest } from '../../../../kernel/errors.ts';
import type { TransferRecord } from '../../model.ts';
import { transitionTransfer } from '../../transitions.ts';
import { enqueueJob, type ClaimedJob, type JobContext, type JobHandler } from '../../../../jobs/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { findLiveBankAccount } from '../../../../store/repos/bank-accounts.ts';
import { railJobs, transferOfJob } from '../job-helpers.ts';
import type { Rail, RailContext } from '../../rail.ts';
import { markBankAccountUnusable } from '../../../bank-accounts/rail-failures.ts';
import { cancelAch } from './cancel.ts';
import { holdSourceWallet } from '../ledger-steps.ts';
import * as ledger from './ledger-steps.ts';
import { checkAchOptions, type AchLegOptions } from './options.ts';
import { planAch, type LegKind, type LegPlan } from './plan.ts';
import { returnTriggerFor } from './returns.ts';
import { achStateOf, type AchRailState } from './state.ts';

/**
 * ACH debits and credits, standard and same-day (docs/api-behaviour.md §6.2; docs/rails.md
 * "ACH"). A transfer has one or two legs: a debit of a bank-account source
 * (`source.achDetails`) and/or a credit of a bank-account destination
 * (`destination.achDetails`). `checkOptions` checks the options before
 * creation writes anything; `start` plans every step (plan.ts), holds a wallet source's money and marks the first leg
 * `initiated`; jobs on the platform clock then move each leg
 * `originated` → `completed` (or `returned`), one job enqueuing the next, so a
 * transfer canceled or failed meanwhile simply stops.
 */

export const ACH_ORIGINATE_JOB = 'rail.ach.originate';
export const ACH_COMPLETE_JOB = 'rail.ach.complete';
export const ACH_RETURN_JOB = 'rail.ach.return';
/** ODFI routing prefix of simulated trace numbers (8 digits) followed by a 7-digit sequence: 15 characters. */
const TRACE_PREFIX = '09100001';

interface JobPayload {
  transferID: string;
  leg: LegKind;
}

const legOf = (state: AchRailState, kind: LegKind): LegPlan => {
  const leg = state.plan.legs.find((l) => l.kind === kind);
  if (!leg) throw new Error(`ACH plan has no ${kind} leg`);
  return leg;
};

function traceNumber(): string {
  return TRACE_PREFIX + String(randomInt(0, 10_000_000)).padStart(7, '0');
}

/** The `achDetails` a leg starts with: status, trace number, SEC code and the caller's options. */
function initiatedDetails(kind: LegKind, options: AchLegOptions, now: string): Record<string, unknown> {
  const details: Record<string, unknown> = {
    status: 'initiated',
    traceNumber: traceNumber(),
    secCode: options.secCode ?? (kind === 'debit' ? 'WEB' : 'PPD'),
    initiatedOn: now,
  };
  if (options.companyEntryDescription) details['companyEntryDescription'] = options.companyEntryDescription;
  if (options.originatingCompanyName) details['originatingCompanyName'] = options.originatingCompanyName;
  if (kind === 'debit') details['debitHoldPeriod'] = options.debitHoldPeriod ?? '2-days';
  if (options.addenda) details['addenda'] = options.addenda.map((a) => ({ record: a.record, isMasked: false }));
  return details;
}

async function enqueueStep(sql: Sql, clock: Clock, transfer: TransferRecord, kind: string, leg: LegKind, runAt: string): Promise<void> {
  const step = kind.slice('rail.ach.'.length);
  await enqueueJob(
    sql,
    { platformID: transfer.platformID, kind, payload: { transferID: transfer.transferID, leg } satisfies JobPayload, runAt: new Date(runAt), dedupeKey: `transfer:${transfer.transferID}:${leg}-${step}` },
    clock,
  );
}

async function start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<void> {
  // Checked by `checkOptions` before the transfer was written: reading them again cannot fail.
  const options = checkAchOptions(transfer.request);
  const debit = transfer.source.sourceKind === 'bank-account';
  const credit = transfer.destination.sourceKind === 'bank-account';
  if (!debit && !credit) throw new Error(`transfer ${transfer.transferID}: ACH rail without a bank account`);
  if (debit) {
    const bank = await findLiveBankAccount(sql, transfer.source.accountID, transfer.source.sourceID);
    // Payment methods follow the bank account's status, so this guards a race with a return or a disable.
    if (!bank || bank.status !== 'verified') throw new BadRequest('the source bank account must be verified before it can be debited');
  }
  const plan = planAch({
    now: ctx.clock.now(),
    pacing: ctx.pacing,
    ...(debit ? { debit: { holdPeriod: options.source.debitHoldPeriod ?? '2-days' } } : {}),
    ...(credit ? { credit: { speed: transfer.destination.paymentMethodType === 'ach-credit-same-day' ? 'same-day' : 'standard' } } : {}),
    trigger: returnTriggerFor(transfer.amount),
  });
  const state: AchRailState = { plan, options: { ...(debit ? { debit: options.source } : {}), ...(credit ? { credit: options.destination } : {}) } };
  if (!debit && !(await holdSourceWallet(sql, ctx.clock, transfer))) {
    await transitionTransfer(sql, ctx.clock, transfer, { status: 'failed', failureReason: 'wallet-insufficient-funds', railAnswered: true });
    return;
  }
  const first = plan.legs[0]!;
  const details = initiatedDetails(first.kind, first.kind === 'debit' ? options.source : options.destination, timestamp(ctx.clock));
  const next = await transitionTransfer(sql, ctx.clock, transfer, {
    status: 'pending',
    [first.side]: { achDetails: details },
    railState: state as unknown as Record<string, unknown>,
    railAnswered: true,
    legEvents: [`${first.side}.initiated`],
  });
  await enqueueStep(sql, ctx.clock, next, ACH_ORIGINATE_JOB, first.kind, first.originateAt);
}

/** The job's transfer and its step clock (`transferOfJob`), and which leg the job moves. */
async function loadTransfer(sql: Sql, job: ClaimedJob, ctx: JobContext): Promise<{ transfer: TransferRecord; clock: Clock; leg: LegKind }> {
  return { ...(await transferOfJob(sql, job, ctx)), leg: (job.payload as JobPayload).leg };
}

const legStatus = (transfer: TransferRecord, leg: LegPlan): unknown => transfer[leg.side].details.achDetails?.['status'];

const originate: JobHandler = async (sql, job, jobCtx) => {
  const { transfer, clock, leg: kind } = await loadTransfer(sql, job, jobCtx);
  const state = achStateOf(transfer);
  const leg = legOf(state, kind);
  // A transfer canceled or failed meanwhile, or a step already done, moves no further.
  if (transfer.status !== 'pending' || legStatus(transfer, leg) !== 'initiated') return;
  if (kind === 'debit') await ledger.debitOriginated(sql, clock, transfer);
  const next = await transitionTransfer(sql, clock, transfer, {
    [leg.side]: { achDetails: { status: 'originated', originatedOn: timestamp(clock) } },
    legEvents: [`${leg.side}.originated`],
  });
  const returns = state.plan.returns;
  if (returns && returns.phase === 'clearing' && returns.leg === kind) await enqueueStep(sql, clock, next, ACH_RETURN_JOB, kind, returns.at);
  else await enqueueStep(sql, clock, next, ACH_COMPLETE_JOB, kind, leg.completeAt);
};

const complete: JobHandler = async (sql, job, jobCtx) => {
  const { transfer, clock, leg: kind } = await loadTransfer(sql, job, jobCtx);
  const state = achStateOf(transfer);
  const leg = legOf(state, kind);
  if (transfer.status !== 'pending' || legStatus(transfer, leg) !== 'originated') return;
  if (kind === 'debit') await ledger.debitCompleted(sql, clock, transfer);
  else await ledger.creditCompleted(sql, clock, transfer);
  const now = timestamp(clock);
  const following = state.plan.legs[state.plan.legs.indexOf(leg) + 1];
  if (following) {
    // Bank → bank: the debited money is available, the credit leg starts.
    const next = await transitionTransfer(sql, clock, transfer, {
      [leg.side]: { achDetails: { status: 'completed', completedOn: now } },
      [following.side]: { achDetails: initiatedDetails(following.kind, state.options[following.kind] ?? {}, now) },
      legEvents: [`${leg.side}.completed`, `${following.side}.initiated`],
    });
    await enqueueStep(sql, clock, next, ACH_ORIGINATE_JOB, following.kind, following.originateAt);
    return;
  }
  const next = await transitionTransfer(sql, clock, transfer, {
    status: 'completed',
    [leg.side]: { achDetails: { status: 'completed', completedOn: now } },
    legEvents: [`${leg.side}.completed`],
  });
  const returns = state.plan.returns;
  if (returns && returns.phase === 'after-completion') await enqueueStep(sql, clock, next, ACH_RETURN_JOB, returns.leg, returns.at);
};

const returned: JobHandler = async (sql, job, jobCtx) => {
  const { transfer, clock, leg: kind } = await loadTransfer(sql, job, jobCtx);
  const state = achStateOf(transfer);
  const leg = legOf(state, kind);
  const returns = state.plan.returns;
  if (!returns || returns.leg !== kind) throw new Error(`ACH return job for transfer ${transfer.transferID} without a planned return`);
  let status: 'failed' | 'reversed';
  if (returns.phase === 'clearing') {
    if (transfer.status !== 'pending' || legStatus(transfer, leg) !== 'originated') return;
    if (kind === 'debit') await ledger.debitReturnedInClearing(sql, clock, transfer);
    else await ledger.creditReturnedInClearing(sql, clock, transfer);
    // §6.2: returned while clearing → failed; a bank → bank credit after its debit completed → reversed.
    status = kind === 'credit' && transfer.source.sourceKind === 'bank-account' ? 'reversed' : 'failed';
  } else {
    if (transfer.status !== 'completed' || legStatus(transfer, leg) !== 'completed') return;
    if (kind === 'debit') await ledger.debitReturnedAfterClearing(sql, clock, transfer);
    else await ledger.creditReturnedAfterCompletion(sql, clock, transfer);
    status = 'reversed';
  }
  const now = timestamp(clock);
  await transitionTransfer(sql, clock, transfer, {
    status,
    ...(status === 'failed' ? { failureReason: kind === 'debit' ? ('source-payment-error' as const) : ('destination-payment-error' as const) } : {}),
    [leg.side]: { achDetails: { status: 'returned', returnedOn: now, return: { code: returns.code, reason: returns.reason, description: returns.description } } },
    legEvents: [`${leg.side}.returned`],
  });
  const party = transfer[leg.side];
  await markBankAccountUnusable(sql, jobCtx.liveClock, {
    platformID: transfer.platformID,
    accountID: party.accountID,
    bankAccountID: party.sourceID,
    statusReason: kind === 'debit' ? 'ach-debit-return' : 'ach-credit-return',
    code: returns.code,
    exceptionDetails: { achReturnCode: returns.code, description: returns.description },
  });
};

export const achRail: Rail = {
  name: 'ach',
  checkOptions: (options) => void checkAchOptions(options),
  start,
  cancel: cancelAch,
  jobs: railJobs({ [ACH_ORIGINATE_JOB]: originate, [ACH_COMPLETE_JOB]: complete, [ACH_RETURN_JOB]: returned }),
};
