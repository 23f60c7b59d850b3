import type { Clock } from '../../../../kernel/clock.ts';
import { recordEvent } from '../../../../kernel/events.ts';
import { recordOf, stateColumns } from '../../../bank-accounts/record.ts';
import { refreshPaymentMethods } from '../../../payment-methods/refresh.ts';
import { ACCOUNT_UNUSABLE_CODES } from '../../../sources/bank-account-status.ts';
import type { Sql } from '../../../../store/port.ts';
import { findLiveBankAccount, updateBankAccountState } from '../../../../store/repos/bank-accounts.ts';

/**
 * A transfer's ACH return that says the account cannot take money (closed,
 * not found, invalid: the bank-account module's `ACCOUNT_UNUSABLE_CODES`)
 * makes the bank account `errored` with `ach-debit-return` or
 * `ach-credit-return` and the return code in `exceptionDetails`, writes
 * `bankAccount.updated`, and refreshes its payment methods (a debit method of
 * an errored account is disabled). Other codes leave the account alone.
 */
export async function applyReturnToBankAccount(
  sql: Sql,
  clock: Clock,
  input: { platformID: string; accountID: string; bankAccountID: string; leg: 'debit' | 'credit'; code: string; description: string },
): Promise<boolean> {
  if (!ACCOUNT_UNUSABLE_CODES.has(input.code)) return false;
  const row = await findLiveBankAccount(sql, input.accountID, input.bankAccountID);
  if (!row || row.status === 'errored') return false;
  const before = recordOf(row);
  const after = {
    ...before,
    standing: { ...before.standing, status: 'errored' as const, statusReason: input.leg === 'debit' ? ('ach-debit-return' as const) : ('ach-credit-return' as const) },
    exceptionDetails: { achReturnCode: input.code, description: input.description },
  };
  const columns = stateColumns(after, clock.now().toISOString());
  if (!(await updateBankAccountState(sql, row.bank_account_id, columns))) return false;
  await recordEvent(sql, clock, input.platformID, 'bankAccount.updated', {
    bankAccountID: row.bank_account_id,
    accountID: row.account_id,
    status: columns.status,
    statusReason: columns.status_reason,
    exceptionDetails: after.exceptionDetails,
  });
  await refreshPaymentMethods(sql, clock, input.platformID, row.account_id);
  return true;
}
