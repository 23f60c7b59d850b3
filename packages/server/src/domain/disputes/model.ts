import type { DisputePhaseValue, DisputeStatusValue, DisputeView } from '@railyard/contract';
import type { DisputeRow } from '../../store/repos/disputes.ts';

/** A dispute as the domain sees it: the stored row (migration 18) with numbers and enums read. */
export interface DisputeRecord {
  disputeID: string;
  platformID: string;
  transferID: string;
  merchantAccountID: string;
  cardholderAccountID: string;
  merchantWalletID: string;
  /** The wallet transaction of the dispute's debit: what its events name. */
  transactionID: string;
  currency: string;
  amount: number;
  networkReasonCode: string;
  networkReasonDescription: string | undefined;
  phase: DisputePhaseValue;
  status: DisputeStatusValue;
  respondBy: string;
  /** The decision the sandbox rule took when evidence was submitted, applied when the network answers. */
  outcome: 'won' | 'lost' | undefined;
  createdOn: string;
  updatedOn: string;
  submittedOn: string | undefined;
  rowVersion: number;
}

export function disputeFromRow(row: DisputeRow): DisputeRecord {
  return {
    disputeID: row.dispute_id,
    platformID: row.platform_id,
    transferID: row.transfer_id,
    merchantAccountID: row.merchant_account_id,
    cardholderAccountID: row.cardholder_account_id,
    merchantWalletID: row.merchant_wallet_id,
    transactionID: row.transaction_id,
    currency: row.currency,
    amount: Number(row.amount),
    networkReasonCode: row.network_reason_code,
    networkReasonDescription: row.network_reason_description ?? undefined,
    phase: row.phase as DisputePhaseValue,
    status: row.status as DisputeStatusValue,
    respondBy: row.respond_by,
    outcome: row.outcome === 'won' || row.outcome === 'lost' ? row.outcome : undefined,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
    submittedOn: row.submitted_on ?? undefined,
    rowVersion: Number(row.row_version),
  };
}

export function disputeToRow(record: DisputeRecord): DisputeRow {
  return {
    dispute_id: record.disputeID,
    platform_id: record.platformID,
    transfer_id: record.transferID,
    merchant_account_id: record.merchantAccountID,
    cardholder_account_id: record.cardholderAccountID,
    merchant_wallet_id: record.merchantWalletID,
    transaction_id: record.transactionID,
    currency: record.currency,
    amount: record.amount,
    network_reason_code: record.networkReasonCode,
    network_reason_description: record.networkReasonDescription ?? null,
    phase: record.phase,
    status: record.status,
    respond_by: record.respondBy,
    outcome: record.outcome ?? null,
    created_on: record.createdOn,
    updated_on: record.updatedOn,
    submitted_on: record.submittedOn ?? null,
    row_version: record.rowVersion,
  };
}

export function renderDispute(record: DisputeRecord): DisputeView {
  const view: DisputeView = {
    disputeID: record.disputeID,
    merchantAccountID: record.merchantAccountID,
    amount: { currency: record.currency, value: record.amount },
    networkReasonCode: record.networkReasonCode,
    transfer: { transferID: record.transferID },
    respondBy: record.respondBy,
    status: record.status,
    phase: record.phase,
    createdOn: record.createdOn,
  };
  if (record.networkReasonDescription !== undefined) view.networkReasonDescription = record.networkReasonDescription;
  if (record.submittedOn !== undefined) view.submittedOn = record.submittedOn;
  return view;
}
