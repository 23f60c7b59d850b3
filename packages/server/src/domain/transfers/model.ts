import type { TransferFailureReasonValue, TransferStatusValue } from '@railyard/contract';
import type { TransferRow } from '../../store/repos/transfers.ts';
import type { PaymentMethodType } from '../payment-methods/provider.ts';

/**
 * A transfer as the domain and the rails see it: the stored row with its JSON
 * columns parsed. Only `transitionTransfer` (transitions.ts) and `update`
 * (service.ts) change one, always through `updateTransferRow`.
 */

/** Which simulated rail moves a transfer, chosen from its payment-method pair (pairs.ts). */
export type RailName = 'wallet' | 'ach' | 'rtp' | 'card';

export type SourceKind = 'wallet' | 'bank-account' | 'card';

/** One side of a transfer. */
export interface TransferParty {
  accountID: string;
  paymentMethodID: string;
  paymentMethodType: PaymentMethodType;
  sourceKind: SourceKind;
  /** The walletID, bankAccountID or cardID. */
  sourceID: string;
  /** `{account, wallet|bankAccount|card}` as rendered when the transfer was created. */
  snapshot: Record<string, unknown>;
  /** Rail details of this side (`achDetails`, `cardDetails`, `rtpDetails`), written by the rail. */
  details: RailDetails;
}

export interface RailDetails {
  achDetails?: Record<string, unknown>;
  cardDetails?: Record<string, unknown>;
  rtpDetails?: Record<string, unknown>;
}

/** The request fields a transfer repeats in its responses, as checked at creation. */
export interface TransferRequestEcho {
  description?: string;
  facilitatorFee?: { total?: number; totalDecimal?: string; markup?: number; markupDecimal?: string };
  salesTaxAmount?: { currency: string; value: number };
  lineItems?: { items: unknown[] };
  /** The rail options sent with the parties (ACH company entry description, card descriptor…). */
  sourceOptions?: Record<string, unknown>;
  destinationOptions?: Record<string, unknown>;
}

export interface TransferRecord {
  transferID: string;
  platformID: string;
  idempotencyKey: string;
  rail: RailName;
  status: TransferStatusValue;
  failureReason: TransferFailureReasonValue | undefined;
  currency: string;
  amount: number;
  /** The facilitator fee in whole cents: what the ledger moves to the platform's `fees` account. */
  facilitatorFeeCents: number;
  source: TransferParty;
  destination: TransferParty;
  /** State private to the rail (ledger references, the next step…). */
  railState: Record<string, unknown>;
  request: TransferRequestEcho;
  metadata: Record<string, string> | undefined;
  foreignID: string | undefined;
  groupID: string | undefined;
  scheduleID: string | undefined;
  paymentLinkCode: string | undefined;
  refundedAmount: number;
  disputedAmount: number;
  /** When the rail gave its first answer (what `X-Wait-For: rail-response` waits for). */
  railAnsweredOn: string | undefined;
  completedOn: string | undefined;
  createdOn: string;
  updatedOn: string;
  rowVersion: number;
}

/**
 * Statuses after which nothing moves any more (`completed` may still become
 * `reversed`): the statuses without an edge out in state-machine.ts, which
 * refuses any change to a transfer in one of them.
 */
export const FINAL_STATUSES: ReadonlySet<TransferStatusValue> = new Set(['failed', 'canceled', 'reversed']);

const parse = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T));
const optional = (value: string | null): string | undefined => (value === null ? undefined : value);

export function transferFromRow(row: TransferRow): TransferRecord {
  const party = (side: 'source' | 'destination'): TransferParty => ({
    accountID: row[`${side}_account_id`],
    paymentMethodID: row[`${side}_payment_method_id`],
    paymentMethodType: row[`${side}_payment_method_type`] as PaymentMethodType,
    sourceKind: row[`${side}_kind`] as SourceKind,
    sourceID: row[`${side}_id`],
    snapshot: parse(row[`${side}_party`], {}),
    details: parse(row[`${side}_details`], {}),
  });
  return {
    transferID: row.transfer_id,
    platformID: row.platform_id,
    idempotencyKey: row.idempotency_key,
    rail: row.rail as RailName,
    status: row.status as TransferStatusValue,
    failureReason: optional(row.failure_reason) as TransferFailureReasonValue | undefined,
    currency: row.currency,
    amount: Number(row.amount),
    facilitatorFeeCents: Number(row.facilitator_fee_cents),
    source: party('source'),
    destination: party('destination'),
    railState: parse(row.rail_state, {}),
    request: parse(row.request, {}),
    metadata: parse(row.metadata, undefined),
    foreignID: optional(row.foreign_id),
    groupID: optional(row.group_id),
    scheduleID: optional(row.schedule_id),
    paymentLinkCode: optional(row.payment_link_code),
    refundedAmount: Number(row.refunded_amount),
    disputedAmount: Number(row.disputed_amount),
    railAnsweredOn: optional(row.rail_answered_on),
    completedOn: optional(row.completed_on),
    createdOn: row.created_on,
    updatedOn: row.updated_on,
    rowVersion: Number(row.row_version),
  };
}

const json = (value: Record<string, unknown> | undefined): string | null =>
  value === undefined || Object.keys(value).length === 0 ? null : JSON.stringify(value);

export function transferToRow(record: TransferRecord): TransferRow {
  return {
    transfer_id: record.transferID,
    platform_id: record.platformID,
    idempotency_key: record.idempotencyKey,
    rail: record.rail,
    status: record.status,
    failure_reason: record.failureReason ?? null,
    currency: record.currency,
    amount: record.amount,
    facilitator_fee_cents: record.facilitatorFeeCents,
    source_account_id: record.source.accountID,
    source_payment_method_id: record.source.paymentMethodID,
    source_payment_method_type: record.source.paymentMethodType,
    source_kind: record.source.sourceKind,
    source_id: record.source.sourceID,
    destination_account_id: record.destination.accountID,
    destination_payment_method_id: record.destination.paymentMethodID,
    destination_payment_method_type: record.destination.paymentMethodType,
    destination_kind: record.destination.sourceKind,
    destination_id: record.destination.sourceID,
    source_party: JSON.stringify(record.source.snapshot),
    destination_party: JSON.stringify(record.destination.snapshot),
    source_details: json(record.source.details as Record<string, unknown>),
    destination_details: json(record.destination.details as Record<string, unknown>),
    rail_state: json(record.railState),
    request: JSON.stringify(record.request),
    metadata: record.metadata === undefined ? null : JSON.stringify(record.metadata),
    foreign_id: record.foreignID ?? null,
    group_id: record.groupID ?? null,
    schedule_id: record.scheduleID ?? null,
    payment_link_code: record.paymentLinkCode ?? null,
    refunded_amount: record.refundedAmount,
    disputed_amount: record.disputedAmount,
    rail_answered_on: record.railAnsweredOn ?? null,
    completed_on: record.completedOn ?? null,
    created_on: record.createdOn,
    updated_on: record.updatedOn,
    row_version: record.rowVersion,
  };
}
