import type { Clock } from '../../../kernel/clock.ts';
import { findWalletRow, type WalletRow } from '../../../store/repos/wallets.ts';
import { ensureLedgerAccount, holdFunds, InsufficientFunds, postEntry, settleHold, type PostingInput } from '../../../ledger/index.ts';
import { enqueueJob, type JobHandler } from '../../../jobs/index.ts';
import { transferOfJob } from './job-helpers.ts';
import type { Sql } from '../../../store/port.ts';
import type { TransferRecord } from '../model.ts';
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

interface Wallets {
  source: WalletRow;
  destination: WalletRow;
}

/** Both wallets: from `known` (rows creation read in this unit of work) when there, else read. */
async function walletsOf(sql: Sql, transfer: TransferRecord, known?: ReadonlyMap<string, WalletRow>): Promise<Wallets> {
  const wallet = async (side: TransferRecord['source']) => {
    const row = known?.get(side.sourceID);
    return row && row.account_id === side.accountID ? row : findWalletRow(sql, side.accountID, side.sourceID);
  };
  const source = await wallet(transfer.source);
  const destination = await wallet(transfer.destination);
  if (!source || !destination) throw new Error(`transfer ${transfer.transferID}: wallet missing`);
  // Creation checks both wallets live in the platform's ledger; a mismatch here is a bug.
  if (source.platform_id !== transfer.platformID || destination.platform_id !== transfer.platformID) {
    throw new Error(`transfer ${transfer.transferID}: wallet outside the platform's ledger`);
  }
  return { source, destination };
}

/** Who receives the money: the destination wallet (net of the facilitator fee) and the platform's fees account. */
async function credits(sql: Sql, clock: Clock, transfer: TransferRecord, wallets: Wallets) {
  const net = transfer.amount - transfer.facilitatorFeeCents;
  const list: Array<{ ledgerAccountID: string; amount: number }> = [];
  if (net > 0) list.push({ ledgerAccountID: wallets.destination.ledger_account_id, amount: net });
  if (transfer.facilitatorFeeCents > 0) {
    const fees = await ensureLedgerAccount(
      sql,
      { platformID: transfer.platformID, kind: 'fees', ownerID: transfer.platformID, currency: transfer.currency },
      clock,
    );
    list.push({ ledgerAccountID: fees.ledgerAccountID, amount: transfer.facilitatorFeeCents });
  }
  return list;
}

function reference(transfer: TransferRecord, step: string) {
  return {
    platformID: transfer.platformID,
    referenceType: 'transfer',
    referenceID: transfer.transferID,
    description: transfer.request.description ?? 'wallet transfer',
    idempotencyRef: `transfer:${transfer.transferID}:${step}`,
  };
}

async function failForFunds(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<TransferRecord> {
  return transitionTransfer(sql, clock, transfer, { status: 'failed', failureReason: 'wallet-insufficient-funds', railAnswered: true, createdInThisUnit: true });
}

async function start(sql: Sql, ctx: RailContext, transfer: TransferRecord): Promise<TransferRecord> {
  const wallets = await walletsOf(sql, transfer, ctx.wallets);
  const delaySeconds = ctx.pacing.walletCompleteAfterSeconds;
  try {
    if (delaySeconds <= 0) {
      const postings: PostingInput[] = [
        { ledgerAccountID: wallets.source.ledger_account_id, bucket: 'available', amount: -transfer.amount, currency: transfer.currency },
        ...(await credits(sql, ctx.clock, transfer, wallets)).map((c) => ({ ...c, bucket: 'available' as const, currency: transfer.currency })),
      ];
      await postEntry(sql, { ...reference(transfer, 'move'), postings }, ctx.clock);
    } else {
      await holdFunds(
        sql,
        { ...reference(transfer, 'hold'), ledgerAccountID: wallets.source.ledger_account_id, amount: transfer.amount, currency: transfer.currency },
        ctx.clock,
      );
    }
  } catch (error) {
    if (error instanceof InsufficientFunds) return failForFunds(sql, ctx.clock, transfer);
    throw error;
  }
  // `start` runs in the unit of work that inserted the transfer.
  if (delaySeconds <= 0) return transitionTransfer(sql, ctx.clock, transfer, { status: 'completed', railAnswered: true, createdInThisUnit: true });
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

/** Settles the hold of a pending wallet transfer; a transfer no longer pending is left alone. */
const complete: JobHandler = async (sql, job, ctx) => {
  const { transfer, clock } = await transferOfJob(sql, job, ctx);
  if (transfer.status !== 'pending') return;
  const wallets = await walletsOf(sql, transfer);
  await settleHold(
    sql,
    {
      ...reference(transfer, 'settle'),
      ledgerAccountID: wallets.source.ledger_account_id,
      amount: transfer.amount,
      currency: transfer.currency,
      credits: await credits(sql, clock, transfer, wallets),
    },
    clock,
  );
  await transitionTransfer(sql, clock, transfer, { status: 'completed' });
};

export const walletRail: Rail = { name: 'wallet', checkOptions: takesNoOptions, start, jobs: { [WALLET_COMPLETE_JOB]: complete } };

