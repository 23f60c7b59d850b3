import { z } from 'zod';
import { Paging, Timestamp, Uuid } from './common.ts';

/*
 * Webhooks (docs/api-behaviour.md §9, docs/webhooks.md), v2026.01.00 shapes
 * (SDK 26.2.0 `webhook.ts`, `createwebhook.ts`, `updatewebhook.ts`,
 * `webhookstatus.ts`, `webhookeventtype.ts`, `pingresponse.ts`,
 * `eventtype.ts`, `webhooksecret.ts`; errors `createwebhookvalidationerror.ts`,
 * `updatewebhookvalidationerror.ts`).
 *
 * The 422 bodies carry ONE string per field (`{url?, status?, eventTypes?,
 * description?}`), so `eventTypes` is a `custom` schema whose check reports the
 * list as a whole (a per-element zod check would nest the message under the
 * index). Unknown fields are refused (400): a webhook body has exactly four.
 * The domain checks the same rules again (`domain/webhooks/input.ts`).
 */

// ---------------------------------------------------------------- enums

/** Every event type of v2026.01.00 (SDK `WebhookEventType`, without the `*` wildcard), in the SDK's order. */
export const WEBHOOK_EVENT_TYPES = [
  'account.created',
  'account.updated',
  'account.disconnected',
  'balance.updated',
  'bankAccount.created',
  'bankAccount.updated',
  'bankAccount.deleted',
  'cancellation.created',
  'cancellation.updated',
  'card.autoUpdated',
  'capability.requested',
  'capability.updated',
  'dispute.created',
  'dispute.updated',
  'invoice.created',
  'invoice.updated',
  'networkID.updated',
  'paymentMethod.enabled',
  'paymentMethod.disabled',
  'refund.created',
  'refund.updated',
  'representative.created',
  'representative.updated',
  'representative.deleted',
  'sweep.created',
  'sweep.updated',
  'terminalApplication.created',
  'terminalApplication.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.messageAdded',
  'transfer.created',
  'transfer.updated',
  'wallet.created',
  'wallet.updated',
  'walletTransaction.updated',
  'billingStatement.created',
] as const;
/** Subscribes a webhook to every event type, including ones added later. Never an event's own type. */
export const WEBHOOK_WILDCARD = '*';
export const WEBHOOK_SUBSCRIPTION_TYPES = [WEBHOOK_WILDCARD, ...WEBHOOK_EVENT_TYPES] as const;
export const WebhookEventType = z.enum(WEBHOOK_SUBSCRIPTION_TYPES).meta({ id: 'WebhookEventType' });
export type WebhookEventTypeValue = (typeof WEBHOOK_SUBSCRIPTION_TYPES)[number];

/** The type of the test event a ping sends (not a subscription type). */
export const TEST_EVENT_TYPE = 'event.test';

export const WEBHOOK_STATUSES = ['enabled', 'disabled'] as const;
export const WebhookStatus = z.enum(WEBHOOK_STATUSES).meta({ id: 'WebhookStatus' });
export type WebhookStatusValue = (typeof WEBHOOK_STATUSES)[number];

// ---------------------------------------------------------------- limits and rules

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
/** How many entries `eventTypes` may hold as sent (duplicates are dropped after the check). */
export const MAX_WEBHOOK_EVENT_TYPES = 100;
const MAX_QUOTED = 60;

function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);
}

/**
 * What is wrong with a webhook URL, or undefined: absolute `http` or `https`,
 * at most 2,048 characters, no credentials, no fragment, no spaces or control
 * characters. Loopback and private addresses are allowed on purpose (decision
 * 1500): Railyard runs next to the developer's receiver.
 */
export function webhookUrlProblem(value: string): string | undefined {
  if (value.length === 0) return 'cannot be blank';
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return `the length must be no more than ${MAX_WEBHOOK_URL_LENGTH}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(value)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.hostname === '') return 'must name a host';
  if (url.username !== '' || url.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(value)) return 'must not contain credentials';
  if (value.includes('#')) return 'must not contain a fragment';
  return undefined;
}

/**
 * What is wrong with an `eventTypes` list, or undefined: a non-empty list of
 * the v2026.01.00 types or `*`, at most MAX_WEBHOOK_EVENT_TYPES entries.
 */
export function webhookEventTypesProblem(value: unknown): string | undefined {
  if (value === undefined) return 'cannot be blank';
  if (!Array.isArray(value)) return 'must be a list of event types';
  if (value.length === 0) return 'must name at least one event type (or "*")';
  if (value.length > MAX_WEBHOOK_EVENT_TYPES) return `the number of items must be no more than ${MAX_WEBHOOK_EVENT_TYPES}`;
  const known: readonly string[] = WEBHOOK_SUBSCRIPTION_TYPES;
  const index = value.findIndex((item) => typeof item !== 'string' || !known.includes(item));
  if (index >= 0) return `unknown event type ${quoted(value[index])}`;
  return undefined;
}

// ---------------------------------------------------------------- requests

const WebhookUrl = z
  .string({ error: (issue) => (issue.input === undefined ? 'cannot be blank' : 'must be a string') })
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description:
      'Where events are sent: an absolute http or https URL, at most 2,048 characters, without credentials or fragment. ' +
      'Loopback and private addresses are allowed.',
    format: 'uri',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
  });

const WebhookStatusField = z
  .enum(WEBHOOK_STATUSES, { error: (issue) => (issue.input === undefined ? 'cannot be blank' : 'must be enabled or disabled') })
  .describe('`enabled` receives events; `disabled` receives none.');

const WebhookEventTypes = z
  .custom<WebhookEventTypeValue[]>(() => true)
  .superRefine((value, ctx) => {
    const problem = webhookEventTypesProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    type: 'array',
    minItems: 1,
    maxItems: MAX_WEBHOOK_EVENT_TYPES,
    items: { type: 'string', enum: [...WEBHOOK_SUBSCRIPTION_TYPES] },
    description: 'The event types to receive (see `GET /event-types`), or `["*"]` for all. Duplicates are ignored.',
  });

const WebhookDescription = z
  .string({ error: (issue) => (issue.input === undefined ? 'cannot be blank' : 'must be a string') })
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  .describe(`For your reference; may be empty. At most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters.`);

const webhookBodyShape = {
  url: WebhookUrl,
  status: WebhookStatusField,
  eventTypes: WebhookEventTypes,
  description: WebhookDescription,
};

/** An unknown field is a malformed body (400), not a field error. */
const strictBody = { error: (issue: { code?: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `unknown field ${(issue.keys ?? []).join(', ')}` : undefined) };

export const CreateWebhook = z.strictObject(webhookBodyShape, strictBody).meta({ id: 'CreateWebhook' });
export type CreateWebhookInput = z.output<typeof CreateWebhook>;

/** `PUT` replaces the webhook: the same four fields, all required. */
export const UpdateWebhook = z.strictObject(webhookBodyShape, strictBody).meta({ id: 'UpdateWebhook' });
export type UpdateWebhookInput = z.output<typeof UpdateWebhook>;

// ---------------------------------------------------------------- responses

export const Webhook = z
  .object({
    webhookID: z.string(),
    url: z.string(),
    status: WebhookStatus,
    eventTypes: z.array(WebhookEventType),
    description: z.string(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    lastUsedOn: Timestamp.optional().describe('When a delivery (or ping) to the webhook last got a 2xx answer.'),
  })
  .meta({ id: 'Webhook' });
export type WebhookView = z.output<typeof Webhook>;
export const WebhookList = z.array(Webhook).meta({ id: 'WebhookList' });

export const WebhookSecret = z
  .object({ secret: z.string().describe('The key of the HMAC-SHA512 `X-Signature` of every delivery.') })
  .meta({ id: 'WebhookSecret' });

export const PingResponse = z
  .object({
    webhook: Webhook,
    requestBodySent: z.record(z.string(), z.unknown()).describe('The `event.test` event that was sent.'),
    responseStatusCode: z
      .number()
      .int()
      .describe("The receiver's HTTP status; 0 when no answer came (refused, timed out, not HTTP)."),
  })
  .meta({ id: 'PingResponse' });
export type PingResponseView = z.output<typeof PingResponse>;

export const EventType = z
  .object({ eventTypeID: z.string(), type: z.string(), description: z.string() })
  .meta({ id: 'EventType' });
export type EventTypeView = z.output<typeof EventType>;
export const EventTypeList = z.array(EventType).meta({ id: 'EventTypeList' });

// ---------------------------------------------------------------- errors

const webhookErrorFields = {
  url: z.string().optional(),
  status: z.string().optional(),
  eventTypes: z.string().optional(),
  description: z.string().optional(),
};
export const CreateWebhookValidationError = z.object(webhookErrorFields).meta({ id: 'CreateWebhookValidationError' });
export const UpdateWebhookValidationError = z.object(webhookErrorFields).meta({ id: 'UpdateWebhookValidationError' });

// ---------------------------------------------------------------- Railyard-only: the delivery log, redelivery, the event feed

export const DELIVERY_OUTCOMES = ['delivered', 'failed'] as const;
/** A delivery's states (the worker's): waiting, being sent, done, given up, or not sent because the webhook was disabled. */
export const DELIVERY_STATUSES = ['pending', 'claimed', 'delivered', 'failed', 'canceled'] as const;

export const WebhookRequestSent = z
  .object({
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string().describe('The JSON body exactly as sent.'),
  })
  .meta({ id: 'WebhookRequestSent' });

export const WebhookAttempt = z
  .object({
    attemptID: z.string(),
    attemptedOn: Timestamp.describe('Platform time of the attempt.'),
    eventID: z.string(),
    eventType: z.string(),
    ping: z.boolean().describe('True for a `POST /webhooks/{webhookID}/ping`, which is no delivery of a recorded event.'),
    statusCode: z.number().int().optional().describe("The receiver's HTTP status; absent when no answer came."),
    latencyMs: z.number().int(),
    outcome: z.enum(DELIVERY_OUTCOMES).describe('`delivered`: a 2xx within 5 s; anything else `failed`.'),
    error: z.string().optional().describe('Why the attempt failed (timeout, refused connection, a non-2xx status…).'),
    request: WebhookRequestSent,
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttemptView = z.output<typeof WebhookAttempt>;
export const WebhookAttemptList = z.array(WebhookAttempt).meta({ id: 'WebhookAttemptList' });

export const MAX_WEBHOOK_ATTEMPTS_PAGE = 200;
export const DEFAULT_WEBHOOK_ATTEMPTS_PAGE = 50;
export const ListWebhookDeliveriesQuery = z.object({
  skip: Paging.skip,
  count: z.coerce.number().int().min(1).max(MAX_WEBHOOK_ATTEMPTS_PAGE).optional().describe(`At most ${MAX_WEBHOOK_ATTEMPTS_PAGE}; default ${DEFAULT_WEBHOOK_ATTEMPTS_PAGE}.`),
});
export const ListWebhookDeliveriesError = z
  .object({ skip: z.string().optional(), count: z.string().optional() })
  .meta({ id: 'ListWebhookDeliveriesError' });

export const RedeliverWebhookEvent = z
  .strictObject({ eventID: Uuid.describe("One of the platform's recorded events (see `GET /railyard/events`).") }, strictBody)
  .meta({ id: 'RedeliverWebhookEvent' });
export const RedeliverWebhookEventError = z.object({ eventID: z.string().optional() }).meta({ id: 'RedeliverWebhookEventError' });

export const WebhookDelivery = z
  .object({
    webhookID: z.string(),
    eventID: z.string(),
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int().describe('Attempts since the delivery was (re)queued.'),
    nextAttemptOn: Timestamp.describe('Platform time of the next attempt.'),
    giveUpOn: Timestamp.describe('Platform time after which a failing delivery is given up (24 h).'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryView = z.output<typeof WebhookDelivery>;

export const MAX_EVENTS_PAGE = 1000;
export const DEFAULT_EVENTS_PAGE = 100;
export const ListEventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor from nextCursor')
    .optional()
    .describe('The `nextCursor` of the previous page; absent for the first event.'),
  count: z.coerce.number().int().min(1).max(MAX_EVENTS_PAGE).optional().describe(`At most ${MAX_EVENTS_PAGE}; default ${DEFAULT_EVENTS_PAGE}.`),
});
export const ListEventsError = z.object({ after: z.string().optional(), count: z.string().optional() }).meta({ id: 'ListEventsError' });

export const RecordedEvent = z
  .object({
    eventID: z.string(),
    type: z.string(),
    data: z.record(z.string(), z.unknown()),
    createdOn: Timestamp,
  })
  .meta({ id: 'RecordedEvent' });
export const EventPage = z
  .object({
    events: z.array(RecordedEvent).describe('Oldest first.'),
    nextCursor: z.string().describe('Pass as `after` for the events after these; the same cursor again when there were none.'),
  })
  .meta({ id: 'EventPage' });
export type EventPageView = z.output<typeof EventPage>;
