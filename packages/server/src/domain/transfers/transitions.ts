import type { EventData, TransferFailureReasonValue, TransferLegEventStatus, TransferStatusValue } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';
import { updateNewTransferRow, updateTransferRow } from '../../store/repos/transfers.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { transferToRow, type RailDetails, type TransferRecord } from './model.ts';
import { settleCancellationsOnStatus } from './cancellation-settle.ts';
import { sendReceiptsOnCompletion } from '../receipts/send.ts';
import { assertTransition } from './state-machine.ts';

/**
 * One change of a transfer's state, made by a rail step: the top-level status,
 * rail details of either side (merged key by key into `achDetails`,
 * `cardDetails`, `rtpDetails`), rail state, and the leg events it stands for.
 */
export interface TransferTransition {
  status?: TransferStatusValue;
  failureReason?: TransferFailureReasonValue;
  source?: RailDetails;
  destination?: RailDetails;
  /** Replaces the rail's private state. */
  railState?: Record<string, unknown>;
  /** The rail gave its first answer: `X-Wait-For: rail-response` stops waiting. */
  railAnswered?: boolean;
  /**
   * Leg sub-statuses this change reached, as `transfer.updated` spells them
   * (docs/api-behaviour.md §6.3): `source.originated`, `destination.completed`…
   * Only the SDK's values: there is no `destination.canceled`.
   */
  legEvents?: readonly TransferLegEventStatus[];
  /**
   * The transfer was inserted in this same unit of work (a rail's `start`):
   * no cancellation or receipt can name it yet (they reference a committed
   * transfer), so the lookups for them are skipped.
   */
  createdInThisUnit?: boolean;
}

/** Raised when another writer changed the transfer since it was read; the unit of work rolls back. */
export class TransferChangedConcurrently extends Error {
  constructor(transferID: string) {
    super(`transfer ${transferID} changed concurrently`);
    this.name = 'TransferChangedConcurrently';
  }
}

function merge(current: RailDetails, patch: RailDetails | undefined): RailDetails {
  if (!patch) return current;
  const out: RailDetails = { ...current };
  for (const key of ['achDetails', 'cardDetails', 'rtpDetails'] as const) {
    if (patch[key]) out[key] = { ...(current[key] ?? {}), ...patch[key] };
  }
  return out;
}

/** `transfer.updated` data (docs/api-behaviour.md §9.4): the facilitator, the transfer, a status string, both parties. */
export function transferEventData(transfer: TransferRecord, status: EventData<'transfer.updated'>['status']): EventData<'transfer.updated'> {
  const data: EventData<'transfer.updated'> = {
    accountID: transfer.platformID,
    transferID: transfer.transferID,
    status,
    source: { accountID: transfer.source.accountID, paymentMethodID: transfer.source.paymentMethodID },
    destination: { accountID: transfer.destination.accountID, paymentMethodID: transfer.destination.paymentMethodID },
  };
  if (transfer.foreignID !== undefined) data.foreignID = transfer.foreignID;
  return data;
}

/**
 * Applies a transition in the caller's unit of work and writes one
 * `transfer.updated` per leg event plus one for a new top-level status.
 * `completedOn` is set when the status becomes `completed`. Answers the
 * transfer as stored now. A change the state machine (state-machine.ts) does
 * not allow throws `IllegalTransferTransition` before anything is written.
 */
export async function transitionTransfer(sql: Sql, clock: Clock, transfer: TransferRecord, change: TransferTransition): Promise<TransferRecord> {
  assertTransition(transfer, change);
  const now = timestamp(clock);
  const statusChanged = change.status !== undefined && change.status !== transfer.status;
  const next: TransferRecord = {
    ...transfer,
    status: change.status ?? transfer.status,
    failureReason: change.failureReason ?? transfer.failureReason,
    source: { ...transfer.source, details: merge(transfer.source.details, change.source) },
    destination: { ...transfer.destination, details: merge(transfer.destination.details, change.destination) },
    railState: change.railState ?? transfer.railState,
    railAnsweredOn: transfer.railAnsweredOn ?? (change.railAnswered ? now : undefined),
    completedOn: statusChanged && change.status === 'completed' ? now : transfer.completedOn,
    updatedOn: now,
    rowVersion: transfer.rowVersion + 1,
  };
  const row = transferToRow(next);
  if (change.createdInThisUnit) {
    await updateNewTransferRow(sql, transfer.platformID, transfer.transferID, transfer.rowVersion, row);
  } else if (!(await updateTransferRow(sql, transfer.platformID, transfer.transferID, transfer.rowVersion, row))) {
    throw new TransferChangedConcurrently(transfer.transferID);
  }
  for (const leg of change.legEvents ?? []) {
    await recordEvent(sql, clock, transfer.platformID, 'transfer.updated', transferEventData(next, leg));
  }
  if (statusChanged) await recordEvent(sql, clock, transfer.platformID, 'transfer.updated', transferEventData(next, next.status));
  if (statusChanged && !change.createdInThisUnit) {
    // A new status resolves pending cancellations (docs/transfers-more.md) and, on `completed`, sends waiting receipts (docs/transfers-more.md).
    await settleCancellationsOnStatus(sql, clock, next);
    await sendReceiptsOnCompletion(sql, clock, next);
  }
  return next;
}
