import type { CancellationStatusValue, CancellationView, EventData } from '@railyard/contract';
import type { CancellationRow } from '../../store/repos/cancellations.ts';

export function renderCancellation(row: CancellationRow): CancellationView {
  return { cancellationID: row.cancellation_id, status: row.status as CancellationStatusValue, createdOn: row.created_on };
}

/** `cancellation.created` / `cancellation.updated` data (docs/api-behaviour.md §9.4). */
export function cancellationEventData(row: CancellationRow): EventData<'cancellation.updated'> {
  return { cancellationID: row.cancellation_id, transferID: row.transfer_id, status: row.status as CancellationStatusValue };
}
