import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EVENTS_PAGE,
  DEFAULT_WEBHOOK_ATTEMPTS_PAGE,
  TEST_EVENT_TYPE,
  WEBHOOK_WILDCARD,
  webhookEventTypesProblem,
  webhookUrlProblem,
  MAX_EVENTS_PAGE,
  MAX_WEBHOOK_ATTEMPTS_PAGE,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  type CreateWebhookInput,
  type EventPageView,
  type EventTypeView,
  type PingResponseView,
  type ValidationMap,
  type WebhookAttemptView,
  type WebhookDeliveryView,
  type WebhookEventTypeValue,
  type WebhookView,
  isDeliverableEventType,
} from '@railyard/contract';
import type { Sql, Store } from '../../store/port.ts';
import { listEventsAfter } from '../../store/repos/events.ts';
import {
  countWebhooks,
  findWebhook,
  insertWebhook,
  listWebhookRows,
  markWebhookUsed,
  MAX_WEBHOOKS_PER_PLATFORM,
  replaceSubscriptions,
  updateWebhookRow,
  type WebhookRow,
} from '../../store/repos/webhooks.ts';
import { findPlatformEvent, insertAttempt, listAttempts, PING_DELIVERY_SEQ, requeueDelivery } from '../../store/repos/webhook-log.ts';
import type { Caller } from '../auth/caller.ts';
import type { Sealer } from '../sources/sealed-secret.ts';
import { newRowID } from '../../kernel/ids.ts';
import { BadRequest, NotFound, ValidationFailed } from '../../kernel/errors.ts';
import type { PlatformClock } from '../../kernel/platform-clock.ts';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './secret.ts';
import { sendSigned, type SendOptions, type SendResult, type SignedRequest } from './send.ts';
import { eventTypeCatalog } from './event-types.ts';
import { renderAttempt, renderDelivery, renderWebhook } from './render.ts';

/** A redelivered event is retried for this long on the platform clock, like a first delivery (decision 1500). */
export const REDELIVERY_WINDOW_MS = 24 * 3_600_000;

/** The status a ping answers when no HTTP answer came (refused, timed out, not HTTP). */
export const NO_ANSWER_STATUS = 0;

export interface WebhookServiceDeps {
  /** Seals and opens the signing secrets (the server's sealer, decision 0500). */
  sealer: Sealer;
  platformClock: PlatformClock;
  /** The sender of pings (default `sendSigned`); tests may hand in their own. */
  send?: (input: SignedRequest, options?: SendOptions) => Promise<SendResult>;
  /** Options for the ping's send (default: the sender's 5 s deadline). */
  pingOptions?: SendOptions;
}

type WebhookBody = Pick<CreateWebhookInput, 'url' | 'status' | 'eventTypes' | 'description'>;

/**
 * The HTTP schema checks these too; the domain checks again so no other
 * caller can bend them. Answers the event types without duplicates, in the
 * order sent.
 */
function checkBody(body: WebhookBody): WebhookEventTypeValue[] {
  const problems: ValidationMap = {};
  const url = typeof body.url === 'string' ? webhookUrlProblem(body.url) : 'cannot be blank';
  if (url) problems['url'] = url;
  if (body.status !== 'enabled' && body.status !== 'disabled') problems['status'] = 'must be enabled or disabled';
  const types = webhookEventTypesProblem(body.eventTypes);
  if (types) problems['eventTypes'] = types;
  if (typeof body.description !== 'string') problems['description'] = 'cannot be blank';
  else if (body.description.length > MAX_WEBHOOK_DESCRIPTION_LENGTH) {
    problems['description'] = `the length must be no more than ${MAX_WEBHOOK_DESCRIPTION_LENGTH}`;
  }
  if (Object.keys(problems).length > 0) throw new ValidationFailed(problems);
  return [...new Set(body.eventTypes)];
}

/** The subscription rows of a webhook: none while disabled; only `*` when it is in the list. */
function subscriptionTypes(status: string, eventTypes: readonly string[]): string[] {
  if (status !== 'enabled') return [];
  return eventTypes.includes(WEBHOOK_WILDCARD) ? [WEBHOOK_WILDCARD] : [...eventTypes];
}

/**
 * A platform's webhooks (docs/webhooks.md, decision 1500): CRUD, the signing
 * secret, the ping, the event type catalog, and the Railyard-only delivery
 * log, redelivery and event feed. The delivery worker (`delivery/`) sends
 * what `recordEvent` queues; this service keeps `webhook_subscriptions` in
 * step with each webhook in the same unit of work.
 */
export class WebhookService {
  private readonly send: (input: SignedRequest, options?: SendOptions) => Promise<SendResult>;

  constructor(
    private readonly store: Store,
    private readonly deps: WebhookServiceDeps,
  ) {
    this.send = deps.send ?? sendSigned;
  }

  async create(caller: Caller, body: WebhookBody): Promise<WebhookView> {
    const eventTypes = checkBody(body);
    const platformID = caller.platformID;
    return this.store.write(async (sql) => {
      if ((await countWebhooks(sql, platformID)) >= MAX_WEBHOOKS_PER_PLATFORM) {
        throw new BadRequest(`a platform can have at most ${MAX_WEBHOOKS_PER_PLATFORM} webhooks (disabled ones count)`);
      }
      const now = (await this.deps.platformClock.view(sql, platformID)).now().toISOString();
      const webhookID = randomUUID();
      const row: WebhookRow = {
        webhook_id: webhookID,
        platform_id: platformID,
        url: body.url,
        status: body.status,
        description: body.description,
        event_types: JSON.stringify(eventTypes),
        secret_sealed: sealWebhookSecret(this.deps.sealer, webhookID, newWebhookSecret()),
        created_on: now,
        updated_on: now,
        last_used_on: null,
        enabled_on: body.status === 'enabled' ? now : null,
      };
      await insertWebhook(sql, row);
      await replaceSubscriptions(sql, platformID, webhookID, subscriptionTypes(row.status, eventTypes));
      return renderWebhook(row);
    });
  }

  async list(caller: Caller): Promise<WebhookView[]> {
    const rows = await this.store.read((sql) => listWebhookRows(sql, caller.platformID));
    return rows.map(renderWebhook);
  }

  async get(caller: Caller, webhookID: string): Promise<WebhookView> {
    return renderWebhook(await this.store.read((sql) => this.mustFind(sql, caller, webhookID)));
  }

  /** `PUT`: replaces the four fields; the ID, secret and times of creation and last use stay. */
  async update(caller: Caller, webhookID: string, body: WebhookBody): Promise<WebhookView> {
    const eventTypes = checkBody(body);
    return this.replace(caller, webhookID, () => ({ url: body.url, status: body.status, description: body.description, eventTypes }));
  }

  /** `DELETE`: the webhook stays, disabled, without subscriptions; disabling it again changes nothing but `updatedOn`. */
  async disable(caller: Caller, webhookID: string): Promise<void> {
    await this.replace(caller, webhookID, (row) => ({
      url: row.url,
      status: 'disabled',
      description: row.description,
      eventTypes: JSON.parse(row.event_types) as string[],
    }));
  }

  async getSecret(caller: Caller, webhookID: string): Promise<{ secret: string }> {
    const row = await this.store.read((sql) => this.mustFind(sql, caller, webhookID));
    return { secret: openWebhookSecret(this.deps.sealer, row.webhook_id, row.secret_sealed) };
  }

  /**
   * Sends one signed `event.test` to the webhook now, outside any unit of
   * work, then records the attempt in the delivery log (and `lastUsedOn` on a
   * 2xx). The event is not recorded in `events`: it is no event of the
   * platform, and no other webhook receives it.
   */
  async ping(caller: Caller, webhookID: string): Promise<PingResponseView> {
    const platformID = caller.platformID;
    const row = await this.store.read((sql) => this.mustFind(sql, caller, webhookID));
    if (row.status !== 'enabled') throw new BadRequest('the webhook is disabled: enable it (PUT with status "enabled") to ping it');
    const secret = openWebhookSecret(this.deps.sealer, row.webhook_id, row.secret_sealed);
    const sentOn = await this.deps.platformClock.now(platformID);
    const event = { eventID: newRowID(), type: TEST_EVENT_TYPE, data: { ping: true }, createdOn: sentOn.toISOString() };
    const body = JSON.stringify(event);
    const result = await this.send({ url: row.url, webhookID: row.webhook_id, secret, body }, this.deps.pingOptions);
    const after = await this.store.write(async (sql) => {
      await insertAttempt(sql, {
        attempt_id: newRowID(),
        delivery_seq: PING_DELIVERY_SEQ,
        webhook_id: row.webhook_id,
        platform_id: platformID,
        event_id: event.eventID,
        attempted_on: sentOn.toISOString(),
        status_code: result.statusCode ?? null,
        latency_ms: Math.max(0, Math.round(result.latencyMs)),
        outcome: result.outcome,
        error: result.error ?? null,
        request: JSON.stringify(result.request),
      });
      if (result.outcome === 'delivered') await markWebhookUsed(sql, platformID, row.webhook_id, sentOn.toISOString());
      return (await findWebhook(sql, platformID, row.webhook_id)) ?? row;
    });
    return { webhook: renderWebhook(after), requestBodySent: event, responseStatusCode: result.statusCode ?? NO_ANSWER_STATUS };
  }

  listEventTypes(): EventTypeView[] {
    return eventTypeCatalog();
  }

  /** The delivery log of one of the platform's webhooks, newest first. */
  async listAttempts(caller: Caller, webhookID: string, page: { skip?: number | undefined; count?: number | undefined }): Promise<WebhookAttemptView[]> {
    const skip = page.skip ?? 0;
    const count = Math.min(page.count ?? DEFAULT_WEBHOOK_ATTEMPTS_PAGE, MAX_WEBHOOK_ATTEMPTS_PAGE);
    const rows = await this.store.read(async (sql) => {
      await this.mustFind(sql, caller, webhookID);
      return listAttempts(sql, caller.platformID, webhookID, { skip, count });
    });
    return rows.map(renderAttempt);
  }

  /**
   * Queues one of the platform's events for one of its webhooks: pending, due
   * now on the platform clock, retried for REDELIVERY_WINDOW_MS. The delivery
   * worker sends it.
   */
  async redeliver(caller: Caller, webhookID: string, eventID: string): Promise<WebhookDeliveryView> {
    const platformID = caller.platformID;
    return this.store.write(async (sql) => {
      const webhook = await this.mustFind(sql, caller, webhookID);
      const event = await findPlatformEvent(sql, platformID, eventID.toLowerCase());
      if (!event) throw new NotFound('event');
      // Railyard's own types (receipt.sent) are never sent to webhooks: a Moov client could not parse them.
      if (!isDeliverableEventType(event.event_type)) {
        throw new BadRequest(`${event.event_type} events are Railyard's own and are never delivered to webhooks; read them from GET /railyard/events`);
      }
      if (webhook.status !== 'enabled') throw new BadRequest('the webhook is disabled: enable it (PUT with status "enabled") to redeliver to it');
      const now = (await this.deps.platformClock.view(sql, platformID)).now();
      const state = await requeueDelivery(sql, {
        webhookID: webhook.webhook_id,
        platformID,
        eventID: event.event_id,
        dueMs: now.getTime(),
        giveUpAfterMs: now.getTime() + REDELIVERY_WINDOW_MS,
        now: now.toISOString(),
      });
      return renderDelivery(state, event.event_type);
    });
  }

  /** The platform's events after a cursor (an `event_seq`), oldest first. */
  async listEvents(caller: Caller, query: { after?: string | undefined; count?: number | undefined }): Promise<EventPageView> {
    const after = query.after === undefined ? 0 : Number(query.after);
    if (!Number.isSafeInteger(after) || after < 0) throw new ValidationFailed({ after: 'must be a cursor from nextCursor' });
    const count = Math.min(query.count ?? DEFAULT_EVENTS_PAGE, MAX_EVENTS_PAGE);
    const rows = await this.store.read((sql) => listEventsAfter(sql, caller.platformID, after, count));
    const last = rows[rows.length - 1];
    return {
      events: rows.map((row) => ({
        eventID: row.event_id,
        type: row.event_type,
        data: JSON.parse(row.data) as Record<string, unknown>,
        createdOn: row.created_on,
      })),
      nextCursor: String(last ? Number(last.event_seq) : after),
    };
  }

  private async mustFind(sql: Sql, caller: Caller, webhookID: string): Promise<WebhookRow> {
    const row = await findWebhook(sql, caller.platformID, webhookID.toLowerCase());
    if (!row) throw new NotFound('webhook');
    return row;
  }

  private async replace(
    caller: Caller,
    webhookID: string,
    change: (row: WebhookRow) => { url: string; status: string; description: string; eventTypes: string[] },
  ): Promise<WebhookView> {
    const platformID = caller.platformID;
    return this.store.write(async (sql) => {
      const row = await this.mustFind(sql, caller, webhookID);
      const next = change(row);
      const now = (await this.deps.platformClock.view(sql, platformID)).now().toISOString();
      const updated: WebhookRow = {
        ...row,
        url: next.url,
        status: next.status,
        description: next.description,
        event_types: JSON.stringify(next.eventTypes),
        updated_on: now,
        // Enabling again starts afresh: what was recorded while it was disabled, or before it was
        // disabled (its backlog is canceled), is not fanned out to it later.
        enabled_on: next.status !== 'enabled' ? null : row.status === 'enabled' ? row.enabled_on : now,
      };
      await updateWebhookRow(sql, updated);
      await replaceSubscriptions(sql, platformID, row.webhook_id, subscriptionTypes(updated.status, next.eventTypes));
      return renderWebhook(updated);
    });
  }
}
