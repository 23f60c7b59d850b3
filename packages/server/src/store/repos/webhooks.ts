import type { Sql } from '../port.ts';

/*
 * Webhooks and their subscriptions (migration 15, decision 1500). A webhook
 * belongs to one platform; every read is scoped by `platform_id`.
 * `webhook_subscriptions` holds one row per event type (or `*`) of each
 * ENABLED webhook and none of a disabled one: `recordEvent` reads it to queue
 * deliveries, so it must change in the same unit of work as the webhook.
 */

export interface WebhookRow {
  webhook_id: string;
  platform_id: string;
  url: string;
  status: string;
  description: string;
  /** JSON array of event types (or `*`), as the caller sent them (duplicates dropped). */
  event_types: string;
  secret_sealed: string;
  created_on: string;
  updated_on: string;
  last_used_on: string | null;
  /**
   * When it was last enabled (its creation, or the update that enabled it
   * again); null while disabled. The fan-out gives a webhook only the events
   * recorded since then (migration 24).
   */
  enabled_on: string | null;
}

const COLUMNS = 'webhook_id, platform_id, url, status, description, event_types, secret_sealed, created_on, updated_on, last_used_on, enabled_on';

/** A platform has at most this many webhooks (disabled ones count), so listing them needs no paging. */
export const MAX_WEBHOOKS_PER_PLATFORM = 100;

export async function insertWebhook(sql: Sql, row: WebhookRow): Promise<void> {
  await sql.run(`INSERT INTO webhooks (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    row.webhook_id,
    row.platform_id,
    row.url,
    row.status,
    row.description,
    row.event_types,
    row.secret_sealed,
    row.created_on,
    row.updated_on,
    row.last_used_on,
    row.enabled_on,
  ]);
}

export async function findWebhook(sql: Sql, platformID: string, webhookID: string): Promise<WebhookRow | undefined> {
  return sql.get<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE platform_id = ? AND webhook_id = ?`, [platformID, webhookID]);
}

/** The platform's webhooks, oldest first (at most MAX_WEBHOOKS_PER_PLATFORM). */
export async function listWebhookRows(sql: Sql, platformID: string): Promise<WebhookRow[]> {
  return sql.all<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE platform_id = ? ORDER BY created_on, webhook_id LIMIT ?`, [
    platformID,
    MAX_WEBHOOKS_PER_PLATFORM,
  ]);
}

export async function countWebhooks(sql: Sql, platformID: string): Promise<number> {
  const row = await sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM webhooks WHERE platform_id = ?', [platformID]);
  return Number(row?.n ?? 0);
}

/** Replaces the fields a `PUT` or `DELETE` changes; answers whether the row existed. */
export async function updateWebhookRow(
  sql: Sql,
  row: Pick<WebhookRow, 'webhook_id' | 'platform_id' | 'url' | 'status' | 'description' | 'event_types' | 'updated_on' | 'enabled_on'>,
): Promise<boolean> {
  const result = await sql.run(
    'UPDATE webhooks SET url = ?, status = ?, description = ?, event_types = ?, updated_on = ?, enabled_on = ? WHERE platform_id = ? AND webhook_id = ?',
    [row.url, row.status, row.description, row.event_types, row.updated_on, row.enabled_on, row.platform_id, row.webhook_id],
  );
  return result.changes === 1;
}

/** Records a 2xx answer (a ping's; the delivery worker records its own); `last_used_on` never moves back. */
export async function markWebhookUsed(sql: Sql, platformID: string, webhookID: string, usedOn: string): Promise<void> {
  await sql.run('UPDATE webhooks SET last_used_on = ? WHERE platform_id = ? AND webhook_id = ? AND (last_used_on IS NULL OR last_used_on < ?)', [
    usedOn,
    platformID,
    webhookID,
    usedOn,
  ]);
}

/**
 * Makes the webhook's subscriptions exactly `eventTypes` (empty: none, for a
 * disabled webhook). Deletes and re-inserts: a webhook has at most a few dozen.
 */
export async function replaceSubscriptions(sql: Sql, platformID: string, webhookID: string, eventTypes: readonly string[]): Promise<void> {
  await sql.run('DELETE FROM webhook_subscriptions WHERE platform_id = ? AND webhook_id = ?', [platformID, webhookID]);
  for (const eventType of eventTypes) {
    await sql.run('INSERT INTO webhook_subscriptions (platform_id, event_type, webhook_id) VALUES (?, ?, ?)', [platformID, eventType, webhookID]);
  }
}

/** The event types a webhook is subscribed to now (for tests and checks), sorted. */
export async function subscriptionsOf(sql: Sql, platformID: string, webhookID: string): Promise<string[]> {
  const rows = await sql.all<{ event_type: string }>(
    'SELECT event_type FROM webhook_subscriptions WHERE platform_id = ? AND webhook_id = ? ORDER BY event_type',
    [platformID, webhookID],
  );
  return rows.map((row) => row.event_type);
}
