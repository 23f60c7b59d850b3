import type { BankAccountRow } from '../../store/repos/bank-accounts.ts';
import { recordOf } from './bank-account-record.ts';

/** The public bank account inside a PaymentMethod (`PaymentMethodsBankAccount`, v2026.01.00). */
export interface PaymentMethodsBankAccountView {
  bankAccountID: string;
  fingerprint: string;
  status: string;
  holderName: string;
  holderType: string;
  bankName: string;
  bankAccountType: string;
  routingNumber: string;
  lastFourAccountNumber: string;
  updatedOn: string;
}

/** `BankAccount`: the payment-method view plus the reason and the rail's exception. */
export interface BankAccountView extends PaymentMethodsBankAccountView {
  statusReason: string;
  exceptionDetails?: Record<string, string>;
  paymentMethods?: Array<{ paymentMethodID: string; paymentMethodType: string }>;
}

export function paymentMethodsBankAccountView(row: BankAccountRow): PaymentMethodsBankAccountView {
  return {
    bankAccountID: row.bank_account_id,
    fingerprint: row.fingerprint,
    status: row.status,
    holderName: row.holder_name,
    holderType: row.holder_type,
    bankName: row.bank_name,
    bankAccountType: row.bank_account_type,
    routingNumber: row.routing_number,
    lastFourAccountNumber: row.last_four_account_number,
    updatedOn: row.updated_on,
  };
}

/** Never carries the full account number: the row holds it only sealed. */
export function bankAccountView(row: BankAccountRow): BankAccountView {
  const exception = recordOf(row).exceptionDetails;
  return {
    ...paymentMethodsBankAccountView(row),
    statusReason: row.status_reason,
    ...(exception ? { exceptionDetails: { ...exception } as Record<string, string> } : {}),
  };
}
