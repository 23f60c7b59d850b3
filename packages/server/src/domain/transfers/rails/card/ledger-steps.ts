import type { Clock } from '../../../../kernel/clock.ts';
import type { TransferParty, TransferRecord } from '../../model.ts';
import {
  ensureLedgerAccount,
  holdFunds,
  InsufficientFunds,
  moveFunds,
  postEntry,
  releaseHold,
  settleHold,
  type LedgerAccountKind,
  type PostingInput,
} from '../../../../ledger/index.ts';
import type { Sql } from '../../../../store/port.ts';
import { findWalletRow, type WalletRow } from '../../../../store/repos/wallets.ts';

/**
 * The ledger entries of the card and RTP rails (docs/ledger.md "How a
 * transfer will post"), each posted with `idempotencyRef`
 * `transfer:<id>:<step>` so a retried job moves no money twice:
 *
 * - pull / card payment: `card-network → rail-clearing(card)` at authorization,
 *   `rail-clearing(card) → wallet (net) + fees` at completion;
 * - push to card, RTP credit: a hold on the source wallet at creation, settled
 *   to the outside account that mirrors the receiving card or bank account
 *   (`card` / `bank-account` ledger account) at completion, or released when the
 *   network refuses.
 */

function reference(transfer: TransferRecord, step: string, description: string) {
  return {
    platformID: transfer.platformID,
    referenceType: 'transfer',
    referenceID: transfer.transferID,
    description: transfer.request.description ?? description,
    idempotencyRef: `transfer:${transfer.transferID}:${step}`,
  };
}

async function walletOf(sql: Sql, transfer: TransferRecord, party: TransferParty): Promise<WalletRow> {
  const wallet = await findWalletRow(sql, party.accountID, party.sourceID);
  // Creation checked the wallet lives in the platform's ledger; anything else is a bug.
  if (!wallet || wallet.platform_id !== transfer.platformID) throw new Error(`transfer ${transfer.transferID}: wallet missing from the platform's ledger`);
  return wallet;
}

async function ledgerAccount(sql: Sql, clock: Clock, transfer: TransferRecord, kind: LedgerAccountKind, ownerID: string, accountID: string | null) {
  return ensureLedgerAccount(sql, { platformID: transfer.platformID, kind, ownerID, accountID, currency: transfer.currency }, clock);
}

/** The receiver's share (amount − facilitator fee) and the platform's `fees` share. */
async function credits(sql: Sql, clock: Clock, transfer: TransferRecord, receiverLedgerAccountID: string) {
  const net = transfer.amount - transfer.facilitatorFeeCents;
  const list: Array<{ ledgerAccountID: string; amount: number }> = [];
  if (net > 0) list.push({ ledgerAccountID: receiverLedgerAccountID, amount: net });
  if (transfer.facilitatorFeeCents > 0) {
    const fees = await ledgerAccount(sql, clock, transfer, 'fees', transfer.platformID, null);
    list.push({ ledgerAccountID: fees.ledgerAccountID, amount: transfer.facilitatorFeeCents });
  }
  return list;
}

/** Authorization of a pull: the network owes the money, which waits in the card rail's clearing account. */
export async function postAuthorization(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const network = await ledgerAccount(sql, clock, transfer, 'card-network', 'card-network', null);
  const clearing = await ledgerAccount(sql, clock, transfer, 'rail-clearing', 'card', null);
  await moveFunds(
    sql,
    { ...reference(transfer, 'authorize', 'card payment'), fromLedgerAccountID: network.ledgerAccountID, toLedgerAccountID: clearing.ledgerAccountID, amount: transfer.amount, currency: transfer.currency },
    clock,
  );
}

/** A pull canceled before settlement: the authorization is reversed, clearing gives the money back to the network. */
export async function reverseAuthorization(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const network = await ledgerAccount(sql, clock, transfer, 'card-network', 'card-network', null);
  const clearing = await ledgerAccount(sql, clock, transfer, 'rail-clearing', 'card', null);
  await moveFunds(
    sql,
    { ...reference(transfer, 'cancel', 'card payment'), fromLedgerAccountID: clearing.ledgerAccountID, toLedgerAccountID: network.ledgerAccountID, amount: transfer.amount, currency: transfer.currency },
    clock,
  );
}

/** Completion of a pull: the clearing account pays the merchant wallet and the platform's fee. */
export async function creditMerchantWallet(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<void> {
  const clearing = await ledgerAccount(sql, clock, transfer, 'rail-clearing', 'card', null);
  const wallet = await walletOf(sql, transfer, transfer.destination);
  const postings: PostingInput[] = [
    { ledgerAccountID: clearing.ledgerAccountID, bucket: 'available', amount: -transfer.amount, currency: transfer.currency },
    ...(await credits(sql, clock, transfer, wallet.ledger_account_id)).map((c) => ({ ...c, bucket: 'available' as const, currency: transfer.currency })),
  ];
  await postEntry(sql, { ...reference(transfer, 'complete', 'card payment'), postings }, clock);
}

/** Reserves the source wallet's money; false when the wallet lacks it (nothing written). */
export async function holdSourceWallet(sql: Sql, clock: Clock, transfer: TransferRecord): Promise<boolean> {
  const wallet = await walletOf(sql, transfer, transfer.source);
  try {
    await holdFunds(sql, { ...reference(transfer, 'hold', 'payout'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, clock);
    return true;
  } catch (error) {
    if (error instanceof InsufficientFunds) return false;
    throw error;
  }
}

/** Pays the held money out to the receiving card or bank account (kind `card` / `bank-account`). */
export async function payOutHold(sql: Sql, clock: Clock, transfer: TransferRecord, receiver: { kind: 'card' | 'bank-account' }): Promise<void> {
  const wallet = await walletOf(sql, transfer, transfer.source);
  const outside = await ledgerAccount(sql, clock, transfer, receiver.kind, transfer.destination.sourceID, transfer.destination.accountID);
  await settleHold(
    sql,
    {
      ...reference(transfer, 'settle', 'payout'),
      ledgerAccountID: wallet.ledger_account_id,
      amount: transfer.amount,
      currency: transfer.currency,
      credits: await credits(sql, clock, transfer, outside.ledgerAccountID),
    },
    clock,
  );
}

/**
 * Gives the held money back to the source wallet: step `release` when the
 * network refused the credit, `cancel` when the transfer was canceled first.
 */
export async function releaseSourceHold(sql: Sql, clock: Clock, transfer: TransferRecord, step: 'release' | 'cancel' = 'release'): Promise<void> {
  const wallet = await walletOf(sql, transfer, transfer.source);
  await releaseHold(sql, { ...reference(transfer, step, 'payout'), ledgerAccountID: wallet.ledger_account_id, amount: transfer.amount, currency: transfer.currency }, clock);
}
