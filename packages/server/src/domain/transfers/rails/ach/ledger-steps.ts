import type { Clock } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import {
  availableBalance,
  ensureLedgerAccount,
  holdFunds,
  moveFunds,
  postEntry,
  releaseHold,
  settleHold,
  type PostingInput,
} from '../../../../ledger/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { findWalletRow } from '../../../../store/repos/wallets.ts';

/**
 * The ACH rail's postings (docs/rails.md "ACH", docs/ledger.md). Money in
 * flight sits in the platform's `rail-clearing` account for `ach`; a linked
 * bank account is mirrored by a `bank-account` ledger account (it may go
 * negative: the money is outside Railyard). Every step posts with
 * `idempotencyRef: transfer:<id>:<step>`, so a retried job never posts twice.
 */

export const ACH_CLEARING_OWNER = 'ach';
/** Owner of the `fees` ledger account that absorbs what a wallet could not pay back on a late debit return. */
export const ACH_RETURN_LOSSES_OWNER = 'ach-return-losses';

interface Ctx {
  sql: Sql;
  clock: Clock;
  transfer: TransferRecord;
}

function reference(transfer: TransferRecord, step: string) {
  return {
    platformID: transfer.platformID,
    referenceType: 'transfer',
    referenceID: transfer.transferID,
    description: transfer.request.description ?? 'ACH transfer',
    idempotencyRef: `transfer:${transfer.transferID}:${step}`,
  };
}

async function system({ sql, clock, transfer }: Ctx, kind: 'rail-clearing' | 'fees', ownerID: string): Promise<string> {
  const account = await ensureLedgerAccount(sql, { platformID: transfer.platformID, kind, ownerID, currency: transfer.currency }, clock);
  return account.ledgerAccountID;
}

const clearing = (ctx: Ctx) => system(ctx, 'rail-clearing', ACH_CLEARING_OWNER);
const fees = (ctx: Ctx) => system(ctx, 'fees', ctx.transfer.platformID);
const losses = (ctx: Ctx) => system(ctx, 'fees', ACH_RETURN_LOSSES_OWNER);

async function bankAccount(ctx: Ctx, side: 'source' | 'destination'): Promise<string> {
  const party = ctx.transfer[side];
  const account = await ensureLedgerAccount(
    ctx.sql,
    { platformID: ctx.transfer.platformID, kind: 'bank-account', ownerID: party.sourceID, accountID: party.accountID, currency: ctx.transfer.currency },
    ctx.clock,
  );
  return account.ledgerAccountID;
}

async function wallet(ctx: Ctx, side: 'source' | 'destination'): Promise<string> {
  const party = ctx.transfer[side];
  const row = await findWalletRow(ctx.sql, party.accountID, party.sourceID);
  if (!row || row.platform_id !== ctx.transfer.platformID) throw new Error(`transfer ${ctx.transfer.transferID}: ${side} wallet missing`);
  return row.ledger_account_id;
}

const posting = (ctx: Ctx, ledgerAccountID: string, amount: number): PostingInput => ({
  ledgerAccountID,
  bucket: 'available',
  amount,
  currency: ctx.transfer.currency,
});

/** Who receives a completed transfer's money: `receiver` the amount net of the facilitator fee, the platform's fees account the fee. */
async function receivers(ctx: Ctx, receiver: string): Promise<Array<{ ledgerAccountID: string; amount: number }>> {
  const net = ctx.transfer.amount - ctx.transfer.facilitatorFeeCents;
  const list: Array<{ ledgerAccountID: string; amount: number }> = [];
  if (net > 0) list.push({ ledgerAccountID: receiver, amount: net });
  if (ctx.transfer.facilitatorFeeCents > 0) list.push({ ledgerAccountID: await fees(ctx), amount: ctx.transfer.facilitatorFeeCents });
  return list;
}

/** Wallet → bank: the source wallet's money is held at creation (InsufficientFunds propagates). */
export async function holdSourceWallet(ctx: Ctx): Promise<void> {
  await holdFunds(ctx.sql, { ...reference(ctx.transfer, 'hold'), ledgerAccountID: await wallet(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency }, ctx.clock);
}

/** Wallet → bank canceled before the credit originated: the held money goes back to the wallet. */
export async function releaseSourceWallet(ctx: Ctx): Promise<void> {
  await releaseHold(ctx.sql, { ...reference(ctx.transfer, 'cancel'), ledgerAccountID: await wallet(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency }, ctx.clock);
}

/** A debit leg is originated: the bank account's money enters clearing. */
export async function debitOriginated(ctx: Ctx): Promise<void> {
  await moveFunds(
    ctx.sql,
    { ...reference(ctx.transfer, 'debit-originate'), fromLedgerAccountID: await bankAccount(ctx, 'source'), toLedgerAccountID: await clearing(ctx), amount: ctx.transfer.amount, currency: ctx.transfer.currency },
    ctx.clock,
  );
}

/** A debit leg into a wallet completes: clearing pays the wallet (net) and the fee. Bank → bank leaves it in clearing for the credit leg. */
export async function debitCompleted(ctx: Ctx): Promise<void> {
  if (ctx.transfer.destination.sourceKind !== 'wallet') return;
  const credits = await receivers(ctx, await wallet(ctx, 'destination'));
  const postings = [posting(ctx, await clearing(ctx), -ctx.transfer.amount), ...credits.map((c) => posting(ctx, c.ledgerAccountID, c.amount))];
  await postEntry(ctx.sql, { ...reference(ctx.transfer, 'debit-complete'), postings }, ctx.clock);
}

/** A credit leg completes: the held wallet money (or the cleared debit, bank → bank) reaches the bank account and the fee. */
export async function creditCompleted(ctx: Ctx): Promise<void> {
  const credits = await receivers(ctx, await bankAccount(ctx, 'destination'));
  if (ctx.transfer.source.sourceKind === 'wallet') {
    await settleHold(
      ctx.sql,
      { ...reference(ctx.transfer, 'credit-complete'), ledgerAccountID: await wallet(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency, credits },
      ctx.clock,
    );
    return;
  }
  const postings = [posting(ctx, await clearing(ctx), -ctx.transfer.amount), ...credits.map((c) => posting(ctx, c.ledgerAccountID, c.amount))];
  await postEntry(ctx.sql, { ...reference(ctx.transfer, 'credit-complete'), postings }, ctx.clock);
}

/** A debit returned during clearing: the money goes back from clearing to the debited bank account. */
export async function debitReturnedInClearing(ctx: Ctx): Promise<void> {
  await moveFunds(
    ctx.sql,
    { ...reference(ctx.transfer, 'return'), fromLedgerAccountID: await clearing(ctx), toLedgerAccountID: await bankAccount(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency },
    ctx.clock,
  );
}

/**
 * A debit returned after it cleared: the debited bank account gets the whole
 * amount back. The wallet that received it pays what it still has (up to the
 * net it got), the platform's fees account gives back the fee, and whatever
 * the wallet lacks is a platform loss on the `ach-return-losses` account: a
 * wallet never goes negative and money stays conserved. Bank → bank: the
 * credit already paid out, so the net is all loss.
 */
export async function debitReturnedAfterClearing(ctx: Ctx): Promise<{ takenFromWallet: number; loss: number }> {
  const net = ctx.transfer.amount - ctx.transfer.facilitatorFeeCents;
  const postings: PostingInput[] = [posting(ctx, await bankAccount(ctx, 'source'), ctx.transfer.amount)];
  let takenFromWallet = 0;
  if (ctx.transfer.destination.sourceKind === 'wallet' && net > 0) {
    const walletID = await wallet(ctx, 'destination');
    const { value } = await availableBalance(ctx.sql, ctx.transfer.platformID, walletID);
    takenFromWallet = Math.min(net, Math.max(0, value));
    if (takenFromWallet > 0) postings.push(posting(ctx, walletID, -takenFromWallet));
  }
  if (ctx.transfer.facilitatorFeeCents > 0) postings.push(posting(ctx, await fees(ctx), -ctx.transfer.facilitatorFeeCents));
  const loss = net - takenFromWallet;
  if (loss > 0) postings.push(posting(ctx, await losses(ctx), -loss));
  await postEntry(ctx.sql, { ...reference(ctx.transfer, 'return'), postings }, ctx.clock);
  return { takenFromWallet, loss };
}

/** A credit returned during clearing (wallet source): the hold is released. */
export async function creditReturnedInClearing(ctx: Ctx): Promise<void> {
  if (ctx.transfer.source.sourceKind === 'wallet') {
    await releaseHold(ctx.sql, { ...reference(ctx.transfer, 'return'), ledgerAccountID: await wallet(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency }, ctx.clock);
    return;
  }
  await moveFunds(
    ctx.sql,
    { ...reference(ctx.transfer, 'return'), fromLedgerAccountID: await clearing(ctx), toLedgerAccountID: await bankAccount(ctx, 'source'), amount: ctx.transfer.amount, currency: ctx.transfer.currency },
    ctx.clock,
  );
}

/**
 * A credit returned after it completed: the receiving bank account gives the
 * net back, the fees account the fee, and the whole amount is credited to the
 * source wallet (bank → bank: to the debited bank account, there is no wallet).
 */
export async function creditReturnedAfterCompletion(ctx: Ctx): Promise<void> {
  const net = ctx.transfer.amount - ctx.transfer.facilitatorFeeCents;
  const back = ctx.transfer.source.sourceKind === 'wallet' ? await wallet(ctx, 'source') : await bankAccount(ctx, 'source');
  const postings: PostingInput[] = [posting(ctx, back, ctx.transfer.amount)];
  if (net > 0) postings.push(posting(ctx, await bankAccount(ctx, 'destination'), -net));
  if (ctx.transfer.facilitatorFeeCents > 0) postings.push(posting(ctx, await fees(ctx), -ctx.transfer.facilitatorFeeCents));
  await postEntry(ctx.sql, { ...reference(ctx.transfer, 'return'), postings }, ctx.clock);
}
