import type { PaymentMethodType } from '../payment-methods/provider.ts';

/**
 * Capabilities a transfer needs (docs/api-behaviour.md §7.2), checked against the
 * capabilities each party's account has `enabled`. Each requirement is met by
 * any one of its IDs: the legacy (v2024) and granular (v2025.07+) names both
 * count, as they do for payment methods.
 */
export interface CapabilityRequirement {
  party: 'source' | 'destination';
  anyOf: readonly string[];
}

const WALLET = ['wallet', 'wallet.balance'];
const TRANSFERS = ['transfers'];

/** Every transfer: both accounts have the `transfers` capability (enabled on creation). */
const ALWAYS: readonly CapabilityRequirement[] = [
  { party: 'source', anyOf: TRANSFERS },
  { party: 'destination', anyOf: TRANSFERS },
];

const BY_SOURCE: Partial<Record<PaymentMethodType, readonly CapabilityRequirement[]>> = {
  'moov-wallet': [{ party: 'source', anyOf: WALLET }],
  'ach-debit-fund': [{ party: 'source', anyOf: ['send-funds', 'send-funds.ach'] }],
  'ach-debit-collect': [{ party: 'destination', anyOf: ['collect-funds', 'collect-funds.ach'] }],
  'card-payment': [{ party: 'destination', anyOf: ['collect-funds', 'collect-funds.card-payments'] }],
  'apple-pay': [{ party: 'destination', anyOf: ['collect-funds', 'collect-funds.card-payments'] }],
  'card-present-payment': [{ party: 'destination', anyOf: ['collect-funds', 'collect-funds.card-payments'] }],
  'pull-from-card': [{ party: 'destination', anyOf: ['collect-funds', 'money-transfer.pull-from-card'] }],
};

const BY_DESTINATION: Partial<Record<PaymentMethodType, readonly CapabilityRequirement[]>> = {
  'moov-wallet': [{ party: 'destination', anyOf: WALLET }],
  'ach-credit-standard': [{ party: 'source', anyOf: ['send-funds', 'send-funds.ach'] }],
  'ach-credit-same-day': [{ party: 'source', anyOf: ['send-funds', 'send-funds.ach'] }],
  'rtp-credit': [{ party: 'source', anyOf: ['send-funds', 'send-funds.rtp', 'send-funds.instant-bank'] }],
  'instant-bank-credit': [{ party: 'source', anyOf: ['send-funds', 'send-funds.instant-bank'] }],
  'push-to-card': [{ party: 'source', anyOf: ['send-funds', 'send-funds.push-to-card', 'wallet', 'wallet.balance'] }],
};

export function capabilityRequirements(source: PaymentMethodType, destination: PaymentMethodType): readonly CapabilityRequirement[] {
  return [...ALWAYS, ...(BY_SOURCE[source] ?? []), ...(BY_DESTINATION[destination] ?? [])];
}

/** The first requirement a party's enabled capabilities do not meet, or undefined. */
export function unmetRequirement(
  source: PaymentMethodType,
  destination: PaymentMethodType,
  enabled: { source: ReadonlySet<string>; destination: ReadonlySet<string> },
): CapabilityRequirement | undefined {
  return capabilityRequirements(source, destination).find((req) => !req.anyOf.some((id) => enabled[req.party].has(id)));
}
