import { DELIVERY_STATUSES, isPlainObject, type WebhookAttemptView, type WebhookDeliveryView, type WebhookEventTypeValue, type WebhookView } from '@railyard/contract';
import type { WebhookRow } from '../../store/repos/webhooks.ts';
import { PING_DELIVERY_SEQ, type DeliveryStateRow, type WebhookAttemptRow } from '../../store/repos/webhook-log.ts';

/** A stored webhook in the v2026.01.00 shape. */
export function renderWebhook(row: WebhookRow): WebhookView {
  return {
    webhookID: row.webhook_id,
    url: row.url,
    status: row.status === 'enabled' ? 'enabled' : 'disabled',
    eventTypes: JSON.parse(row.event_types) as WebhookEventTypeValue[],
    description: row.description,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
    ...(row.last_used_on ? { lastUsedOn: row.last_used_on } : {}),
  };
}

/** The stored request of an attempt (`{url, headers, body}` JSON), read leniently: a log row never breaks the log. */
function parseRequest(text: string): WebhookAttemptView['request'] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const request = isPlainObject(value) ? value : {};
  const headers: Record<string, string> = {};
  if (isPlainObject(request['headers'])) {
    for (const [name, header] of Object.entries(request['headers'])) if (typeof header === 'string') headers[name] = header;
  }
  return {
    url: typeof request['url'] === 'string' ? request['url'] : '',
    headers,
    body: typeof request['body'] === 'string' ? request['body'] : '',
  };
}

/** The `type` of a sent body: how a ping's attempt (whose event is not recorded) names its type. */
function typeOfBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isPlainObject(parsed) && typeof parsed['type'] === 'string' ? parsed['type'] : undefined;
  } catch {
    return undefined;
  }
}

export function renderAttempt(row: WebhookAttemptRow): WebhookAttemptView {
  const request = parseRequest(row.request);
  return {
    attemptID: row.attempt_id,
    attemptedOn: row.attempted_on,
    eventID: row.event_id,
    eventType: row.event_type ?? typeOfBody(request.body) ?? 'unknown',
    ping: Number(row.delivery_seq) === PING_DELIVERY_SEQ,
    ...(row.status_code !== null && row.status_code !== undefined ? { statusCode: Number(row.status_code) } : {}),
    latencyMs: Number(row.latency_ms),
    outcome: row.outcome === 'delivered' ? 'delivered' : 'failed',
    ...(row.error ? { error: row.error } : {}),
    request,
  };
}

export function renderDelivery(row: DeliveryStateRow, eventType: string): WebhookDeliveryView {
  const status = (DELIVERY_STATUSES as readonly string[]).includes(row.status) ? (row.status as WebhookDeliveryView['status']) : 'failed';
  return {
    webhookID: row.webhook_id,
    eventID: row.event_id,
    eventType,
    status,
    attempts: Number(row.attempts),
    nextAttemptOn: new Date(Number(row.next_attempt_ms)).toISOString(),
    giveUpOn: new Date(Number(row.give_up_after_ms)).toISOString(),
  };
}
