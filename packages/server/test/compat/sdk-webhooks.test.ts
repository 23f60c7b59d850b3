import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { APIError, CreateWebhookValidationError, UpdateWebhookValidationError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { expectedSignature, startReceiver, unreachableUrl, type TestReceiver } from '../support/webhook-receiver.ts';

// The official SDK (v2026.01.00) manages webhooks against a running server
// unchanged: every answer must parse with the SDK's own schemas (closed enums,
// exact statuses), and its typed 422 errors must carry the field messages.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk webhooks compatibility (${kind})`, () => {
    const s = serverPerSuite(kind, undefined, { beforeClose: () => receiver.close() });
    let moov: Moov;
    let receiver: TestReceiver;
    before(async () => {
      receiver = await startReceiver();
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('creates, lists, gets, updates, reads the secret, pings and disables a webhook', async () => {
      const created = await moov.webhooks.create({
        url: receiver.url,
        status: 'enabled',
        eventTypes: ['transfer.created', 'transfer.updated'],
        description: 'orders',
      });
      const hook = created.result;
      assert.equal(hook.status, 'enabled');
      assert.deepEqual(hook.eventTypes, ['transfer.created', 'transfer.updated']);
      assert.ok(hook.createdOn instanceof Date);
      assert.ok(hook.updatedOn instanceof Date);
      assert.equal(hook.lastUsedOn, undefined);

      const listed = await moov.webhooks.list();
      assert.deepEqual(listed.result.map((w) => w.webhookID), [hook.webhookID]);
      assert.deepEqual((await moov.webhooks.get({ webhookID: hook.webhookID })).result, hook);

      const updated = await moov.webhooks.update({
        webhookID: hook.webhookID,
        updateWebhook: { url: receiver.url, status: 'enabled', eventTypes: ['*'], description: '' },
      });
      assert.deepEqual(updated.result.eventTypes, ['*']);
      assert.equal(updated.result.description, '');

      const { secret } = (await moov.webhooks.getSecret({ webhookID: hook.webhookID })).result;
      assert.ok(secret.length >= 32);

      receiver.received.length = 0;
      const ping = await moov.webhooks.ping({ webhookID: hook.webhookID });
      assert.equal(ping.result.responseStatusCode, 200);
      assert.equal(ping.result.webhook.webhookID, hook.webhookID);
      assert.ok(ping.result.webhook.lastUsedOn instanceof Date);
      assert.equal(ping.result.requestBodySent['type'], 'event.test');
      assert.equal(receiver.received.length, 1);
      const [got] = receiver.received;
      assert.equal(got!.headers['x-webhook-id'], hook.webhookID);
      assert.match(String(got!.headers['x-nonce']), /^[A-Za-z0-9]{60}$/);
      assert.match(String(got!.headers['x-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.equal(got!.headers['x-signature'], expectedSignature(secret, got!.headers), 'signed with the secret the SDK read');
      assert.deepEqual(JSON.parse(got!.body), ping.result.requestBodySent);

      await moov.webhooks.disable({ webhookID: hook.webhookID });
      const disabled = await moov.webhooks.get({ webhookID: hook.webhookID });
      assert.equal(disabled.result.status, 'disabled');
      await assert.rejects(moov.webhooks.ping({ webhookID: hook.webhookID }), (error: unknown) => error instanceof APIError && error.statusCode === 400);
    });

    it('a ping to a receiver that does not answer reports status 0', async () => {
      const down = await moov.webhooks.create({ url: await unreachableUrl(), status: 'enabled', eventTypes: ['*'], description: 'down' });
      const ping = await moov.webhooks.ping({ webhookID: down.result.webhookID });
      assert.equal(ping.result.responseStatusCode, 0);
    });

    it('lists event types the SDK parses', async () => {
      const types = await moov.webhooks.listEventTypes();
      assert.equal(types.result.length, 37);
      assert.ok(types.result.every((t) => t.eventTypeID && t.type && t.description));
    });

    it('refusals are the typed validation errors and a 404', async () => {
      await assert.rejects(
        moov.webhooks.create({ url: 'ftp://example.com/x', status: 'enabled', eventTypes: [], description: '' }),
        (error: unknown) =>
          error instanceof CreateWebhookValidationError && typeof error.data$.url === 'string' && typeof error.data$.eventTypes === 'string',
      );
      const hook = (await moov.webhooks.create({ url: receiver.url, status: 'disabled', eventTypes: ['wallet.created'], description: '' })).result;
      await assert.rejects(
        moov.webhooks.update({
          webhookID: hook.webhookID,
          updateWebhook: { url: 'https://user:pw@example.com/', status: 'enabled', eventTypes: ['wallet.created'], description: '' },
        }),
        (error: unknown) => error instanceof UpdateWebhookValidationError && typeof error.data$.url === 'string',
      );
      const other = new Moov({ security: { username: s.otherPlatform.publicKey, password: s.otherPlatform.secret }, serverURL: s.url });
      await assert.rejects(other.webhooks.get({ webhookID: hook.webhookID }), (error: unknown) => error instanceof APIError && error.statusCode === 404);
    });
  });
}
