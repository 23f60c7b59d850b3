import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import {
  CreateWebhook,
  CreateWebhookValidationError,
  EventPage,
  EventTypeList,
  ListEventsError,
  ListEventsQuery,
  ListWebhookDeliveriesError,
  ListWebhookDeliveriesQuery,
  MAX_WEBHOOK_ATTEMPTS_PAGE,
  MAX_EVENTS_PAGE,
  PingResponse,
  RedeliverWebhookEvent,
  RedeliverWebhookEventError,
  UpdateWebhook,
  UpdateWebhookValidationError,
  Webhook,
  WebhookAttemptList,
  WebhookDelivery,
  WebhookList,
  WebhookSecret,
} from '../schemas/webhooks.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Webhooks (docs/api-behaviour.md §9, docs/webhooks.md, decision 1500). A
 * webhook belongs to the calling platform: another platform's webhook is the
 * same empty 404 as an unknown one. Moov documents no scopes for these
 * operations; Railyard's are `/webhooks.read` and `/webhooks.write`.
 */

const WebhookParams = z.object({ webhookID: Uuid });
const noWebhook = { description: "No such webhook (or another platform's)" } as const;
const READ = ['/webhooks.read'] as const;
const WRITE = ['/webhooks.write'] as const;

const bodyRules =
  'Body (all four fields required, no others): `url` (absolute http or https, at most 2,048 characters, no credentials ' +
  'or fragment; loopback and private addresses are allowed), `status` (`enabled` or `disabled`), `eventTypes` (a ' +
  'non-empty list of types from `GET /event-types`, or `["*"]` for every type) and `description` (may be empty).';

export const createWebhook = defineOperation({
  id: 'webhooks.create',
  method: 'POST',
  path: '/webhooks',
  summary: 'Create a webhook',
  description:
    "Creates a webhook: the platform's events of the chosen types are POSTed to its URL from now on, signed with a " +
    'secret made for it (`GET /webhooks/{webhookID}/secret`). Earlier events are not sent (redeliver them with ' +
    '`POST /railyard/webhooks/{webhookID}/redeliver`). ' +
    bodyRules,
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  since: 'v2026.01.00',
  request: { body: CreateWebhook, bodyRequired: true },
  response: { status: 201, description: 'The webhook', body: Webhook },
  errors: {
    400: { description: 'Malformed request (not a JSON object, unknown fields)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    422: { description: 'Invalid fields, one message per field', body: CreateWebhookValidationError },
  },
});

export const listWebhooks = defineOperation({
  id: 'webhooks.list',
  method: 'GET',
  path: '/webhooks',
  summary: 'List webhooks',
  description: "Lists the platform's webhooks, oldest first, disabled ones included.",
  auth: 'api',
  scopes: READ,
  readOnly: true,
  since: 'v2026.01.00',
  request: {},
  response: { status: 200, description: 'The webhooks', body: WebhookList },
  errors: { 401: noCredentials, 403: missingScope },
});

export const getWebhook = defineOperation({
  id: 'webhooks.get',
  method: 'GET',
  path: '/webhooks/{webhookID}',
  summary: 'Get a webhook',
  description: 'Answers one of the platform’s webhooks (a disabled one too).',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  since: 'v2026.01.00',
  request: { params: WebhookParams },
  response: { status: 200, description: 'The webhook', body: Webhook },
  errors: { 401: noCredentials, 403: missingScope, 404: noWebhook },
});

export const updateWebhook = defineOperation({
  id: 'webhooks.update',
  method: 'PUT',
  path: '/webhooks/{webhookID}',
  summary: 'Replace a webhook',
  description:
    'Replaces the URL, status, event types and description of a webhook (the ID and secret stay). `status: "enabled"` ' +
    'brings a disabled webhook back; `disabled` stops its deliveries. ' +
    bodyRules,
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  since: 'v2026.01.00',
  request: { params: WebhookParams, body: UpdateWebhook, bodyRequired: true },
  response: { status: 200, description: 'The webhook', body: Webhook },
  errors: {
    400: { description: 'Malformed request (not a JSON object, unknown fields)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noWebhook,
    422: { description: 'Invalid fields, one message per field', body: UpdateWebhookValidationError },
  },
});

export const disableWebhook = defineOperation({
  id: 'webhooks.disable',
  method: 'DELETE',
  path: '/webhooks/{webhookID}',
  summary: 'Disable a webhook',
  description:
    'Disables a webhook: it receives no more events, but stays readable (`status: "disabled"`) in the list and by ID. ' +
    '`PUT` with `status: "enabled"` brings it back. Disabling a disabled webhook is allowed (204).',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  since: 'v2026.01.00',
  request: { params: WebhookParams },
  response: { status: 204, description: 'Disabled' },
  errors: { 400: { description: 'Malformed request', body: GenericError }, 401: noCredentials, 403: missingScope, 404: noWebhook },
});

export const getWebhookSecret = defineOperation({
  id: 'webhooks.getSecret',
  method: 'GET',
  path: '/webhooks/{webhookID}/secret',
  summary: 'Get the signing secret of a webhook',
  description:
    'Answers the secret that signs every delivery of the webhook: `X-Signature` is the lowercase hex HMAC-SHA512, keyed ' +
    'with it, of `X-Timestamp|X-Nonce|X-Webhook-ID`.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  since: 'v2026.01.00',
  request: { params: WebhookParams },
  response: { status: 200, description: 'The secret', body: WebhookSecret },
  errors: { 401: noCredentials, 403: missingScope, 404: noWebhook },
});

export const pingWebhook = defineOperation({
  id: 'webhooks.ping',
  method: 'POST',
  path: '/webhooks/{webhookID}/ping',
  summary: 'Send a test event to a webhook',
  description:
    'Sends one signed `event.test` event (`data: {"ping": true}`) to the webhook’s URL now and answers what was sent and ' +
    'the status the receiver answered (0 when it did not answer within 5 s or could not be reached). The attempt shows ' +
    'in the delivery log. A disabled webhook cannot be pinged (400). No body.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  since: 'v2026.01.00',
  request: { params: WebhookParams },
  response: { status: 200, description: 'What was sent and how the receiver answered', body: PingResponse },
  errors: {
    400: { description: 'The webhook is disabled', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noWebhook,
  },
});

export const listEventTypes = defineOperation({
  id: 'webhooks.listEventTypes',
  method: 'GET',
  path: '/event-types',
  summary: 'List event types',
  description:
    'Lists every event type a webhook can subscribe to, each with a stable `eventTypeID`; the description says whether ' +
    'Railyard emits it yet.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  since: 'v2026.01.00',
  request: {},
  response: { status: 200, description: 'The event types', body: EventTypeList },
  errors: { 401: noCredentials, 403: missingScope },
});

// ---------------------------------------------------------------- Railyard-only (`/railyard/…`)

export const listWebhookDeliveries = defineOperation({
  id: 'sandbox.listWebhookDeliveries',
  method: 'GET',
  path: '/railyard/webhooks/{webhookID}/deliveries',
  summary: 'The delivery log of a webhook (Railyard only)',
  description:
    'Lists every attempt to send an event to the webhook, pings included, newest first: when, which event, the status ' +
    'code, latency, outcome, error and the request sent (URL, headers, body). Paged with `skip` and `count` (at most ' +
    `${MAX_WEBHOOK_ATTEMPTS_PAGE}). Railyard-only: not part of the Moov API.`,
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: WebhookParams, query: ListWebhookDeliveriesQuery },
  response: { status: 200, description: 'The attempts, newest first', body: WebhookAttemptList },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: noWebhook,
    422: { description: 'Invalid paging', body: ListWebhookDeliveriesError },
  },
});

export const redeliverWebhookEvent = defineOperation({
  id: 'sandbox.redeliverWebhookEvent',
  method: 'POST',
  path: '/railyard/webhooks/{webhookID}/redeliver',
  summary: 'Send an event to a webhook again (Railyard only)',
  description:
    "Queues one of the platform's recorded events (`{eventID}`) for the webhook: due now on the platform clock, with a " +
    'fresh 24-hour retry window, whether or not it was sent before (or the webhook subscribed to its type). The ' +
    'delivery worker sends it; answers 202 with the queued delivery. A disabled webhook receives nothing (400). ' +
    'Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: WebhookParams, body: RedeliverWebhookEvent, bodyRequired: true },
  response: { status: 202, description: 'The delivery, queued', body: WebhookDelivery },
  errors: {
    400: { description: 'Malformed request, or the webhook is disabled', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: "No such webhook or event (or another platform's)" },
    422: { description: 'Invalid fields', body: RedeliverWebhookEventError },
  },
});

export const listEvents = defineOperation({
  id: 'sandbox.listEvents',
  method: 'GET',
  path: '/railyard/events',
  summary: "The platform's events (Railyard only)",
  description:
    "Lists the platform's recorded events, oldest first, from a cursor: pass the answer's `nextCursor` as `after` to " +
    `read on (at most ${MAX_EVENTS_PAGE} per page). Every event is listed, whether or not a webhook received it. ` +
    'Railyard-only: not part of the Moov API.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { query: ListEventsQuery },
  response: { status: 200, description: 'The events after the cursor', body: EventPage },
  errors: { 401: noCredentials, 403: missingScope, 422: { description: 'Invalid cursor or count', body: ListEventsError } },
});

export const webhookOperations = [
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  disableWebhook,
  getWebhookSecret,
  pingWebhook,
  listEventTypes,
  listWebhookDeliveries,
  redeliverWebhookEvent,
  listEvents,
] as const;
