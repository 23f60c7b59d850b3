import type { Clock } from '../../../kernel/clock.ts';
import type { WalletRow } from '../../../store/repos/wallets.ts';
import { InsufficientFunds, postEntry } from '../../../ledger/index.ts';
import { enqueueJob, type JobHandler } from '../../../jobs/index.ts';
import { railJobs, transferOfJob } from './job-helpers.ts';
import { credits, holdSourceWallet, posting, reference, settleSourceHold, walletOf } from './ledger-steps.ts';
import type { Sql } from '../../../store/port.ts';
import type { TransferRecord } from '../model.ts';
import { noteWalletPostings } from '../../wallets/movement-events.ts';
import { transitionTransfer } from '../transitions.ts';
import { takesNoOptions, type Rail, type RailContext } from '../rail.ts';

/**
 * Wallet ↔ wallet (docs/api-behaviour.md §6.2: completes almost instantly). With the
 * default pacing (`walletCompleteAfterSeconds: 0`) the money moves in the
 * creating unit of work: one entry, source −amount, destination +(amount −
 * fee), the platform's `fees` account +fee, and the transfer is `completed`.
 * With a delay the source is held at once and a `rail.wallet.complete` job
 * settles the hold later (pending → completed).
 *
 * The source wallet's debit is the ledger's guarded update: when the wallet
 * lacks the money the ledger refuses (InsufficientFunds, nothing written) and
 * the transfer is `failed` with `wallet-insufficient-funds`, so concurrent
 * transfers never overdraw a wallet.
 */

export const WALLET_COMPLETE_JOB = 'rail.wallet.complete';

/** One entry moves the money now: source −amount, destination +net, fees +fee; false when the source lacks it (nothing moved). */
async function moveNow(sql: Sql, clock: Clock, transfer: TransferRecord, known?: ReadonlyMap<string, WalletRow>): Promise<boolean> {
  const source = await walletOf(sql, transfer, 'source', known);
  const destination = await walletOf(sql, transfer, 'destination', known);
  const postings = [
    posting(transfer, source.ledger_account_id, -transfer.amount),
    ...(await credits(sql, clock, transfer, destination.ledger_account_id)).map((c) => posting(transfer, c.ledgerAccountID, c.amount)),
  ];
  try {
    const moved = await postEntry(sql, { postings, ...reference(transfer, 'move') }, clock);
    await noteWalletPostings(sql, clock, moved, [source, destination]);
    return true;
  } catch (error) {
    if (error instanceof InsufficientFunds) return false;
    throw error;
  }
}

async function failForFunds(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<TransferRecord> {
  return transitionTransfer(sql, clock, transfer, { status: 'failed', failureReason: 'wallet-insufficient-funds', railAnswered: true, createdInThisUnit: true });
}

async function start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<TransferRecord> {
  const delaySeconds = ctx.pacing.walletCompleteAfterSeconds;
  // `start` runs in the unit of work that inserted the transfer.
  if (delaySeconds <= 0) {
    if (!(await moveNow(sql, ctx.clock, transfer, ctx.wallets))) return failForFunds(sql, ctx.clock, transfer);
    return transitionTransfer(sql, ctx.clock, transfer, { status: 'completed', railAnswered: true, createdInThisUnit: true });
  }
  if (!(await holdSourceWallet(sql, ctx.clock, transfer, ctx.wallets))) return failForFunds(sql, ctx.clock, transfer);
  const pending = await transitionTransfer(sql, ctx.clock, transfer, { status: 'pending', railAnswered: true, createdInThisUnit: true });
  await enqueueJob(
    sql,
    {
      platformID: transfer.platformID,
      kind: WALLET_COMPLETE_JOB,
      payload: { transferID: transfer.transferID },
      runAt: new Date(ctx.clock.now().getTime() + delaySeconds * 1000),
      dedupeKey: `transfer:${transfer.transferID}:wallet-complete`,
    },
    ctx.clock,
  );
  return pending;
}

/** Settles the hold of a pending wallet transfer into the destination wallet; a transfer no longer pending is left alone. */
const complete: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  if (transfer.status !== 'pending') return;
  const destination = await walletOf(sql, transfer, 'destination');
  await settleSourceHold(sql, clock, transfer, 'settle', destination.ledger_account_id, destination);
  await transitionTransfer(sql, clock, transfer, { status: 'completed' });
};

export const walletRail: Rail = { name: 'wallet', checkOptions: takesNoOptions, start, jobs: railJobs({ [WALLET_COMPLETE_JOB]: complete }) };

