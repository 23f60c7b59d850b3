import type { Clock } from '../../kernel/clock.ts';
import { moveFunds } from '../../ledger/index.ts';
import type { Sql } from '../../store/port.ts';
import type { RefundRow } from '../../store/repos/refunds.ts';
import type { TransferRecord } from '../transfers/model.ts';
import { ledgerAccountOf, walletOf } from '../transfers/rails/ledger-steps.ts';
import { noteWalletPostings } from '../wallets/movement-events.ts';

/**
 * A refund's money (docs/refunds.md "Money", docs/ledger.md):
 *
 *   created:  merchant wallet → rail-clearing(card)        `refund`, a platform settlement:
 *                                                            it may take the wallet below zero
 *   settled:  rail-clearing(card) → card-network            the network pays the cardholder
 *   failed:   rail-clearing(card) → merchant wallet         `refund-failure`: the money comes back
 *
 * Each entry's reference is the refund (`refund` / `refund-failure` + refundID),
 * so the wallet shows a `refund` transaction and, if it fails, a
 * `refund-failure` one; `idempotencyRef` `refund:<id>:<step>` keeps a retried
 * job from moving money twice.
 */

const clearing = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'rail-clearing', 'card');
const network = (sql: Sql, clock: Clock, transfer: TransferRecord) => ledgerAccountOf(sql, clock, transfer, 'card-network', 'card-network');

function reference(refund: RefundRow, step: 'debit' | 'settle' | 'fail') {
  return {
    platformID: refund.platform_id,
    referenceType: step === 'fail' ? 'refund-failure' : 'refund',
    referenceID: refund.refund_id,
    description: step === 'fail' ? 'refund failed' : 'refund',
    idempotencyRef: `refund:${refund.refund_id}:${step}`,
    amount: Number(refund.amount),
    currency: refund.currency,
  };
}

/** The merchant wallet pays the refund at once, whatever its balance (decision 1600). */
export async function debitMerchantWallet(sql: Sql, clock: Clock, transfer: TransferRecord, refund: RefundRow): Promise<void> {
  const wallet = await walletOf(sql, transfer, 'destination');
  const result = await moveFunds(
    sql,
    { ...reference(refund, 'debit'), settlement: 'refund', fromLedgerAccountID: wallet.ledger_account_id, toLedgerAccountID: await clearing(sql, clock, transfer) },
    clock,
  );
  await noteWalletPostings(sql, clock, result, [wallet]);
}

/** Settlement: the card network takes the refund to the cardholder's issuer. */
export async function payNetwork(sql: Sql, clock: Clock, transfer: TransferRecord, refund: RefundRow): Promise<void> {
  await moveFunds(sql, { ...reference(refund, 'settle'), fromLedgerAccountID: await clearing(sql, clock, transfer), toLedgerAccountID: await network(sql, clock, transfer) }, clock);
}

/** A refused refund: the money waiting in clearing goes back to the merchant wallet. */
export async function creditMerchantWalletBack(sql: Sql, clock: Clock, transfer: TransferRecord, refund: RefundRow): Promise<void> {
  const wallet = await walletOf(sql, transfer, 'destination');
  const result = await moveFunds(
    sql,
    { ...reference(refund, 'fail'), fromLedgerAccountID: await clearing(sql, clock, transfer), toLedgerAccountID: wallet.ledger_account_id },
    clock,
  );
  await noteWalletPostings(sql, clock, result, [wallet]);
}
