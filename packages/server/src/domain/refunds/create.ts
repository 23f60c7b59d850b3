import { newRowID } from '../../kernel/ids.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { ValidationFailed } from '../../kernel/errors.ts';
import { recordEvent } from '../../kernel/events.ts';
import type { Sql } from '../../store/port.ts';
import { addRefundedAmount, insertRefund, type RefundRow } from '../../store/repos/refunds.ts';
import type { RailPacing } from '../transfers/pacing.ts';
import type { TransferRecord } from '../transfers/model.ts';
import { markNewReference } from '../wallets/movement-events.ts';
import { refundableAmount } from './eligibility.ts';
import { debitMerchantWallet } from './ledger-steps.ts';
import { networkAnswers } from './lifecycle.ts';
import { refundCreatedData } from './render.ts';

/**
 * Creates a refund of a captured card payment inside the caller's unit of
 * work (the caller checked `cardPaymentState`): the refund row first (a
 * concurrent replay of its idempotency key blocks on the unique index before
 * any money moves), the merchant wallet's debit, then the transfer's refunded
 * amount, guarded so refunds never exceed the payment however many race (a
 * refusal rolls the debit back with the rest), `refund.created`, and the card
 * network's answer. `amount` undefined:
 * everything still refundable. A refusal throws before anything commits.
 */
export async function createRefundRecord(
  sql: Sql,
  input: { transfer: TransferRecord; amount: number | undefined; idempotencyKey: string; clock: Clock; pacing: RailPacing },
): Promise<RefundRow> {
  const { transfer, clock } = input;
  const remaining = refundableAmount(transfer);
  const amount = input.amount ?? remaining;
  if (amount <= 0) throw new ValidationFailed({ amount: 'nothing is left to refund on this transfer' });
  if (amount > remaining) throw new ValidationFailed({ amount: `must be no more than the ${remaining} cents still refundable` });
  const now = timestamp(clock);
  const refund: RefundRow = {
    refund_id: newRowID(),
    platform_id: transfer.platformID,
    transfer_id: transfer.transferID,
    idempotency_key: input.idempotencyKey,
    status: 'created',
    card_status: 'initiated',
    failure_code: null,
    currency: transfer.currency,
    amount,
    initiated_on: now,
    confirmed_on: null,
    settled_on: null,
    failed_on: null,
    completed_on: null,
    created_on: now,
    updated_on: now,
  };
  await insertRefund(sql, refund);
  markNewReference(sql, 'refund', refund.refund_id);
  // Ledger first, then the transfer row: the order a card payment's completion locks them in (no deadlock on PostgreSQL).
  await debitMerchantWallet(sql, clock, transfer, refund);
  // Checked again in the UPDATE: a refund that committed since the transfer was read counts too; refused, all rolls back.
  if (!(await addRefundedAmount(sql, transfer.platformID, transfer.transferID, amount))) {
    throw new ValidationFailed({ amount: 'is more than what is still refundable on this transfer' });
  }
  await recordEvent(sql, clock, transfer.platformID, 'refund.created', refundCreatedData(refund));
  return networkAnswers(sql, clock, input.pacing, transfer, refund);
}
