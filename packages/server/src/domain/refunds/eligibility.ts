import { BadRequest } from '../../kernel/errors.ts';
import type { TransferRecord } from '../transfers/model.ts';
import { cardStateOf } from '../transfers/rails/card/state.ts';

/**
 * Which transfers may be refunded or reversed, and in which state
 * (docs/refunds.md, decision 1601). Refused with 400 `{"error"}`: nothing is
 * written.
 *
 * - Only card payments and pulls from a card into a wallet: money came from a
 *   card and a merchant wallet holds it. ACH has no refunds (cancel it), a
 *   push to card or a wallet transfer has no card to give back to.
 * - A card payment is `captured` once it settled with the issuer (card leg
 *   `settled`, or `completed` when the wallet was credited). Before that it is
 *   only authorized: a refund is refused, a reversal cancels it instead.
 * - A failed or canceled payment moved no money to refund.
 */
export type CardPaymentState = 'authorized' | 'captured';

export function cardPaymentState(transfer: TransferRecord): CardPaymentState {
  if (transfer.rail !== 'card' || transfer.source.sourceKind !== 'card' || transfer.destination.sourceKind !== 'wallet') {
    throw new BadRequest('only card payments into a wallet can be refunded or reversed');
  }
  if (transfer.status === 'failed') throw new BadRequest('the card payment failed: there is nothing to refund');
  if (transfer.status === 'canceled') throw new BadRequest('the card payment was canceled: there is nothing to refund');
  if (transfer.status === 'completed') return 'captured';
  const { step } = cardStateOf(transfer);
  if (transfer.status === 'pending' && step === 'settled') return 'captured';
  if (transfer.status === 'pending' && step === 'confirmed') return 'authorized';
  throw new BadRequest(`a card payment in status ${transfer.status} cannot be refunded or reversed`);
}

/** What is still refundable: the payment less what refunds and disputes already took back. */
export function refundableAmount(transfer: TransferRecord): number {
  return Math.max(0, transfer.amount - transfer.refundedAmount - transfer.disputedAmount);
}
