import type { PaymentMethodType } from '../payment-methods/provider.ts';
import type { RailName } from './model.ts';

/**
 * Which payment-method types may pay which (docs/api-behaviour.md §7.1). Bank→bank over
 * two ACH legs is allowed but capability-gated, as the ACH guides describe it.
 * A type missing from the table cannot be a source at all (credits such as
 * `ach-credit-standard` or `push-to-card` only receive).
 */
const WALLET_ONLY: readonly PaymentMethodType[] = ['moov-wallet'];
const BANK_CREDITS: readonly PaymentMethodType[] = ['ach-credit-standard', 'ach-credit-same-day'];

export const VALID_PAIRS: Readonly<Partial<Record<PaymentMethodType, readonly PaymentMethodType[]>>> = {
  'moov-wallet': ['moov-wallet', ...BANK_CREDITS, 'rtp-credit', 'instant-bank-credit', 'push-to-card'],
  'ach-debit-fund': [...WALLET_ONLY, ...BANK_CREDITS],
  'ach-debit-collect': [...WALLET_ONLY, ...BANK_CREDITS],
  'card-payment': WALLET_ONLY,
  'apple-pay': WALLET_ONLY,
  'pull-from-card': WALLET_ONLY,
  'card-present-payment': WALLET_ONLY,
};

export function isValidPair(source: PaymentMethodType, destination: PaymentMethodType): boolean {
  return VALID_PAIRS[source]?.includes(destination) ?? false;
}

const CARD_SOURCES: ReadonlySet<PaymentMethodType> = new Set(['card-payment', 'apple-pay', 'pull-from-card', 'card-present-payment']);
const ACH_TYPES: ReadonlySet<PaymentMethodType> = new Set(['ach-debit-fund', 'ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day']);

/**
 * The rail that moves a valid pair: cards for card sources and push-to-card,
 * RTP for instant credits, ACH when either side is an ACH method, and the
 * wallet rail for wallet to wallet.
 */
export function railFor(source: PaymentMethodType, destination: PaymentMethodType): RailName {
  if (CARD_SOURCES.has(source) || destination === 'push-to-card') return 'card';
  if (destination === 'rtp-credit' || destination === 'instant-bank-credit') return 'rtp';
  if (ACH_TYPES.has(source) || ACH_TYPES.has(destination)) return 'ach';
  return 'wallet';
}
