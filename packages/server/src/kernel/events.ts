import { newRowID } from './ids.ts';
import type { Sql } from '../store/port.ts';
import { HeldUntilEnd } from '../store/end-of-unit.ts';
import { insertEvents } from '../store/repos/events.ts';
import { queueEventsForFanout } from '../store/repos/webhook-deliveries.ts';
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
  await recordEvents(sql, clock, [{ platformID, type, data }]);
}

/** One event for `recordEvents`; build it with `eventOf` so that its data is checked against its type. */
export interface EventToRecord {
  platformID: string;
  type: string;
  data: unknown;
}

export function eventOf<T extends string>(platformID: string, type: T, data: RecordedEventData<T>): EventToRecord {
  return { platformID, type, data };
}

/**
 * Records several events, in this order, as `recordEvent` records one. Inside a
 * unit of work the events are gathered and written at its end (`beforeCommit`):
 * every event the unit records, from the transfer's own to its wallets' and
 * balances', in one statement and their outbox rows in one more, however
 * many there are and however many parts of the unit recorded them (a
 * wallet→wallet create recorded its six events in six statements). Each event
 * keeps the time it was recorded at; the database numbers them in the order
 * they were recorded. A unit does not read back the events it records.
 */
export async function recordEvents(sql: Sql, clock: Clock, events: readonly EventToRecord[]): Promise<void> {
  if (events.length === 0) return;
  const at = clock.now();
  const createdOn = at.toISOString();
  const dueMs = at.getTime();
  // Field by field: `{ ...event, eventID, … }` adds properties after a spread, a slow path in Node 20
  // that also gives each object a map of its own (decision 2001, amendment "Node's own work").
  const rows = events.map(
    (event): GatheredEvent => ({ platformID: event.platformID, type: event.type, data: event.data, eventID: newRowID(), createdOn, dueMs }),
  );
  // The unit's first events start its list; later ones join it until its end writes it.
  await gathered.hold(sql, () => rows, (list) => list.push(...rows));
}

interface GatheredEvent extends EventToRecord {
  eventID: string;
  createdOn: string;
  dueMs: number;
}

async function writeEvents(sql: Sql, rows: readonly GatheredEvent[]): Promise<void> {
  await insertEvents(sql, rows);
  // Railyard's own types (receipt.sent) stay in the log: a Moov client could not parse them (docs/webhooks.md "Events").
  const deliverable = rows.filter((row) => isDeliverableEventType(row.type));
  await queueEventsForFanout(
    sql,
    deliverable.map((row) => ({
      platformID: row.platformID,
      eventID: row.eventID,
      eventType: row.type,
      // The delivery order key: one resource's events go out one after the other (decision 1500, "Order per resource").
      resourceKey: eventResourceKey(row.type, row.data),
      dueMs: row.dueMs,
    })),
  );
}

/** The events each unit of work has recorded and not yet written. */
const gathered = new HeldUntilEnd<GatheredEvent[]>(writeEvents);

/** A delivery is retried for this long after its event (platform time), then given up. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
