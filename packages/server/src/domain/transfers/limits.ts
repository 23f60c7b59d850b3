import { MAX_TRANSFER_AMOUNT } from '@railyard/contract';
import type { PaymentMethodType } from '../payment-methods/provider.ts';

/**
 * Amount limits in cents (docs/api-behaviour.md §7.3). Confirmed: card payments
 * $100,000, RTP $10,000,000, instant bank credit $100,000, American Express at
 * least $1.00. The [U] ones are Railyard's choices, documented in
 * docs/transfers.md: same-day ACH $1,000,000 (the Nacha limit), standard ACH
 * $10,000,000, push/pull to card $50,000, and every transfer at most
 * $10,000,000,000 (the contract's `MAX_TRANSFER_AMOUNT`, well inside the ledger's
 * per-posting bound).
 */

const LIMITS: Partial<Record<PaymentMethodType, number>> = {
  'card-payment': 10_000_000,
  'apple-pay': 10_000_000,
  'card-present-payment': 10_000_000,
  'rtp-credit': 1_000_000_000,
  'instant-bank-credit': 10_000_000,
  'ach-credit-same-day': 100_000_000,
  'ach-credit-standard': 1_000_000_000,
  'ach-debit-fund': 1_000_000_000,
  'ach-debit-collect': 1_000_000_000,
  'push-to-card': 5_000_000,
  'pull-from-card': 5_000_000,
};

/** American Express transfers below $1.00 fail (docs/api-behaviour.md §5.10). */
export const AMEX_MINIMUM = 100;

/** The tightest per-transaction limit of the two methods, and which method sets it. */
export function amountLimit(source: PaymentMethodType, destination: PaymentMethodType): { limit: number; setBy: PaymentMethodType | undefined } {
  let best: { limit: number; setBy: PaymentMethodType | undefined } = { limit: MAX_TRANSFER_AMOUNT, setBy: undefined };
  for (const type of [source, destination]) {
    const limit = LIMITS[type];
    if (limit !== undefined && limit < best.limit) best = { limit, setBy: type };
  }
  return best;
}

/** `12345` → `$123.45` for messages. */
export function dollars(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
