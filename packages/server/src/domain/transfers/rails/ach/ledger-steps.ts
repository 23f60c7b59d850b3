import type { Clock } from '../../../../kernel/clock.ts';
import type { TransferRecord } from '../../model.ts';
import { moveFunds, postEntry, type PostingInput } from '../../../../ledger/index.ts';
import type { Sql } from '../../../../store/port.ts';
import type { WalletRow } from '../../../../store/repos/wallets.ts';
import { noteWalletPostings } from '../../../wallets/movement-events.ts';
import {
  credits,
  feesAccountOf,
  ledgerAccountOf,
  outsideAccountOf,
  posting,
  reference,
  releaseSourceHold,
  settleSourceHold,
  walletOf,
} from '../ledger-steps.ts';

/**
 * The ACH rail's postings (docs/rails.md "ACH", docs/ledger.md), built on the
 * rails' shared steps (../ledger-steps.ts) and with their signature
 * `(sql, clock, transfer)`. Money in flight sits in the platform's
 * `rail-clearing` account for `ach`; a linked bank account is mirrored by a
 * `bank-account` ledger account (it may go negative: the money is outside
 * Railyard). A wallet source is held at creation and released on a
 * cancellation with the shared `holdSourceWallet` / `releaseSourceHold`.
 */

export const ACH_CLEARING_OWNER = 'ach';
/** Owner of the `fees` ledger account that absorbs a late debit return of a bank → bank transfer (no wallet to take it from). */
export const ACH_RETURN_LOSSES_OWNER = 'ach-return-losses';

const clearing = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'rail-clearing', ACH_CLEARING_OWNER);
const losses = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'fees', ACH_RETURN_LOSSES_OWNER);
const bankAccount = (sql: Sql, clock: Clock, transfer: TransferRecord, side: 'source' | 'destination') => outsideAccountOf(sql, clock, transfer, side, 'bank-account');

/** Clearing pays out the whole amount: `receiver` the amount net of the fee, the platform's fees account the fee. `receiverWallet`: when the receiver is a wallet. */
async function payOutOfClearing(sql: Sql, clock: Clock, transfer: TransferRecord, step: string, receiver: string, receiverWallet?: WalletRow): Promise<void> {
  const paid = await credits(sql, clock, transfer, receiver);
  const postings = [posting(transfer, await clearing(sql, clock, transfer), -transfer.amount), ...paid.map((c) => posting(transfer, c.ledgerAccountID, c.amount))];
  const result = await postEntry(sql, { postings, ...reference(transfer, step) }, clock);
  if (receiverWallet) await noteWalletPostings(sql, clock, result, [receiverWallet]);
}

/** Clearing gives the debited money back to the source bank account. */
async function backToSourceBank(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  await moveFunds(
    sql,
    {
      ...reference(transfer, 'return'),
      fromLedgerAccountID: await clearing(sql, clock, transfer),
      toLedgerAccountID: await bankAccount(sql, clock, transfer, 'source'),
      amount: transfer.amount,
      currency: transfer.currency,
    },
    clock,
  );
}

/** A debit leg is originated: the bank account's money enters clearing. */
export async function debitOriginated(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  await moveFunds(
    sql,
    {
      ...reference(transfer, 'debit-originate'),
      fromLedgerAccountID: await bankAccount(sql, clock, transfer, 'source'),
      toLedgerAccountID: await clearing(sql, clock, transfer),
      amount: transfer.amount,
      currency: transfer.currency,
    },
    clock,
  );
}

/** A debit leg into a wallet completes: clearing pays the wallet (net) and the fee. Bank → bank leaves it in clearing for the credit leg. */
export async function debitCompleted(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  if (transfer.destination.sourceKind !== 'wallet') return;
  const wallet = await walletOf(sql, transfer, 'destination');
  await payOutOfClearing(sql, clock, transfer, 'debit-complete', wallet.ledger_account_id, wallet);
}

/** A credit leg completes: the held wallet money (or the cleared debit, bank → bank) reaches the bank account and the fee. */
export async function creditCompleted(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const receiver = await bankAccount(sql, clock, transfer, 'destination');
  if (transfer.source.sourceKind === 'wallet') return settleSourceHold(sql, clock, transfer, 'credit-complete', receiver);
  await payOutOfClearing(sql, clock, transfer, 'credit-complete', receiver);
}

/** A debit returned during clearing: the money goes back from clearing to the debited bank account. */
export async function debitReturnedInClearing(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  await backToSourceBank(sql, clock, transfer);
}

/**
 * The reference of a return that arrives after the transfer completed: the
 * transfer, but its own wallet transaction (`ach-return` → `ach-reversal`,
 * docs/refunds.md "ACH returns"), not netted into the transfer's.
 */
function lateReturnReference(transfer: TransferRecord) {
  return { ...reference(transfer, 'return'), referenceType: 'ach-return' };
}

/**
 * A debit returned after it cleared: the debited bank account gets the whole
 * amount back. The wallet that received it pays the net it got, whatever its
 * balance: an `ach-return` platform settlement may take it below zero, and the
 * negative wallet cannot send until it is covered (decision 1600); the
 * platform's fees account gives back the fee. Bank → bank there is no wallet:
 * the credit already paid out, so the net is a platform loss on the
 * `ach-return-losses` account.
 */
export async function debitReturnedAfterClearing(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<{ takenFromWallet: number; loss: number }> {
  const net = transfer.amount - transfer.facilitatorFeeCents;
  const postings: PostingInput[] = [posting(transfer, await bankAccount(sql, clock, transfer, 'source'), transfer.amount)];
  let takenFromWallet = 0;
  let wallet: WalletRow | undefined;
  if (transfer.destination.sourceKind === 'wallet' && net > 0) {
    wallet = await walletOf(sql, transfer, 'destination');
    takenFromWallet = net;
    postings.push(posting(transfer, wallet.ledger_account_id, -net));
  }
  if (transfer.facilitatorFeeCents > 0) postings.push(posting(transfer, await feesAccountOf(sql, clock, transfer), -transfer.facilitatorFeeCents));
  const loss = net - takenFromWallet;
  if (loss > 0) postings.push(posting(transfer, await losses(sql, clock, transfer), -loss));
  const result = await postEntry(sql, { settlement: 'ach-return', postings, ...lateReturnReference(transfer) }, clock);
  await noteWalletPostings(sql, clock, result, [wallet]);
  return { takenFromWallet, loss };
}

/** A credit returned during clearing: a wallet source's hold is released; bank → bank, clearing pays the debited account back. */
export async function creditReturnedInClearing(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  if (transfer.source.sourceKind === 'wallet') return releaseSourceHold(sql, clock, transfer, 'return');
  await backToSourceBank(sql, clock, transfer);
}

/**
 * A credit returned after it completed: the receiving bank account gives the
 * net back, the fees account the fee, and the whole amount is credited to the
 * source wallet (bank → bank: to the debited bank account, there is no wallet).
 */
export async function creditReturnedAfterCompletion(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const net = transfer.amount - transfer.facilitatorFeeCents;
  const wallet = transfer.source.sourceKind === 'wallet' ? await walletOf(sql, transfer, 'source') : undefined;
  const back = wallet ? wallet.ledger_account_id : await bankAccount(sql, clock, transfer, 'source');
  const postings: PostingInput[] = [posting(transfer, back, transfer.amount)];
  if (net > 0) postings.push(posting(transfer, await bankAccount(sql, clock, transfer, 'destination'), -net));
  if (transfer.facilitatorFeeCents > 0) postings.push(posting(transfer, await feesAccountOf(sql, clock, transfer), -transfer.facilitatorFeeCents));
  const result = await postEntry(sql, { postings, ...lateReturnReference(transfer) }, clock);
  await noteWalletPostings(sql, clock, result, [wallet]);
}
