import type { Sql } from '../../store/port.ts';
import { findLiveBankAccount, updateBankAccountState } from '../../store/repos/bank-accounts.ts';
import type { Clock } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { refreshPaymentMethods } from '../payment-methods/refresh.ts';
import { recordOf, stateColumns } from '../sources/bank-account-record.ts';
import { ACCOUNT_UNUSABLE_CODES, type BankAccountStatusReason } from '../sources/bank-account-status.ts';

/** What a rail says when the receiving bank refuses the account: an ACH return or an RTP rejection. */
export interface RailRefusal {
  platformID: string;
  accountID: string;
  bankAccountID: string;
  statusReason: Extract<BankAccountStatusReason, 'ach-debit-return' | 'ach-credit-return' | 'rtp-credit-failure'>;
  code: string;
  /** `exceptionDetails` as Moov shows it: `{achReturnCode, description}` or `{rtpRejectionCode, description}`. */
  exceptionDetails: { achReturnCode: string; description: string } | { rtpRejectionCode: string; description: string };
}

/**
 * The one way a rail changes a bank account (docs/bank-accounts.md, "Errored
 * accounts"). A refusal whose code says the account cannot take money (closed,
 * not found, invalid, blocked, holder deceased: `ACCOUNT_UNUSABLE_CODES`)
 * makes the live bank account `errored` with the rail's reason and the code in
 * `exceptionDetails`, writes `bankAccount.updated` and refreshes the account's
 * payment methods (an errored account offers no debit method), all in the
 * caller's unit of work. Any other code says nothing about the account and
 * leaves it alone. An account already errored keeps its first reason; a
 * disabled one is gone and is left alone too. Answers whether it changed.
 */
export async function markBankAccountUnusable(sql: Sql, clock: Clock, refusal: RailRefusal): Promise<boolean> {
  if (!ACCOUNT_UNUSABLE_CODES.has(refusal.code)) return false;
  const row = await findLiveBankAccount(sql, refusal.accountID, refusal.bankAccountID);
  if (!row || row.status === 'errored') return false;
  const before = recordOf(row);
  const after = {
    ...before,
    standing: { ...before.standing, status: 'errored' as const, statusReason: refusal.statusReason },
    exceptionDetails: refusal.exceptionDetails,
  };
  const columns = stateColumns(after, clock.now().toISOString());
  if (!(await updateBankAccountState(sql, row.bank_account_id, columns))) return false;
  await recordEvent(sql, clock, refusal.platformID, 'bankAccount.updated', {
    bankAccountID: row.bank_account_id,
    accountID: row.account_id,
    status: after.standing.status,
    statusReason: after.standing.statusReason,
    exceptionDetails: after.exceptionDetails,
  });
  await refreshPaymentMethods(sql, clock, refusal.platformID, row.account_id);
  return true;
}
