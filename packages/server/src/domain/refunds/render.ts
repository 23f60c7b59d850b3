import type { AsyncRefundView, CardTransactionFailureCodeValue, EventData, RefundCardStatusValue, RefundStatusValue, RefundView } from '@railyard/contract';
import type { RefundRow } from '../../store/repos/refunds.ts';

/** The SDK's `CardAcquiringRefund`: the refund and where the card network has taken it. */
export function renderRefund(row: RefundRow): RefundView {
  const cardDetails: NonNullable<RefundView['cardDetails']> = { status: row.card_status as RefundCardStatusValue };
  if (row.failure_code !== null) cardDetails.failureCode = row.failure_code as CardTransactionFailureCodeValue;
  if (row.initiated_on !== null) cardDetails.initiatedOn = row.initiated_on;
  if (row.confirmed_on !== null) cardDetails.confirmedOn = row.confirmed_on;
  if (row.settled_on !== null) cardDetails.settledOn = row.settled_on;
  if (row.failed_on !== null) cardDetails.failedOn = row.failed_on;
  if (row.completed_on !== null) cardDetails.completedOn = row.completed_on;
  return {
    refundID: row.refund_id,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
    status: row.status as RefundStatusValue,
    amount: { currency: row.currency, value: Number(row.amount) },
    cardDetails,
  };
}

/** The answer to a refund created without `X-Wait-For`. */
export function renderAsyncRefund(row: RefundRow): AsyncRefundView {
  return { refundID: row.refund_id, createdOn: row.created_on, amount: { currency: row.currency, value: Number(row.amount) } };
}

export function refundCreatedData(row: RefundRow): EventData<'refund.created'> {
  return { accountID: row.platform_id, transferID: row.transfer_id, refundID: row.refund_id };
}

export function refundUpdatedData(row: RefundRow): EventData<'refund.updated'> {
  return { accountID: row.platform_id, transferID: row.transfer_id, refundID: row.refund_id, status: row.status as RefundStatusValue };
}
