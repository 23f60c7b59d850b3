import type { PaymentMethodTypeValue } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';

/** Every `paymentMethodType` of v2026.01.00 (docs/api-behaviour.md §5.8), as the contract lists them. */
export type PaymentMethodType = PaymentMethodTypeValue;

export interface DesiredPaymentMethods {
  sourceID: string;
  types: readonly PaymentMethodType[];
}

/**
 * A kind of source (wallet, bank account, card) as the payment-methods module
 * sees it. Payment methods are derived objects: after any change to a source or
 * to an account's capabilities, `refreshPaymentMethods` asks every provider
 * which methods each of its sources should have and adds or disables rows so
 * the stored set matches.
 */
export interface PaymentMethodProvider {
  sourceKind: 'wallet' | 'bank-account' | 'card';
  /** The key the source takes inside a PaymentMethod object. */
  field: 'wallet' | 'bankAccount' | 'card';
  /**
   * The methods each live source of the account should have, given its enabled
   * capabilities; `now` (from the clock) is for sources that lapse, such as cards past their expiry.
   */
  desired(sql: Sql, input: { accountID: string; enabledCapabilities: ReadonlySet<string>; now: Date }): Promise<DesiredPaymentMethods[]>;
  /** The public objects of the given sources, newest API shape, keyed by source ID. */
  render(sql: Sql, input: { accountID: string; sourceIDs: readonly string[] }): Promise<Map<string, unknown>>;
}
