import type { ReceiptView } from '@railyard/contract';
import type { ReceiptRow } from '../../store/repos/receipts.ts';

/** One send of a receipt (SDK `SentReceipt`). */
export interface SentReceiptRecord {
  receiptID: string;
  idempotencyKey: string;
  sentOn: string;
}

export function renderReceipt(row: ReceiptRow): ReceiptView {
  const view: ReceiptView = { receiptID: row.receipt_id, createdBy: row.created_by, kind: row.kind as ReceiptView['kind'] };
  if (row.disabled_on !== null) view.disabledOn = row.disabled_on;
  if (row.email !== null) view.email = row.email;
  if (row.email_account_id !== null) view.emailAccountID = row.email_account_id;
  view.forTransferID = row.for_transfer_id;
  if (row.sent_for !== null) view.sentFor = JSON.parse(row.sent_for) as SentReceiptRecord[];
  return view;
}
