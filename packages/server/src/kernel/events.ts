import { newRowID } from './ids.ts';
import type { Sql } from '../store/port.ts';
import { insertEvent } from '../store/repos/events.ts';
import { type Clock, timestamp } from './clock.ts';

/**
 * Records an event (docs/api-behaviour.md §9.4 names) inside the caller's unit of work,
 * so it commits with the change it describes or not at all. This is the one
 * way events are written. The database numbers each row (`event_seq`, only
 * growing), so the events of one change keep the order they were recorded in
 * even though they share a timestamp; webhook delivery reads them in that order.
 */
export async function recordEvent(sql: Sql, clock: Clock, platformID: string, type: string, data: Record<string, unknown>): Promise<void> {
  await insertEvent(sql, { eventID: newRowID(), platformID, type, data, createdOn: timestamp(clock) });
}
