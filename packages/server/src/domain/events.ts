import { randomUUID } from 'node:crypto';
import type { Sql } from '../store/port.ts';
import { insertEvent } from '../store/repos/accounts.ts';
import { type Clock, timestamp } from './clock.ts';

/**
 * Records an event (behaviour.md §9.4 names) inside the caller's unit of work,
 * so it commits with the change it describes or not at all. Webhook delivery
 * reads these rows later.
 */
export async function recordEvent(sql: Sql, clock: Clock, platformID: string, type: string, data: Record<string, unknown>): Promise<void> {
  await insertEvent(sql, { eventID: randomUUID(), platformID, type, data, createdOn: timestamp(clock) });
}
