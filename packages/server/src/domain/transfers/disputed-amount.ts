import type { Sql } from '../../store/port.ts';
import { addDisputedAmount } from '../../store/repos/transfers.ts';
import type { TransferRecord } from './model.ts';

/**
 * The transfers area's side of a new dispute (docs/disputes.md): the disputed
 * card payment shows the sum of its disputes in `disputedAmount`. Moov keeps
 * the transfer's status `completed` whatever the dispute does, so no status
 * changes and no `transfer.updated` is written.
 */
export async function recordDisputedAmount(sql: Sql, transfer: TransferRecord, amount: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`transfer ${transfer.transferID}: a disputed amount must be a positive integer`);
  // A refund committed since the transfer was read: the unit rolls back and the job, retried, disputes what is left.
  if (!(await addDisputedAmount(sql, transfer.platformID, transfer.transferID, amount))) {
    throw new Error(`transfer ${transfer.transferID}: ${amount} more would dispute more than the payment less its refunds`);
  }
}
