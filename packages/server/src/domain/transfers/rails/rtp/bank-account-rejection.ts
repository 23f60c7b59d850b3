import type { Clock } from '../../../../kernel/clock.ts';
import { recordOf, standingChanged, stateColumns } from '../../../bank-accounts/record.ts';
import { recordEvent } from '../../../../kernel/events.ts';
import { refreshPaymentMethods } from '../../../payment-methods/refresh.ts';
import { ACCOUNT_UNUSABLE_CODES, railRejected } from '../../../sources/bank-account-status.ts';
import type { Sql } from '../../../../store/port.ts';
import { findLiveBankAccount, updateBankAccountState } from '../../../../store/repos/bank-accounts.ts';

/**
 * An RTP credit the receiving bank refused because the account cannot take
 * money (AC03 invalid, AC04 closed, AC06 blocked, MD07 holder deceased: the
 * bank accounts module's `ACCOUNT_UNUSABLE_CODES`) makes the bank account
 * `errored` / `rtp-credit-failure` with `exceptionDetails.rtpRejectionCode`,
 * through the module's `railRejected` rule, and writes `bankAccount.updated`;
 * its payment methods are refreshed (an errored account offers none). Other
 * refusals (a field, a limit, a processing error) say nothing about the
 * account and leave it alone: they are not a failed verification round.
 */
export async function applyRtpRejection(
  sql: Sql,
  clock: Clock,
  input: { platformID: string; accountID: string; bankAccountID: string; code: string; description: string },
): Promise<boolean> {
  if (!ACCOUNT_UNUSABLE_CODES.has(input.code)) return false;
  const row = await findLiveBankAccount(sql, input.accountID, input.bankAccountID);
  if (!row) return false; // disabled since the transfer started: nothing left to mark
  const before = recordOf(row);
  const after = {
    ...before,
    standing: railRejected(before.standing, 'rtp-credit-failure', input.code),
    exceptionDetails: { rtpRejectionCode: input.code, description: input.description },
  };
  if (!standingChanged(before, after)) return false;
  const now = clock.now().toISOString();
  const columns = stateColumns(after, now);
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
