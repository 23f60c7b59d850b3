import type { Dialect, Sql, SqlValue } from '../port.ts';
import { deferInsertRows } from './multi-row.ts';

/**
 * Webhook deliveries, the outbox (decision 1500, migration 15): one row per
 * event and subscribed webhook, made from the fan-out queue (migration 22) by
 * the worker soon after the event commits; claimed by the
 * delivery worker like jobs are (a claim token and a lease, platform time for
 * "due", `FOR UPDATE SKIP LOCKED` on PostgreSQL, the single writer on SQLite);
 * and every attempt in `webhook_attempts` (the delivery log).
 *
 * Statuses: `pending` (due at `next_attempt_ms`, platform time), `claimed` (a
 * worker is sending; its lease is real time), then `delivered`, `failed`
 * (given up) or `canceled` (its webhook was disabled before it was sent).
 * `attempts` counts attempts recorded, so a delivery in its first attempt is
 * `claimed` with `attempts = 0`. `claimed_by` names the worker that claimed it
 * last and is kept after the claim ends (a diagnostic); `claim_token` is
 * cleared.
 */

export type DeliveryStatus = 'pending' | 'claimed' | 'delivered' | 'failed' | 'canceled';

function lockClause(dialect: Dialect): string {
  return dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** An event for the fan-out queue. */
export interface FanoutRow {
  platformID: string;
  eventID: string;
  eventType: string;
  /** The event's order key (kernel/event-resource.ts); null: ordered with nothing. */
  resourceKey: string | null;
  /** Platform time of the event (epoch ms): its deliveries are due then. */
  dueMs: number;
}

/**
 * The outbox insert `recordEvents` makes with the deliverable events it writes,
 * in the same unit of work (decision 1500, "Fan-out after commit"): one narrow
 * row in `webhook_fanout` per event, and only for an event some webhook of its
 * platform is subscribed to (its type or `*`; a platform without webhooks pays
 * one index probe on `webhook_subscriptions`' primary key per event and writes
 * nothing). One statement for up to MAX_ROWS_PER_INSERT events (multi-row.ts):
 * the events as a VALUES list, whose columns both engines name column1,
 * column2, …, queued in the order given. The delivery worker turns each row
 * into one delivery per subscribed webhook (`fanOutQueuedEvents`).
 */
export async function queueEventsForFanout(sql: Sql, rows: readonly FanoutRow[]): Promise<void> {
  // Deferred with its events: it sends with the unit's next statement or its COMMIT (decision 2001).
  await deferInsertRows(sql, rows, {
    statement: (valuesList) => `INSERT INTO webhook_fanout (event_id, resource_key, due_ms)
       SELECT v.column1, v.column2, v.column3
         FROM (VALUES ${valuesList}) AS v
        WHERE EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.platform_id = v.column4 AND s.event_type IN (v.column5, '*'))`,
    tuple: '(CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT))',
    values: (row) => [row.eventID, row.resourceKey, row.dueMs, row.platformID, row.eventType],
  });
}

/**
 * PostgreSQL advisory lock class of the fan-out: one process at a time turns
 * the queue into deliveries. Advisory locks are database-wide, so the second
 * key is the schema's: deployments (or test stores) in other schemas of the
 * same database never make each other skip a turn.
 */
const FANOUT_LOCK_CLASS = 7_202_412;

/**
 * Turns up to `limit` queued events, oldest first, into deliveries: one per
 * webhook of the event's platform that is enabled (it has subscriptions),
 * subscribed to the event's type or to `*`, and enabled since no later than
 * the event (a webhook never receives what happened before it existed, nor,
 * once enabled again, what was recorded before that: disabling cancels its
 * backlog, queued or not). Deliveries
 * get `delivery_seq` in queue order, then webhook order, so each webhook's
 * deliveries keep the order the events were recorded in; due at the event's
 * time and given up `giveUpAfterMs` later. The queue rows go in the same
 * transaction: a crash leaves the event queued, never half fanned out.
 * On PostgreSQL one process at a time does it per schema (an advisory lock;
 * another process skips its turn), as two batches committing out of order would
 * interleave a webhook's deliveries. Answers how many queued events it took.
 */
export async function fanOutQueuedEvents(sql: Sql, dialect: Dialect, options: { limit: number; giveUpAfterMs: number }): Promise<number> {
  if (dialect === 'postgres') {
    const lock = await sql.get<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock(CAST(? AS INTEGER), hashtext(current_schema())) AS locked',
      [FANOUT_LOCK_CLASS],
    );
    if (!lock?.locked) return 0;
  }
  const batch = await sql.all<{ fanout_seq: number | string }>('SELECT fanout_seq FROM webhook_fanout ORDER BY fanout_seq LIMIT ?', [options.limit]);
  if (batch.length === 0) return 0;
  const seqs = batch.map((row) => Number(row.fanout_seq));
  const list = placeholders(seqs.length);
  await sql.run(
    `INSERT INTO webhook_deliveries
       (webhook_id, platform_id, event_id, resource_key, status, attempts, next_attempt_ms, give_up_after_ms, created_on, updated_on)
     SELECT w.webhook_id, e.platform_id, e.event_id, f.resource_key, 'pending', 0, f.due_ms, f.due_ms + CAST(? AS BIGINT), e.created_on, e.created_on
     FROM webhook_fanout f
     JOIN events e ON e.event_id = f.event_id
     JOIN webhooks w ON w.platform_id = e.platform_id AND w.status = 'enabled' AND w.enabled_on <= e.created_on
     WHERE f.fanout_seq IN (${list})
       AND EXISTS (SELECT 1 FROM webhook_subscriptions s
                   WHERE s.platform_id = e.platform_id AND s.webhook_id = w.webhook_id AND s.event_type IN (e.event_type, '*'))
     ORDER BY f.fanout_seq, w.webhook_id
     ON CONFLICT (webhook_id, event_id) DO NOTHING`,
    [options.giveUpAfterMs, ...seqs],
  );
  await sql.run(`DELETE FROM webhook_fanout WHERE fanout_seq IN (${list})`, seqs);
  return seqs.length;
}

/** Events recorded but not yet turned into deliveries (the fan-out queue's length). */
export async function countQueuedEvents(sql: Sql): Promise<number> {
  const row = await sql.get<{ queued: number | string }>('SELECT COUNT(*) AS queued FROM webhook_fanout');
  return Number(row?.queued ?? 0);
}

export interface ClaimCandidateRow {
  delivery_seq: number | string;
  webhook_id: string;
  /** The order key; null: ordered with nothing. */
  resource_key: string | null;
  status: DeliveryStatus;
  attempts: number | string;
  give_up_after_ms: number | string;
  offset_ms: number | string;
}

/**
 * Locks and answers, in `delivery_seq` order, up to `limit` deliveries a
 * worker may claim: pending ones due on their platform's clock, and claimed
 * ones whose lease ran out (their worker died). A first attempt waits while an
 * earlier delivery of the same webhook and resource key has not had its first
 * attempt recorded (decision 1500, "Order per resource"; through the partial
 * index of migration 21). Webhooks in `excludeWebhookIDs` (at the caller's
 * per-webhook bound) are skipped.
 */
export async function lockClaimableDeliveries(
  sql: Sql,
  dialect: Dialect,
  filter: { realNowMs: number; platformID?: string | undefined; excludeWebhookIDs: readonly string[]; limit: number },
): Promise<ClaimCandidateRow[]> {
  const params: SqlValue[] = [filter.realNowMs, filter.realNowMs];
  let extra = '';
  if (filter.platformID !== undefined) {
    extra += ' AND d.platform_id = ?';
    params.push(filter.platformID);
  }
  if (filter.excludeWebhookIDs.length > 0) {
    extra += ` AND d.webhook_id NOT IN (${placeholders(filter.excludeWebhookIDs.length)})`;
    params.push(...filter.excludeWebhookIDs);
  }
  params.push(filter.limit);
  return sql.all<ClaimCandidateRow>(
    `SELECT d.delivery_seq, d.webhook_id, d.resource_key, d.status, d.attempts, d.give_up_after_ms,
            COALESCE((SELECT c.offset_ms FROM platform_clocks c WHERE c.platform_id = d.platform_id), 0) AS offset_ms
     FROM webhook_deliveries d
     WHERE ((d.status = 'pending'
             AND d.next_attempt_ms <= ? + COALESCE((SELECT c.offset_ms FROM platform_clocks c WHERE c.platform_id = d.platform_id), 0))
         OR (d.status = 'claimed' AND d.lease_expires_ms <= ?))${extra}
       AND (d.attempts > 0 OR d.resource_key IS NULL OR NOT EXISTS (
             SELECT 1 FROM webhook_deliveries e
             WHERE e.webhook_id = d.webhook_id AND e.resource_key = d.resource_key AND e.delivery_seq < d.delivery_seq
               AND e.attempts = 0 AND e.status IN ('pending', 'claimed')))
     ORDER BY d.delivery_seq
     LIMIT ?${lockClause(dialect)}`,
    params,
  );
}

/** A possible follower of a run, with the delivery its first attempt must come after. */
export interface RunFollowerRow extends ClaimCandidateRow {
  next_attempt_ms: number | string;
  lease_expires_ms: number | string | null;
  /**
   * The latest earlier delivery of the same webhook and resource key still
   * waiting for its first attempt, or null (none, or no key): the follower may
   * join a run only if that one is in the same run (decision 1500, "Order per
   * resource").
   */
  previous_seq: number | string | null;
}

/**
 * A first attempt's possible followers (decision 1500, "Runs"): the deliveries
 * of the same webhook after `afterSeq` that still wait for a first attempt, in
 * `delivery_seq` order, read through the partial index of migration 16, each
 * with its `previous_seq` (migration 21's index). The caller takes those that
 * are claimable and whose previous delivery of their resource is in the run.
 * Locked on PostgreSQL, skipping rows another claim is taking right now: such
 * a row still counts as a later row's `previous_seq` (the subquery does not
 * skip), so its resource's later deliveries stay out of this run.
 */
export async function lockRunFollowers(
  sql: Sql,
  dialect: Dialect,
  filter: { webhookID: string; afterSeq: number; limit: number },
): Promise<RunFollowerRow[]> {
  return sql.all<RunFollowerRow>(
    `SELECT d.delivery_seq, d.webhook_id, d.resource_key, d.status, d.attempts, d.give_up_after_ms, d.next_attempt_ms, d.lease_expires_ms,
            0 AS offset_ms,
            CASE WHEN d.resource_key IS NULL THEN NULL ELSE (
              SELECT MAX(e.delivery_seq) FROM webhook_deliveries e
              WHERE e.webhook_id = d.webhook_id AND e.resource_key = d.resource_key AND e.delivery_seq < d.delivery_seq
                AND e.attempts = 0 AND e.status IN ('pending', 'claimed')) END AS previous_seq
     FROM webhook_deliveries d
     WHERE d.webhook_id = ? AND d.delivery_seq > ? AND d.attempts = 0 AND d.status IN ('pending', 'claimed')
     ORDER BY d.delivery_seq
     LIMIT ?${lockClause(dialect)}`,
    [filter.webhookID, filter.afterSeq, filter.limit],
  );
}

/** Claims locked deliveries for one worker with one token and a lease (real time); answers how many it took. */
export async function markDeliveriesClaimed(
  sql: Sql,
  row: { deliverySeqs: readonly number[]; claimToken: string; workerID: string; leaseExpiresMs: number; updatedOn: string },
): Promise<number> {
  if (row.deliverySeqs.length === 0) return 0;
  const result = await sql.run(
    `UPDATE webhook_deliveries SET status = 'claimed', claim_token = ?, claimed_by = ?, lease_expires_ms = ?, updated_on = ?
     WHERE delivery_seq IN (${placeholders(row.deliverySeqs.length)}) AND status IN ('pending', 'claimed')`,
    [row.claimToken, row.workerID, row.leaseExpiresMs, row.updatedOn, ...row.deliverySeqs],
  );
  return result.changes;
}

/**
 * Hands back claimed deliveries that were not sent (a run cut short by its
 * time budget or a stopping worker): pending again, due as they were, only
 * while `claimToken` still holds them.
 */
export async function releaseDeliveryClaims(
  sql: Sql,
  row: { deliverySeqs: readonly number[]; claimToken: string; updatedOn: string },
): Promise<number> {
  if (row.deliverySeqs.length === 0) return 0;
  const result = await sql.run(
    `UPDATE webhook_deliveries SET status = 'pending', claim_token = NULL, lease_expires_ms = NULL, updated_on = ?
     WHERE delivery_seq IN (${placeholders(row.deliverySeqs.length)}) AND claim_token = ? AND status = 'claimed'`,
    [row.updatedOn, ...row.deliverySeqs, row.claimToken],
  );
  return result.changes;
}

/** Ends a locked delivery without an attempt: `canceled` (webhook disabled) or `failed` (given up). */
export async function markDeliveryClosed(
  sql: Sql,
  row: { deliverySeq: number; status: 'canceled' | 'failed'; reason: string; finishedOn: string },
): Promise<void> {
  await sql.run(
    `UPDATE webhook_deliveries SET status = ?, last_error = ?, claim_token = NULL, lease_expires_ms = NULL,
       updated_on = ?, finished_on = ?
     WHERE delivery_seq = ? AND status IN ('pending', 'claimed')`,
    [row.status, row.reason, row.finishedOn, row.finishedOn, row.deliverySeq],
  );
}

/** What a worker needs to send a claimed delivery: its webhook and its event. */
export interface DeliveryToSendRow {
  delivery_seq: number | string;
  webhook_id: string;
  resource_key: string | null;
  platform_id: string;
  event_id: string;
  attempts: number | string;
  give_up_after_ms: number | string;
  url: string;
  webhook_status: string;
  secret_sealed: string;
  event_type: string;
  data: string;
  event_created_on: string;
}

/** What a worker needs to send claimed deliveries, in `delivery_seq` order. */
export async function findDeliveriesToSend(sql: Sql, deliverySeqs: readonly number[]): Promise<DeliveryToSendRow[]> {
  if (deliverySeqs.length === 0) return [];
  return sql.all<DeliveryToSendRow>(
    `SELECT d.delivery_seq, d.webhook_id, d.resource_key, d.platform_id, d.event_id, d.attempts, d.give_up_after_ms,
            w.url, w.status AS webhook_status, w.secret_sealed,
            e.event_type, e.data, e.created_on AS event_created_on
     FROM webhook_deliveries d
     JOIN webhooks w ON w.webhook_id = d.webhook_id
     JOIN events e ON e.event_id = d.event_id
     WHERE d.delivery_seq IN (${placeholders(deliverySeqs.length)})
     ORDER BY d.delivery_seq`,
    [...deliverySeqs],
  );
}

/**
 * Records the outcome of an attempt, only while `claimToken` still holds the
 * claim; answers whether it did. `pending` schedules the next attempt.
 */
export async function finishDeliveryAttempt(
  sql: Sql,
  row: {
    deliverySeq: number;
    claimToken: string;
    status: 'pending' | 'delivered' | 'failed';
    nextAttemptMs: number | null;
    statusCode: number | null;
    error: string | null;
    updatedOn: string;
  },
): Promise<boolean> {
  const result = await sql.run(
    `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_ms = COALESCE(?, next_attempt_ms),
       last_status_code = ?, last_error = ?, claim_token = NULL, lease_expires_ms = NULL,
       updated_on = ?, finished_on = ?
     WHERE delivery_seq = ? AND claim_token = ? AND status = 'claimed'`,
    [
      row.status,
      row.nextAttemptMs,
      row.statusCode,
      row.error,
      row.updatedOn,
      row.status === 'pending' ? null : row.updatedOn,
      row.deliverySeq,
      row.claimToken,
    ],
  );
  return result.changes === 1;
}

export interface WebhookAttemptRow {
  attempt_id: string;
  delivery_seq: number | string;
  webhook_id: string;
  platform_id: string;
  event_id: string;
  attempted_on: string;
  status_code: number | null;
  latency_ms: number | string;
  outcome: string;
  error: string | null;
  /** JSON `{url, headers, body}`: the request as sent. */
  request: string;
}

export async function insertWebhookAttempt(
  sql: Sql,
  row: {
    attemptID: string;
    deliverySeq: number;
    webhookID: string;
    platformID: string;
    eventID: string;
    attemptedOn: string;
    statusCode: number | null;
    latencyMs: number;
    outcome: 'delivered' | 'failed';
    error: string | null;
    request: string;
  },
): Promise<void> {
  await sql.run(
    `INSERT INTO webhook_attempts
       (attempt_id, delivery_seq, webhook_id, platform_id, event_id, attempted_on, status_code, latency_ms, outcome, error, request)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.attemptID,
      row.deliverySeq,
      row.webhookID,
      row.platformID,
      row.eventID,
      row.attemptedOn,
      row.statusCode,
      row.latencyMs,
      row.outcome,
      row.error,
      row.request,
    ],
  );
}

/** `lastUsedOn` of a webhook: the time of its latest delivered attempt. Never moves backwards. */
export async function markWebhookUsed(sql: Sql, webhookID: string, usedOn: string): Promise<void> {
  await sql.run('UPDATE webhooks SET last_used_on = ? WHERE webhook_id = ? AND (last_used_on IS NULL OR last_used_on < ?)', [
    usedOn,
    webhookID,
    usedOn,
  ]);
}

export interface DeliveryRow {
  delivery_seq: number | string;
  webhook_id: string;
  platform_id: string;
  event_id: string;
  status: DeliveryStatus;
  attempts: number | string;
  next_attempt_ms: number | string;
  give_up_after_ms: number | string;
  last_status_code: number | null;
  last_error: string | null;
  created_on: string;
  updated_on: string;
  finished_on: string | null;
}

/** A webhook's deliveries in `delivery_seq` order, for tests and diagnostics. */
export async function listDeliveriesOfWebhook(sql: Sql, webhookID: string): Promise<DeliveryRow[]> {
  return sql.all<DeliveryRow>(
    `SELECT delivery_seq, webhook_id, platform_id, event_id, status, attempts, next_attempt_ms, give_up_after_ms,
            last_status_code, last_error, created_on, updated_on, finished_on
     FROM webhook_deliveries WHERE webhook_id = ? ORDER BY delivery_seq`,
    [webhookID],
  );
}

/** A webhook's attempts, oldest first, for tests and diagnostics. */
export async function listAttemptsOfWebhook(sql: Sql, webhookID: string): Promise<WebhookAttemptRow[]> {
  return sql.all<WebhookAttemptRow>(
    `SELECT attempt_id, delivery_seq, webhook_id, platform_id, event_id, attempted_on, status_code, latency_ms, outcome, error, request
     FROM webhook_attempts WHERE webhook_id = ? ORDER BY attempted_on, delivery_seq`,
    [webhookID],
  );
}
