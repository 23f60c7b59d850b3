import { createHash, randomUUID } from 'node:crypto';
import type { Sql } from '../../store/port.ts';
import { findAccount } from '../../store/repos/accounts.ts';
import { markReceiptSent, receiptsForTransfer, type ReceiptRow } from '../../store/repos/receipts.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import type { SentReceiptRecord } from './render.ts';

/**
 * "Sends" receipts. No email leaves Railyard: a send is recorded on the
 * receipt (`sentFor`) and as a Railyard event `receipt.sent` in the event log,
 * in the unit of work of the change that caused it. A receipt of a transfer
 * is sent once, when the transfer is `completed` (docs/transfers-more.md).
 */
export const RECEIPT_SENT_EVENT = 'receipt.sent';

/**
 * The idempotency key of a send: derived from the receipt and the transfer, so
 * the same receipt for the same transfer always carries the same key.
 */
function sendKey(receiptID: string, transferID: string): string {
  const hex = createHash('sha256').update(`receipt:${receiptID}:transfer:${transferID}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Sends one receipt for its completed transfer; a receipt already sent is left alone. Answers whether it sent. */
export async function sendReceipt(sql: Sql, clock: Clock, receipt: ReceiptRow): Promise<SentReceiptRecord | undefined> {
  if (receipt.sent_for !== null || receipt.disabled_on !== null) return undefined;
  const sent: SentReceiptRecord = { receiptID: randomUUID(), idempotencyKey: sendKey(receipt.receipt_id, receipt.for_transfer_id), sentOn: timestamp(clock) };
  if (!(await markReceiptSent(sql, receipt.receipt_id, JSON.stringify([sent])))) return undefined;
  let to = receipt.email;
  if (to === null && receipt.email_account_id !== null) to = (await findAccount(sql, receipt.email_account_id))?.email ?? null;
  await recordEvent(sql, clock, receipt.platform_id, RECEIPT_SENT_EVENT, {
    receiptID: receipt.receipt_id,
    sentReceiptID: sent.receiptID,
    idempotencyKey: sent.idempotencyKey,
    kind: receipt.kind,
    transferID: receipt.for_transfer_id,
    ...(receipt.email_account_id !== null ? { emailAccountID: receipt.email_account_id } : {}),
    // The address the email would have gone to (an account without a profile email has none).
    email: to,
    sentOn: sent.sentOn,
  });
  return sent;
}

/** Called by `transitionTransfer` when a transfer becomes `completed`: sends every receipt still waiting for it. */
export async function sendReceiptsOnCompletion(sql: Sql, clock: Clock, transfer: { platformID: string; transferID: string; status: string }): Promise<void> {
  if (transfer.status !== 'completed') return;
  for (const receipt of await receiptsForTransfer(sql, transfer.platformID, transfer.transferID)) await sendReceipt(sql, clock, receipt);
}
