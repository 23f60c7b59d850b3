import {
  createWebhook,
  disableWebhook,
  getWebhook,
  getWebhookSecret,
  listEvents,
  listEventTypes,
  listWebhookDeliveries,
  listWebhooks,
  pingWebhook,
  redeliverWebhookEvent,
  updateWebhook,
} from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (value: string) => value.toLowerCase();

export const webhookHandlers = {
  [createWebhook.id]: handle(createWebhook, async ({ body }, ctx) => ({
    body: await ctx.services.webhooks.create(callerOf(ctx), body),
  })),
  [listWebhooks.id]: handle(listWebhooks, async (_input, ctx) => ({
    body: await ctx.services.webhooks.list(callerOf(ctx)),
  })),
  [getWebhook.id]: handle(getWebhook, async ({ params }, ctx) => ({
    body: await ctx.services.webhooks.get(callerOf(ctx), id(params.webhookID)),
  })),
  [updateWebhook.id]: handle(updateWebhook, async ({ params, body }, ctx) => ({
    body: await ctx.services.webhooks.update(callerOf(ctx), id(params.webhookID), body),
  })),
  [disableWebhook.id]: handle(disableWebhook, async ({ params }, ctx) => {
    await ctx.services.webhooks.disable(callerOf(ctx), id(params.webhookID));
  }),
  [getWebhookSecret.id]: handle(getWebhookSecret, async ({ params }, ctx) => ({
    body: await ctx.services.webhooks.getSecret(callerOf(ctx), id(params.webhookID)),
  })),
  [pingWebhook.id]: handle(pingWebhook, async ({ params }, ctx) => ({
    body: await ctx.services.webhooks.ping(callerOf(ctx), id(params.webhookID)),
  })),
  [listEventTypes.id]: handle(listEventTypes, async (_input, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.webhooks.listEventTypes() };
  }),
  [listWebhookDeliveries.id]: handle(listWebhookDeliveries, async ({ params, query }, ctx) => ({
    body: await ctx.services.webhooks.listAttempts(callerOf(ctx), id(params.webhookID), query),
  })),
  [redeliverWebhookEvent.id]: handle(redeliverWebhookEvent, async ({ params, body }, ctx) => ({
    body: await ctx.services.webhooks.redeliver(callerOf(ctx), id(params.webhookID), body.eventID),
  })),
  [listEvents.id]: handle(listEvents, async ({ query }, ctx) => ({
    body: await ctx.services.webhooks.listEvents(callerOf(ctx), query),
  })),
};
