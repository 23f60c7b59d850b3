import type { Sql } from '../../store/port.ts';
import { visibleAccountIDs } from '../../store/repos/account-visibility.ts';
import { findLivePaymentMethodRow } from '../../store/repos/payment-method-reads.ts';
import type { PaymentMethodType } from './provider.ts';

/** What a transfer needs to know about one side: whose it is and what moves the money. */
export interface ResolvedPaymentMethod {
  paymentMethodID: string;
  paymentMethodType: PaymentMethodType;
  accountID: string;
  sourceKind: 'wallet' | 'bank-account' | 'card';
  sourceID: string;
}

/**
 * A live payment method of an account the platform can see (its own, or a
 * still-connected one), or undefined: a disabled method, a missing one and
 * another platform's all look the same. For transfers and other code that
 * gets a bare paymentMethodID.
 */
export async function findPaymentMethod(sql: Sql, platformID: string, paymentMethodID: string): Promise<ResolvedPaymentMethod | undefined> {
  const row = await findLivePaymentMethodRow(sql, paymentMethodID.toLowerCase());
  if (!row) return undefined;
  // A platform always sees its own (facilitator) account, which is never deleted: no query needed for it.
  if (row.account_id !== platformID && !(await visibleAccountIDs(sql, platformID, [row.account_id])).has(row.account_id)) return undefined;
  return toResolvedPaymentMethod(row);
}

/** The fields a transfer needs from a payment method row (or a row that joined one). */
export function toResolvedPaymentMethod(row: {
  payment_method_id: string;
  payment_method_type: string;
  account_id: string;
  source_kind: string;
  source_id: string;
}): ResolvedPaymentMethod {
  return {
    paymentMethodID: row.payment_method_id,
    paymentMethodType: row.payment_method_type as PaymentMethodType,
    accountID: row.account_id,
    sourceKind: row.source_kind as ResolvedPaymentMethod['sourceKind'],
    sourceID: row.source_id,
  };
}
