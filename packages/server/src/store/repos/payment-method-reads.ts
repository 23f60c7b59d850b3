import type { Sql, SqlValue } from '../port.ts';
import type { PaymentMethodRow } from './payment-methods.ts';

const COLUMNS = 'payment_method_id, account_id, source_kind, source_id, payment_method_type, created_on, updated_on, disabled_on';

/**
 * How many live methods one account can have: a few per wallet, bank account
 * and card. The list operation is not paged (docs/api-behaviour.md §5.8), so it is bounded here.
 */
export const MAX_LIVE_PAYMENT_METHODS = 1000;

/** Live (not disabled) payment methods of an account, oldest first. */
export async function livePaymentMethodRows(
  sql: Sql,
  accountID: string,
  filter: { sourceID?: string | undefined; paymentMethodType?: string | undefined },
): Promise<PaymentMethodRow[]> {
  const where = ['account_id = ?', 'disabled_on IS NULL'];
  const params: SqlValue[] = [accountID];
  if (filter.sourceID !== undefined) {
    where.push('source_id = ?');
    params.push(filter.sourceID);
  }
  if (filter.paymentMethodType !== undefined) {
    where.push('payment_method_type = ?');
    params.push(filter.paymentMethodType);
  }
  params.push(MAX_LIVE_PAYMENT_METHODS);
  return sql.all<PaymentMethodRow>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE ${where.join(' AND ')} ORDER BY created_on, payment_method_id LIMIT ?`,
    params,
  );
}

/** One live payment method by ID, whatever its account. */
export async function findLivePaymentMethodRow(sql: Sql, paymentMethodID: string): Promise<PaymentMethodRow | undefined> {
  return sql.get<PaymentMethodRow>(`SELECT ${COLUMNS} FROM payment_methods WHERE payment_method_id = ? AND disabled_on IS NULL`, [paymentMethodID]);
}
