import { PAYMENT_METHOD_TYPE_IDS, type PaymentMethodTypeValue } from '@railyard/contract';
import type { BankAccountStatus } from './bank-account-status.ts';
import type { DomesticPullFromCard, DomesticPushToCard } from './sandbox-cards.ts';

/**
 * Which payment methods a source yields (docs/api-behaviour.md §5.8, §7.2). Payment
 * methods are derived, never chosen: linking, verifying, and capability
 * changes re-run this function and the caller enables/disables the difference.
 */
export const PAYMENT_METHOD_TYPES = PAYMENT_METHOD_TYPE_IDS;
export type PaymentMethodType = PaymentMethodTypeValue;

export type SourceFacts =
  | { kind: 'wallet'; status: 'active' | 'closed' }
  | {
      kind: 'bank-account';
      status: BankAccountStatus;
      /** Whether the holder's bank is reachable on the instant rails. */
      rails: { rtp: boolean; fedNow: boolean };
    }
  | {
      kind: 'card';
      expired: boolean;
      domesticPushToCard: DomesticPushToCard | undefined;
      domesticPullFromCard: DomesticPullFromCard | undefined;
    };

/**
 * The capabilities (any one of them, enabled on the account that owns the
 * source) a method needs; methods not listed need none. Legacy (`wallet`,
 * `send-funds`, `collect-funds`) and granular (v2025.07+) names both count.
 */
export const CAPABILITY_GATES: Partial<Record<PaymentMethodType, readonly string[]>> = {
  'moov-wallet': ['wallet', 'wallet.balance'],
  'ach-debit-fund': ['send-funds', 'send-funds.ach'],
  'ach-debit-collect': ['transfers', 'collect-funds', 'collect-funds.ach'],
  'push-to-card': ['transfers', 'send-funds.push-to-card', 'money-transfer.push-to-card'],
  'pull-from-card': ['transfers', 'money-transfer.pull-from-card'],
};

/** Bank accounts in these states can be paid (credits); only `verified` ones can be debited. */
const CREDITABLE_BANK_STATUSES: ReadonlySet<BankAccountStatus> = new Set(['new', 'pending', 'verified', 'verificationFailed']);

/**
 * The payment methods a source yields, in `PAYMENT_METHOD_TYPES` order.
 * `capabilities` are the IDs of the owner's capabilities whose status is
 * `enabled`.
 */
export function paymentMethodTypesFor(source: SourceFacts, capabilities: ReadonlySet<string>): PaymentMethodType[] {
  const candidates = candidatesFor(source);
  return PAYMENT_METHOD_TYPES.filter((type) => candidates.has(type) && gateOpen(type, capabilities));
}

function candidatesFor(source: SourceFacts): Set<PaymentMethodType> {
  const types = new Set<PaymentMethodType>();
  switch (source.kind) {
    case 'wallet':
      if (source.status === 'active') types.add('moov-wallet');
      break;
    case 'bank-account':
      if (!CREDITABLE_BANK_STATUSES.has(source.status)) break;
      types.add('ach-credit-standard');
      types.add('ach-credit-same-day');
      if (source.rails.rtp) types.add('rtp-credit');
      if (source.rails.rtp || source.rails.fedNow) types.add('instant-bank-credit');
      if (source.status === 'verified') {
        types.add('ach-debit-fund');
        types.add('ach-debit-collect');
      }
      break;
    case 'card':
      if (source.expired) break;
      types.add('card-payment');
      if (source.domesticPushToCard === 'standard' || source.domesticPushToCard === 'fast-funds') types.add('push-to-card');
      if (source.domesticPullFromCard === 'supported') types.add('pull-from-card');
      break;
  }
  return types;
}

function gateOpen(type: PaymentMethodType, capabilities: ReadonlySet<string>): boolean {
  const gate = CAPABILITY_GATES[type];
  return gate === undefined || gate.some((capability) => capabilities.has(capability));
}
