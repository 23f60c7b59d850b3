import type { Sql } from '../port.ts';

/*
 * The delivery log and redelivery (migration 15, decision 1500): the API's
 * reads of `webhook_attempts`, the ping's attempt, and putting a delivery back
 * to pending. The delivery worker's own statements (claim, record) are in
 * `webhook-deliveries.ts`.
 *
 * `webhook_attempts.request` is JSON `{url, headers, body}`: the request as
 * sent. A ping is an attempt outside the outbox: it has no delivery row, and
 * its `delivery_seq` is PING_DELIVERY_SEQ (0; the database numbers deliveries
 * from 1).
 */

export const PING_DELIVERY_SEQ = 0;

export interface WebhookAttemptRow {
  attempt_id: string;
  delivery_seq: number;
  webhook_id: string;
  platform_id: string;
  event_id: string;
  attempted_on: string;
  status_code: number | null;
  latency_ms: number;
  outcome: string;
  error: string | null;
  request: string;
  /** From `events`; null for a ping, whose event is not recorded. */
  event_type: string | null;
}

export async function insertAttempt(sql: Sql, row: Omit<WebhookAttemptRow, 'event_type'>): Promise<void> {
  await sql.run(
    `INSERT INTO webhook_attempts (attempt_id, delivery_seq, webhook_id, platform_id, event_id, attempted_on, status_code, latency_ms, outcome, error, request)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.attempt_id,
      row.delivery_seq,
      row.webhook_id,
      row.platform_id,
      row.event_id,
      row.attempted_on,
      row.status_code,
      row.latency_ms,
      row.outcome,
      row.error,
      row.request,
    ],
  );
}

/** A webhook's attempts, newest first (ties by attempt ID, newest first too), one page. */
export async function listAttempts(
  sql: Sql,
  platformID: string,
  webhookID: string,
  page: { skip: number; count: number },
): Promise<WebhookAttemptRow[]> {
  return sql.all<WebhookAttemptRow>(
    `SELECT a.attempt_id, a.delivery_seq, a.webhook_id, a.platform_id, a.event_id, a.attempted_on, a.status_code, a.latency_ms,
            a.outcome, a.error, a.request, e.event_type
       FROM webhook_attempts a
       LEFT JOIN events e ON e.event_id = a.event_id AND e.platform_id = a.platform_id
      WHERE a.webhook_id = ? AND a.platform_id = ?
      ORDER BY a.attempted_on DESC, a.attempt_id DESC
      LIMIT ? OFFSET ?`,
    [webhookID, platformID, page.count, page.skip],
  );
}

export interface EventRef {
  event_id: string;
  event_type: string;
}

/** One of the platform's recorded events; another platform's is undefined, like a missing one. */
export async function findPlatformEvent(sql: Sql, platformID: string, eventID: string): Promise<EventRef | undefined> {
  return sql.get<EventRef>('SELECT event_id, event_type FROM events WHERE event_id = ? AND platform_id = ?', [eventID, platformID]);
}

export interface DeliveryStateRow {
  webhook_id: string;
  event_id: string;
  status: string;
  attempts: number;
  next_attempt_ms: number;
  give_up_after_ms: number;
}

/**
 * Puts the delivery of an event to a webhook back to `pending`, due at
 * `dueMs` (platform time), with a fresh give-up window and attempt count,
 * inserting it when the webhook never had it. It is ordered with nothing
 * (no resource key): a redelivery is sent on its own, now, and holds back no
 * later event of its resource (decision 1500, "Order per resource"). A claim in flight is dropped:
 * the worker's record step is guarded by its claim token, so that send's
 * outcome is not recorded and the delivery is sent again (at least once).
 */
export async function requeueDelivery(
  sql: Sql,
  row: { webhookID: string; platformID: string; eventID: string; dueMs: number; giveUpAfterMs: number; now: string },
): Promise<DeliveryStateRow> {
  await sql.run(
    `INSERT INTO webhook_deliveries (webhook_id, platform_id, event_id, resource_key, status, attempts, next_attempt_ms, give_up_after_ms, created_on, updated_on)
     VALUES (?, ?, ?, NULL, 'pending', 0, ?, ?, ?, ?)
     ON CONFLICT (webhook_id, event_id) DO UPDATE SET
       resource_key = NULL, status = 'pending', attempts = 0, next_attempt_ms = excluded.next_attempt_ms, give_up_after_ms = excluded.give_up_after_ms,
       claim_token = NULL, claimed_by = NULL, lease_expires_ms = NULL, last_status_code = NULL, last_error = NULL,
       updated_on = excluded.updated_on, finished_on = NULL`,
    [row.webhookID, row.platformID, row.eventID, row.dueMs, row.giveUpAfterMs, row.now, row.now],
  );
  const state = await sql.get<DeliveryStateRow>(
    `SELECT webhook_id, event_id, status, attempts, next_attempt_ms, give_up_after_ms FROM webhook_deliveries
      WHERE webhook_id = ? AND event_id = ? AND platform_id = ?`,
    [row.webhookID, row.eventID, row.platformID],
  );
  if (!state) throw new Error('the requeued delivery is missing');
  return { ...state, attempts: Number(state.attempts), next_attempt_ms: Number(state.next_attempt_ms), give_up_after_ms: Number(state.give_up_after_ms) };
}
