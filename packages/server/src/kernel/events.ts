import { newRowID } from './ids.ts';
import type { Sql } from '../store/port.ts';
import { insertEvent } from '../store/repos/events.ts';
import { queueEventForFanout } from '../store/repos/webhook-deliveries.ts';
import type { Clock } from './clock.ts';
import { eventResourceKey } from './event-resource.ts';
import { isDeliverableEventType, type RecordedEventData } from '@railyard/contract';

/**
 * Records an event (docs/api-behaviour.md §9.4 names) inside the caller's unit of work,
 * so it commits with the change it describes or not at all. This is the one
 * way events are written. The database numbers each row (`event_seq`, only
 * growing), so the events of one change keep the order they were recorded in
 * even though they share a timestamp.
 *
 * It is also the webhook outbox (decision 1500): when some webhook of the
 * platform is subscribed to `type` (or `*`), the same unit of work queues the
 * event for fan-out, so an event and its queue row commit together or not at
 * all; the delivery worker then makes one delivery per subscribed webhook, due
 * at the event's time and given up WEBHOOK_GIVE_UP_AFTER_MS later ("Fan-out
 * after commit"). `clock` is the platform's clock (a `PlatformClock.view` or a
 * job's clock), so both are platform time; the worker compares them with the
 * platform's now.
 */
export async function recordEvent<T extends string>(sql: Sql, clock: Clock, platformID: string, type: T, data: RecordedEventData<T>): Promise<void> {
  const at = clock.now();
  const eventID = newRowID();
  const createdOn = at.toISOString();
  await insertEvent(sql, { eventID, platformID, type, data, createdOn });
  // Railyard's own types (receipt.sent) stay in the log: a Moov client could not parse them (docs/webhooks.md "Events").
  if (!isDeliverableEventType(type)) return;
  await queueEventForFanout(sql, {
    platformID,
    eventID,
    eventType: type,
    // The delivery order key: one resource's events go out one after the other (decision 1500, "Order per resource").
    resourceKey: eventResourceKey(type, data),
    dueMs: at.getTime(),
  });
}

/** A delivery is retried for this long after its event (platform time), then given up. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
