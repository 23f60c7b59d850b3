import type { AsyncTransferView, CancellationView, TransferView } from '@railyard/contract';
import type { TransferParty, TransferRecord } from './model.ts';

/**
 * The public transfer (v2026.01.00 shape): each party is the snapshot taken at
 * creation plus its payment method and the rail details as they stand now.
 * Older versions get the transforms in http/versions/v2026-01-00-transfers.ts.
 */
function party(side: TransferParty): Record<string, unknown> {
  return { paymentMethodID: side.paymentMethodID, paymentMethodType: side.paymentMethodType, ...side.snapshot, ...side.details };
}

/** `cancellations` are the transfer's cancellations (docs/transfers-more.md), listed when there are any. */
export function renderTransfer(transfer: TransferRecord, cancellations?: readonly CancellationView[]): TransferView {
  const view: Record<string, unknown> = {
    transferID: transfer.transferID,
    createdOn: transfer.createdOn,
    source: party(transfer.source),
    destination: party(transfer.destination),
    status: transfer.status,
    amount: { currency: transfer.currency, value: transfer.amount },
  };
  if (transfer.completedOn !== undefined) view['completedOn'] = transfer.completedOn;
  if (transfer.failureReason !== undefined) view['failureReason'] = transfer.failureReason;
  const { description, facilitatorFee, salesTaxAmount, lineItems } = transfer.request;
  if (description !== undefined) view['description'] = description;
  if (transfer.metadata !== undefined) view['metadata'] = transfer.metadata;
  if (facilitatorFee !== undefined) view['facilitatorFee'] = facilitatorFee;
  // Railyard charges no Moov fees: zero, stated rather than left out.
  view['moovFee'] = 0;
  view['moovFeeDecimal'] = '0';
  if (transfer.groupID !== undefined) view['groupID'] = transfer.groupID;
  if (cancellations && cancellations.length > 0) view['cancellations'] = cancellations;
  if (transfer.refundedAmount > 0) view['refundedAmount'] = { currency: transfer.currency, value: transfer.refundedAmount };
  if (transfer.disputedAmount > 0) view['disputedAmount'] = { currency: transfer.currency, value: transfer.disputedAmount };
  if (transfer.scheduleID !== undefined) view['scheduleID'] = transfer.scheduleID;
  if (transfer.paymentLinkCode !== undefined) view['paymentLinkCode'] = transfer.paymentLinkCode;
  if (salesTaxAmount !== undefined) view['salesTaxAmount'] = salesTaxAmount;
  if (transfer.foreignID !== undefined) view['foreignID'] = transfer.foreignID;
  if (lineItems !== undefined) view['lineItems'] = lineItems;
  return view as TransferView;
}

export function renderAsyncTransfer(transfer: TransferRecord): AsyncTransferView {
  return { transferID: transfer.transferID, createdOn: transfer.createdOn };
}
