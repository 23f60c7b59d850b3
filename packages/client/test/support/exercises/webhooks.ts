import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RailyardClient } from '../../../src/index.ts';
import { startReceiver, unreachableUrl } from '../../../../server/test/support/webhook-receiver.ts';
import { individualAccountBody } from '../fixtures.ts';
import { apiError, UUID, type Exercises } from './context.ts';

const body = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://hooks.example.com/railyard',
  status: 'enabled' as const,
  eventTypes: ['transfer.created' as const],
  description: 'client exercise',
  ...overrides,
});

async function createHook(client: RailyardClient, overrides: Record<string, unknown> = {}) {
  return client.webhooks.create({ body: body(overrides) as ReturnType<typeof body> });
}

/** The newest event of the platform and the cursor after it. */
async function latestEvents(client: RailyardClient) {
  let page = await client.sandbox.listEvents({ count: 1000 });
  let events = page.events;
  while (page.events.length === 1000) {
    page = await client.sandbox.listEvents({ after: page.nextCursor, count: 1000 });
    events = events.concat(page.events);
  }
  return { events, cursor: page.nextCursor };
}

export const webhookExercises: Exercises = {
  'webhooks.create': async ({ client }) => {
    const hook = await createHook(client);
    assert.match(hook.webhookID, UUID);
    assert.deepEqual([hook.status, hook.eventTypes], ['enabled', ['transfer.created']]);
    await assert.rejects(createHook(client, { url: 'ftp://example.com/' }), apiError(422, (e) => typeof e.fields?.['url'] === 'string'));
  },

  'webhooks.list': async ({ client }) => {
    const hook = await createHook(client);
    assert.ok((await client.webhooks.list()).some((w) => w.webhookID === hook.webhookID));
  },

  'webhooks.get': async ({ client }) => {
    const hook = await createHook(client);
    assert.deepEqual(await client.webhooks.get({ webhookID: hook.webhookID }), hook);
    await assert.rejects(client.webhooks.get({ webhookID: randomUUID() }), apiError(404));
  },

  'webhooks.update': async ({ client }) => {
    const hook = await createHook(client);
    const updated = await client.webhooks.update({ webhookID: hook.webhookID, body: body({ eventTypes: ['*'], description: '' }) as ReturnType<typeof body> });
    assert.deepEqual(updated.eventTypes, ['*']);
    assert.equal(updated.description, '');
  },

  'webhooks.disable': async ({ client }) => {
    const hook = await createHook(client);
    assert.equal(await client.webhooks.disable({ webhookID: hook.webhookID }), undefined);
    assert.equal((await client.webhooks.get({ webhookID: hook.webhookID })).status, 'disabled');
  },

  'webhooks.getSecret': async ({ client }) => {
    const hook = await createHook(client);
    const { secret } = await client.webhooks.getSecret({ webhookID: hook.webhookID });
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
  },

  'webhooks.ping': async ({ client }) => {
    const receiver = await startReceiver();
    try {
      const hook = await createHook(client, { url: receiver.url });
      const ping = await client.webhooks.ping({ webhookID: hook.webhookID });
      assert.equal(ping.responseStatusCode, 200);
      assert.equal(ping.requestBodySent['type'], 'event.test');
      assert.equal(receiver.received.length, 1);
      const down = await createHook(client, { url: await unreachableUrl() });
      assert.equal((await client.webhooks.ping({ webhookID: down.webhookID })).responseStatusCode, 0);
    } finally {
      await receiver.close();
    }
  },

  'webhooks.listEventTypes': async ({ client }) => {
    const types = await client.webhooks.listEventTypes();
    assert.ok(types.some((t) => t.type === 'transfer.updated'));
    assert.equal(new Set(types.map((t) => t.eventTypeID)).size, types.length);
  },

  'sandbox.listWebhookDeliveries': async ({ client }) => {
    const receiver = await startReceiver();
    try {
      const hook = await createHook(client, { url: receiver.url });
      const ping = await client.webhooks.ping({ webhookID: hook.webhookID });
      const log = await client.sandbox.listWebhookDeliveries({ webhookID: hook.webhookID, count: 10 });
      assert.equal(log.length, 1);
      assert.deepEqual([log[0]!.eventID, log[0]!.ping, log[0]!.outcome], [ping.requestBodySent['eventID'], true, 'delivered']);
    } finally {
      await receiver.close();
    }
  },

  'sandbox.redeliverWebhookEvent': async ({ client }) => {
    const hook = await createHook(client);
    const { cursor } = await latestEvents(client);
    const account = await client.accounts.create({ body: individualAccountBody() });
    const page = await client.sandbox.listEvents({ after: cursor });
    const event = page.events.find((e) => e.type === 'account.created' && e.data['accountID'] === account.accountID);
    assert.ok(event);
    const delivery = await client.sandbox.redeliverWebhookEvent({ webhookID: hook.webhookID, body: { eventID: event.eventID } });
    assert.deepEqual([delivery.eventID, delivery.status, delivery.eventType], [event.eventID, 'pending', 'account.created']);
    await assert.rejects(client.sandbox.redeliverWebhookEvent({ webhookID: hook.webhookID, body: { eventID: randomUUID() } }), apiError(404));
  },

  'sandbox.listEvents': async ({ client }) => {
    const { cursor } = await latestEvents(client);
    const account = await client.accounts.create({ body: individualAccountBody() });
    const page = await client.sandbox.listEvents({ after: cursor, count: 1000 });
    assert.ok(page.events.some((e) => e.type === 'account.created' && e.data['accountID'] === account.accountID));
    assert.match(page.nextCursor, /^\d+$/);
  },
};
