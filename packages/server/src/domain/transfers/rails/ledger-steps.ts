import type { Clock } from '../../../kernel/clock.ts';
import {
  ensureLedgerAccount,
  holdFunds,
  InsufficientFunds,
  releaseHold,
  settleHold,
  type EntryReference,
  type LedgerAccountKind,
  type PostingInput,
} from '../../../ledger/index.ts';
import type { Sql } from '../../../store/port.ts';
import { findWalletRow, type WalletRow } from '../../../store/repos/wallets.ts';
import type { TransferRecord } from '../model.ts';
import { noteWalletPostings } from '../../wallets/movement-events.ts';

/**
 * The ledger pieces every rail posts with (docs/ledger.md "How a transfer will
 * post"). Every step, here and in a rail's own `ledger-steps.ts`, takes
 * `(sql, clock, transfer, …)` and posts with `reference(transfer, step)`: the
 * transfer as the entry's reference and `idempotencyRef`
 * `transfer:<id>:<step>`, so a retried job moves no money twice.
 */

export type Side = 'source' | 'destination';

/** An entry's description when the transfer has none: what the rail does. */
function defaultDescription(transfer: TransferRecord): string {
  switch (transfer.rail) {
    case 'wallet':
      return 'wallet transfer';
    case 'ach':
      return 'ACH transfer';
    case 'rtp':
      return 'payout';
    case 'card':
      return transfer.destination.paymentMethodType === 'push-to-card' ? 'payout' : 'card payment';
  }
}

/**
 * The reference of the transfer's entry for `step` (`hold`, `settle`, `debit-originate`…). An entry
 * spreads it last, `{ postings, ...reference(…) }`: in Node 20 a literal that grows after a leading
 * spread gives each object a map of its own (decision 2001, amendment "Node's own work").
 */
export function reference(transfer: TransferRecord, step: string): EntryReference & { idempotencyRef: string } {
  return {
    platformID: transfer.platformID,
    referenceType: 'transfer',
    referenceID: transfer.transferID,
    description: transfer.request.description ?? defaultDescription(transfer),
    idempotencyRef: `transfer:${transfer.transferID}:${step}`,
  };
}

/** An `available` posting in the transfer's currency. */
export function posting(transfer: TransferRecord, ledgerAccountID: string, amount: number): PostingInput {
  return { ledgerAccountID, bucket: 'available', amount, currency: transfer.currency };
}

/**
 * The wallet row of a wallet party: from `known` (rows creation read in this
 * unit of work) when there, else read. Creation checked the wallet lives in
 * the platform's ledger; anything else is a bug.
 */
export async function walletOf(sql: Sql, transfer: TransferRecord, side: Side, known?: ReadonlyMap<string, WalletRow>): Promise<WalletRow> {
  const party = transfer[side];
  const kept = known?.get(party.sourceID);
  const wallet = kept && kept.account_id === party.accountID ? kept : await findWalletRow(sql, party.accountID, party.sourceID);
  if (!wallet || wallet.platform_id !== transfer.platformID) {
    throw new Error(`transfer ${transfer.transferID}: ${side} wallet missing from the platform's ledger`);
  }
  return wallet;
}

/** The ID of the platform's ledger account of this kind and owner (opened on first use). */
export async function ledgerAccountOf(
  sql: Sql,
  clock: Clock,
  transfer: TransferRecord,
  kind: LedgerAccountKind,
  ownerID: string,
  accountID: string | null = null,
): Promise<string> {
  const account = await ensureLedgerAccount(sql, { platformID: transfer.platformID, kind, ownerID, accountID, currency: transfer.currency }, clock);
  return account.ledgerAccountID;
}

/** The ledger account mirroring the party's outside account (a linked bank account or card): it may go negative. */
export function outsideAccountOf(sql: Sql, clock: Clock, transfer: TransferRecord, side: Side, kind: 'bank-account' | 'card'): Promise<string> {
  const party = transfer[side];
  return ledgerAccountOf(sql, clock, transfer, kind, party.sourceID, party.accountID);
}

/** The platform's `fees` account: where facilitator fees go. */
export function feesAccountOf(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<string> {
  return ledgerAccountOf(sql, clock, transfer, 'fees', transfer.platformID);
}

/** Who receives a completed transfer's money: the receiver the amount net of the facilitator fee, the platform's fees account the fee. */
export async function credits(sql: Sql, clock: Clock, transfer: TransferRecord, receiverLedgerAccountID: string): Promise<Array<{ ledgerAccountID: string; amount: number }>> {
  const net = transfer.amount - transfer.facilitatorFeeCents;
  const list: Array<{ ledgerAccountID: string; amount: number }> = [];
  if (net > 0) list.push({ ledgerAccountID: receiverLedgerAccountID, amount: net });
  if (transfer.facilitatorFeeCents > 0) list.push({ ledgerAccountID: await feesAccountOf(sql, clock, transfer), amount: transfer.facilitatorFeeCents });
  return list;
}

/**
 * Reserves the source wallet's money (step `hold`); false when the wallet
 * lacks it, nothing written: the rail fails the transfer with
 * `wallet-insufficient-funds`.
 */
export async function holdSourceWallet(sql: Sql, clock: Clock, transfer: TransferRecord, known?: ReadonlyMap<string, WalletRow>): Promise<boolean> {
  const wallet = await walletOf(sql, transfer, 'source', known);
  try {
    const held = await holdFunds(sql, { ...reference(transfer, 'hold'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, clock);
    await noteWalletPostings(sql, clock, held, [wallet]);
    return true;
  } catch (error) {
    if (error instanceof InsufficientFunds) return false;
    throw error;
  }
}

/**
 * Gives the held money back to the source wallet: step `release` when the
 * network refused the credit, `cancel` when the transfer was canceled first,
 * `return` when the receiving bank sent it back.
 */
export async function releaseSourceHold(sql: Sql, clock: Clock, transfer: TransferRecord, step: 'release' | 'cancel' | 'return'): Promise<void> {
  const wallet = await walletOf(sql, transfer, 'source');
  const released = await releaseHold(sql, { ...reference(transfer, step), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, clock);
  await noteWalletPostings(sql, clock, released, [wallet]);
}

/**
 * Pays the held money out (step `step`): the receiver gets the amount net of
 * the fee, the platform's fees account the fee. `receiverWallet`: the
 * receiver's wallet row when the receiver is a wallet (its events follow).
 */
export async function settleSourceHold(
  sql: Sql,
  clock: Clock,
  transfer: TransferRecord,
  step: string,
  receiverLedgerAccountID: string,
  receiverWallet?: WalletRow,
): Promise<void> {
  const wallet = await walletOf(sql, transfer, 'source');
  const settled = await settleHold(
    sql,
    {
      ...reference(transfer, step),
      ledgerAccountID: wallet.ledger_account_id,
      amount: transfer.amount,
      currency: transfer.currency,
      credits: await credits(sql, clock, transfer, receiverLedgerAccountID),
    },
    clock,
  );
  await noteWalletPostings(sql, clock, settled, [wallet, receiverWallet]);
}

/** Push to card, RTP: pays the held money out (step `settle`) to the ledger account mirroring the receiving card or bank account. */
export async function payOutHold(sql: Sql, clock: Clock, transfer: TransferRecord, receiver: 'card' | 'bank-account'): Promise<void> {
  await settleSourceHold(sql, clock, transfer, 'settle', await outsideAccountOf(sql, clock, transfer, 'destination', receiver));
}
