import type { DisputeStatusValue, EventData } from '@railyard/contract';
import { timestamp, type Clock } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import type { Sql } from '../../store/port.ts';
import { updateDisputeRow } from '../../store/repos/disputes.ts';
import type { DisputeRecord } from './model.ts';
import { canMove, IllegalDisputeTransition } from './state-machine.ts';

/** Raised when another writer moved the dispute since it was read; the unit of work rolls back. */
export class DisputeChangedConcurrently extends Error {
  constructor(disputeID: string) {
    super(`dispute ${disputeID} changed concurrently`);
    this.name = 'DisputeChangedConcurrently';
  }
}

/**
 * `dispute.created` / `dispute.updated` data (SDK `WebhookDataDisputeCreated`):
 * the merchant's account, the disputed transfer, the wallet transaction of the
 * dispute's debit, and where the dispute stands.
 */
export function disputeEventData(record: DisputeRecord): EventData<'dispute.updated'> {
  return {
    accountID: record.merchantAccountID,
    transferID: record.transferID,
    transactionID: record.transactionID,
    disputeID: record.disputeID,
    status: record.status,
    phase: record.phase,
  };
}

export interface DisputeTransition {
  status: DisputeStatusValue;
  outcome?: 'won' | 'lost';
  submittedOn?: string;
}

/**
 * Moves a dispute to a new status in the caller's unit of work and writes its
 * `dispute.updated` (Moov sends one on every status or phase change). A move
 * the state machine does not allow throws before anything is written; a
 * dispute changed since it was read rolls the unit back.
 */
export async function transitionDispute(sql: Sql, clock: Clock, record: DisputeRecord, change: DisputeTransition): Promise<DisputeRecord> {
  if (!canMove(record.status, change.status)) throw new IllegalDisputeTransition(record.status, change.status);
  const next: DisputeRecord = {
    ...record,
    status: change.status,
    outcome: change.outcome ?? record.outcome,
    submittedOn: change.submittedOn ?? record.submittedOn,
    updatedOn: timestamp(clock),
    rowVersion: record.rowVersion + 1,
  };
  const written = await updateDisputeRow(sql, record.platformID, record.disputeID, record.rowVersion, {
    status: next.status,
    phase: next.phase,
    outcome: next.outcome ?? null,
    submitted_on: next.submittedOn ?? null,
    updated_on: next.updatedOn,
  });
  if (!written) throw new DisputeChangedConcurrently(record.disputeID);
  await recordEvent(sql, clock, record.platformID, 'dispute.updated', disputeEventData(next));
  return next;
}
