import type { Clock } from '../../../kernel/clock.ts';
import { transferFromRow, type TransferRecord } from '../model.ts';
import { enqueueJob, stepClock, type ClaimedJob, type JobContext, type JobHandler } from '../../../jobs/index.ts';
import type { Sql } from '../../../store/port.ts';
import { findTransferRow } from '../../../store/repos/transfers.ts';
import { withWalletEvents } from '../../wallets/movement-events.ts';

/**
 * Plumbing shared by the rails' jobs. Every rail loads a job's transfer with
 * `transferOfJob`. The card and RTP rails also schedule through `scheduleStep`:
 * each job's payload is `{transferID}`, its dedupe key `transfer:<id>:<step>`
 * (so a step is scheduled once for ever), and it runs at an instant of platform
 * time the rail computed when it started (jobs do not see the pacing); the ACH
 * and wallet rails schedule their own jobs.
 */

export async function scheduleStep(sql: Sql, clock: Clock, transfer: TransferRecord, input: { kind: string; step: string; runAt: string }): Promise<void> {
  await enqueueJob(
    sql,
    {
      platformID: transfer.platformID,
      kind: input.kind,
      payload: { transferID: transfer.transferID },
      runAt: new Date(input.runAt),
      dedupeKey: `transfer:${transfer.transferID}:${input.step}`,
    },
    clock,
  );
}

/**
 * The job's transfer, as stored now, and the clock its step runs on
 * (`stepClock`: the due time, never before the transfer's last change). Every
 * rail's jobs load their transfer here, so none can stamp it with a raw clock.
 * A missing transfer is a bug: transfers are never deleted.
 */
export async function transferOfJob(sql: Sql, job: ClaimedJob, ctx: JobContext): Promise<{ transfer: TransferRecord; clock: Clock }> {
  const { transferID } = job.payload as { transferID?: unknown };
  if (typeof transferID !== 'string') throw new Error(`${job.kind}: payload without transferID`);
  const row = await findTransferRow(sql, job.platformID, transferID);
  if (!row) throw new Error(`${job.kind}: no transfer ${transferID}`);
  const transfer = transferFromRow(row);
  return { transfer, clock: stepClock(ctx, transfer.updatedOn) };
}

/**
 * A rail's job handlers, each run inside `withWalletEvents`: the
 * `balance.updated` / `walletTransaction.updated` of the wallets a step moved
 * are written once, at the end of the job's unit of work. Every rail builds
 * its `jobs` with it.
 */
export function railJobs(handlers: Readonly<Record<string, JobHandler>>): Readonly<Record<string, JobHandler>> {
  return Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]): [string, JobHandler] => [kind, (sql, job, ctx) => withWalletEvents(sql, () => handler(sql, job, ctx))]),
  );
}
