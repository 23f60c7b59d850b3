import type { TransferStatusValue } from '@railyard/contract';
import type { Sql } from '../../store/port.ts';
import { settleCancellations } from '../../store/repos/cancellations.ts';
import { type Clock, timestamp } from '../../kernel/clock.ts';
import { recordEvent } from '../../kernel/events.ts';
import { cancellationEventData } from './cancellation-render.ts';

/**
 * Resolves a transfer's pending cancellations when its status changes, in the
 * unit of work of that change (called by `transitionTransfer`): `canceled`
 * completes them; `completed`, `failed` or `reversed` means the rail acted
 * first, so they fail. Each change writes `cancellation.updated`.
 */
export async function settleCancellationsOnStatus(
  sql: Sql,
  clock: Clock,
  transfer: { platformID: string; transferID: string; status: TransferStatusValue },
): Promise<void> {
  const to = transfer.status === 'canceled' ? 'completed' : FAILS_CANCELLATION.has(transfer.status) ? 'failed' : undefined;
  if (!to) return;
  const changed = await settleCancellations(sql, { platformID: transfer.platformID, transferID: transfer.transferID, from: 'pending', to, now: timestamp(clock) });
  for (const row of changed) await recordEvent(sql, clock, transfer.platformID, 'cancellation.updated', cancellationEventData(row));
}

const FAILS_CANCELLATION: ReadonlySet<TransferStatusValue> = new Set(['completed', 'failed', 'reversed']);
