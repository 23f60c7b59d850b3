import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestPlatform, type TestServer } from '../support/server.ts';
import { bearer, mintToken } from '../support/auth.ts';
import { subscriptionsOf } from '../../src/store/repos/webhooks.ts';
import { insertEvents } from '../../src/store/repos/events.ts';
import { EVENT_TYPE_NAMESPACE, nameBasedUuid } from '../../src/domain/webhooks/event-types.ts';
import { expectedSignature, startReceiver, unreachableUrl, type TestReceiver } from '../support/webhook-receiver.ts';
import { create as createAccount, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR_MS = 3_600_000;

function webhookBody(overrides: Record<string, unknown> = {}) {
  return { url: 'https://hooks.example.com/moov', status: 'enabled', eventTypes: ['transfer.created', 'transfer.updated'], description: 'orders', ...overrides };
}

describe('event type IDs', () => {
  it('are RFC 9562 version 5 UUIDs (the RFC’s DNS example)', () => {
    assert.equal(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});

for (const kind of await storeKinds()) {
  describe(`webhooks API (${kind})`, () => {
    let s: TestServer;
    let receiver: TestReceiver;
    before(async () => {
      s = await startTestServer(kind);
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
      await s.close();
    });

    type Opts = { body?: unknown; rawBody?: string; auth?: string | null; headers?: Record<string, string> };
    const call = (method: string, path: string, opts: Opts = {}) =>
      s.request(method, path, { ...opts, headers: { ...V2026, ...(opts.headers ?? {}) } });
    const createHook = async (overrides: Record<string, unknown> = {}, auth?: string) => {
      const response = await call('POST', '/webhooks', { body: webhookBody(overrides), ...(auth ? { auth } : {}) });
      assert.equal(response.status, 201, response.text);
      return response.json;
    };
    const subscriptions = (webhookID: string, platform: TestPlatform = s.platform) =>
      s.services.store.read((sql) => subscriptionsOf(sql, platform.accountID, webhookID));
    const countHooks = async (platform: TestPlatform = s.platform) => (await call('GET', '/webhooks', { auth: platform.basic })).json.length;

    it('creates a webhook (201) with its own secret, and subscribes it', async () => {
      const response = await call('POST', '/webhooks', {
        body: webhookBody({ eventTypes: ['transfer.created', 'transfer.updated', 'transfer.created'] }),
      });
      assert.equal(response.status, 201, response.text);
      const hook = response.json;
      assert.deepEqual(Object.keys(hook).sort(), ['createdOn', 'description', 'eventTypes', 'status', 'updatedOn', 'url', 'webhookID']);
      assert.match(hook.webhookID, UUID);
      assert.equal(hook.url, 'https://hooks.example.com/moov');
      assert.equal(hook.status, 'enabled');
      assert.deepEqual(hook.eventTypes, ['transfer.created', 'transfer.updated'], 'duplicates dropped, order kept');
      assert.equal(hook.description, 'orders');
      assert.equal(hook.createdOn, hook.updatedOn);
      assert.deepEqual(await subscriptions(hook.webhookID), ['transfer.created', 'transfer.updated']);

      const secret = await call('GET', `/webhooks/${hook.webhookID}/secret`);
      assert.equal(secret.status, 200);
      assert.deepEqual(Object.keys(secret.json), ['secret']);
      assert.match(secret.json.secret, /^[A-Za-z0-9_-]{43}$/, '32 random bytes, base64url');
      const stored = await s.services.store.read((sql) =>
        sql.get<{ secret_sealed: string }>('SELECT secret_sealed FROM webhooks WHERE webhook_id = ?', [hook.webhookID]),
      );
      assert.ok(stored!.secret_sealed.startsWith('rys1.'), 'sealed at rest');
      assert.ok(!stored!.secret_sealed.includes(secret.json.secret));
      const other = await createHook();
      assert.notEqual((await call('GET', `/webhooks/${other.webhookID}/secret`)).json.secret, secret.json.secret);
    });

    it('lists, gets and replaces webhooks; the wildcard is one subscription', async () => {
      const hook = await createHook({ description: '' });
      assert.equal(hook.description, '', 'an empty description is allowed');
      const list = await call('GET', '/webhooks');
      assert.equal(list.status, 200);
      assert.ok(list.json.some((w: { webhookID: string }) => w.webhookID === hook.webhookID));
      const got = await call('GET', `/webhooks/${hook.webhookID.toUpperCase()}`);
      assert.equal(got.status, 200);
      assert.deepEqual(got.json, hook);

      const replaced = await call('PUT', `/webhooks/${hook.webhookID}`, {
        body: { url: 'http://127.0.0.1:9/local', status: 'enabled', eventTypes: ['*', 'account.created'], description: 'all' },
      });
      assert.equal(replaced.status, 200, replaced.text);
      assert.equal(replaced.json.url, 'http://127.0.0.1:9/local', 'loopback allowed');
      assert.deepEqual(replaced.json.eventTypes, ['*', 'account.created']);
      assert.equal(replaced.json.createdOn, hook.createdOn);
      assert.ok(replaced.json.updatedOn >= hook.updatedOn);
      assert.deepEqual(await subscriptions(hook.webhookID), ['*']);
      assert.deepEqual((await call('GET', `/webhooks/${hook.webhookID}`)).json, replaced.json);

      const off = await call('PUT', `/webhooks/${hook.webhookID}`, { body: webhookBody({ status: 'disabled', url: 'http://10.1.2.3/private' }) });
      assert.equal(off.status, 200);
      assert.equal(off.json.status, 'disabled');
      assert.deepEqual(await subscriptions(hook.webhookID), [], 'a disabled webhook has no subscriptions');
      const on = await call('PUT', `/webhooks/${hook.webhookID}`, { body: webhookBody() });
      assert.equal(on.json.status, 'enabled');
      assert.deepEqual(await subscriptions(hook.webhookID), ['transfer.created', 'transfer.updated']);
    });

    it('DELETE disables: 204, still listed and readable, no subscriptions; again is 204', async () => {
      const hook = await createHook();
      const secret = (await call('GET', `/webhooks/${hook.webhookID}/secret`)).json.secret;
      const deleted = await call('DELETE', `/webhooks/${hook.webhookID}`);
      assert.equal(deleted.status, 204);
      assert.equal(deleted.text, '');
      const got = await call('GET', `/webhooks/${hook.webhookID}`);
      assert.equal(got.status, 200);
      assert.equal(got.json.status, 'disabled');
      assert.deepEqual(got.json.eventTypes, hook.eventTypes, 'the event types are kept for a later enable');
      assert.ok((await call('GET', '/webhooks')).json.some((w: { webhookID: string; status: string }) => w.webhookID === hook.webhookID && w.status === 'disabled'));
      assert.deepEqual(await subscriptions(hook.webhookID), []);
      assert.equal((await call('DELETE', `/webhooks/${hook.webhookID}`)).status, 204);
      assert.equal((await call('GET', `/webhooks/${hook.webhookID}/secret`)).json.secret, secret, 'the secret stays');
    });

    it('is not served before v2026.01.00', async () => {
      const response = await s.request('GET', '/webhooks', { headers: { 'x-moov-version': 'v2024.01.00' } });
      assert.equal(response.status, 404);
      assert.equal((await s.request('GET', '/event-types')).status, 404);
    });

    it("another platform's webhook is the same empty 404 as an unknown one", async () => {
      const theirs = await createHook({}, s.otherPlatform.basic);
      const mine = await createHook();
      const other = s.otherPlatform.basic;
      assert.ok(!(await call('GET', '/webhooks')).json.some((w: { webhookID: string }) => w.webhookID === theirs.webhookID));
      assert.ok(!(await call('GET', '/webhooks', { auth: other })).json.some((w: { webhookID: string }) => w.webhookID === mine.webhookID));
      for (const id of [theirs.webhookID, randomUUID(), 'not-a-uuid']) {
        const attempts: Array<[string, string, unknown?]> = [
          ['GET', `/webhooks/${id}`],
          ['PUT', `/webhooks/${id}`, webhookBody()],
          ['DELETE', `/webhooks/${id}`],
          ['GET', `/webhooks/${id}/secret`],
          ['POST', `/webhooks/${id}/ping`],
          ['GET', `/railyard/webhooks/${id}/deliveries`],
          ['POST', `/railyard/webhooks/${id}/redeliver`, { eventID: randomUUID() }],
        ];
        for (const [method, path, body] of attempts) {
          const response = await call(method, path, body === undefined ? {} : { body });
          assert.equal(response.status, 404, `${method} ${path}`);
          assert.equal(response.text, '', `${method} ${path}: no body`);
        }
      }
      const still = await call('GET', `/webhooks/${theirs.webhookID}`, { auth: other });
      assert.deepEqual(still.json, theirs, 'nothing changed');
      assert.equal((await s.services.store.read((sql) => sql.all('SELECT attempt_id FROM webhook_attempts WHERE webhook_id = ?', [theirs.webhookID]))).length, 0);
    });

    it('OAuth tokens need /webhooks.read or /webhooks.write', async () => {
      const hook = await createHook();
      const read = bearer((await mintToken(s, '/webhooks.read')).access_token);
      const write = bearer((await mintToken(s, '/webhooks.write')).access_token);
      const unrelated = bearer((await mintToken(s, '/ping.read /accounts.read')).access_token);
      const reads: Array<[string, string]> = [
        ['GET', '/webhooks'],
        ['GET', `/webhooks/${hook.webhookID}`],
        ['GET', `/webhooks/${hook.webhookID}/secret`],
        ['GET', '/event-types'],
        ['GET', `/railyard/webhooks/${hook.webhookID}/deliveries`],
        ['GET', '/railyard/events'],
      ];
      for (const [method, path] of reads) {
        assert.equal((await call(method, path, { auth: read })).status, 200, `${method} ${path} with read`);
        assert.equal((await call(method, path, { auth: write })).status, 403, `${method} ${path} with write only`);
        assert.equal((await call(method, path, { auth: unrelated })).status, 403, `${method} ${path} unrelated`);
      }
      const created = await call('POST', '/webhooks', { auth: write, body: webhookBody() });
      assert.equal(created.status, 201);
      assert.equal((await call('PUT', `/webhooks/${created.json.webhookID}`, { auth: write, body: webhookBody({ description: 'x' }) })).status, 200);
      assert.equal((await call('DELETE', `/webhooks/${created.json.webhookID}`, { auth: write })).status, 204);
      const before = await countHooks();
      const writes: Array<[string, string, unknown?]> = [
        ['POST', '/webhooks', webhookBody()],
        ['PUT', `/webhooks/${hook.webhookID}`, webhookBody({ description: 'changed' })],
        ['DELETE', `/webhooks/${hook.webhookID}`],
        ['POST', `/webhooks/${hook.webhookID}/ping`],
        ['POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { eventID: randomUUID() }],
      ];
      for (const [method, path, body] of writes) {
        for (const auth of [read, unrelated]) {
          const response = await call(method, path, { auth, ...(body === undefined ? {} : { body }) });
          assert.equal(response.status, 403, `${method} ${path}`);
          assert.equal(response.text, '');
        }
      }
      assert.equal(await countHooks(), before, 'nothing created');
      assert.deepEqual((await call('GET', `/webhooks/${hook.webhookID}`)).json, hook, 'nothing changed');
    });

    describe('bad input: a 4xx in the API shape, nothing created or changed', () => {
      const longUrl = `https://hooks.example.com/${'a'.repeat(2048)}`;
      const fieldCases: Array<[string, Record<string, unknown>, string]> = [
        ['not a URL', { url: 'not a url' }, 'url'],
        ['a relative URL', { url: '/hooks' }, 'url'],
        ['an ftp URL', { url: 'ftp://hooks.example.com/x' }, 'url'],
        ['a javascript URL', { url: 'javascript:alert(1)' }, 'url'],
        ['a URL over 2,048 characters', { url: longUrl }, 'url'],
        ['a URL with credentials', { url: 'https://user:secret@hooks.example.com/x' }, 'url'],
        ['a URL with a user name only', { url: 'https://user@hooks.example.com/x' }, 'url'],
        ['a URL with a fragment', { url: 'https://hooks.example.com/x#part' }, 'url'],
        ['a URL with a space', { url: 'https://hooks.example.com/a b' }, 'url'],
        ['an empty URL', { url: '' }, 'url'],
        ['a URL that is a number', { url: 42 }, 'url'],
        ['an unknown event type', { eventTypes: ['transfer.created', 'transfer.exploded'] }, 'eventTypes'],
        ['the test event type', { eventTypes: ['event.test'] }, 'eventTypes'],
        ['an empty event type list', { eventTypes: [] }, 'eventTypes'],
        ['an event type list that is a string', { eventTypes: 'transfer.created' }, 'eventTypes'],
        ['an event type that is a number', { eventTypes: [7] }, 'eventTypes'],
        ['a bad status', { status: 'paused' }, 'status'],
        ['a status of the wrong type', { status: true }, 'status'],
        ['a description too long', { description: 'd'.repeat(501) }, 'description'],
        ['a description of the wrong type', { description: null }, 'description'],
      ];
      const missing = ['url', 'status', 'eventTypes', 'description'];

      it('create: 422 with one string per field', async () => {
        const before = await countHooks();
        for (const [name, overrides, field] of fieldCases) {
          const response = await call('POST', '/webhooks', { body: webhookBody(overrides) });
          assert.equal(response.status, 422, `${name}: ${response.text}`);
          assert.deepEqual(Object.keys(response.json), [field], name);
          assert.equal(typeof response.json[field], 'string', name);
        }
        for (const field of missing) {
          const body: Record<string, unknown> = webhookBody();
          delete body[field];
          const response = await call('POST', '/webhooks', { body });
          assert.equal(response.status, 422, field);
          assert.deepEqual(response.json, { [field]: 'cannot be blank' });
        }
        const all = await call('POST', '/webhooks', { body: {} });
        assert.equal(all.status, 422);
        assert.deepEqual(all.json, { url: 'cannot be blank', status: 'cannot be blank', eventTypes: 'cannot be blank', description: 'cannot be blank' });
        const messages = await call('POST', '/webhooks', { body: webhookBody({ url: 'ftp://x.example/', eventTypes: ['nope'] }) });
        assert.deepEqual(messages.json, { url: 'must use http or https', eventTypes: 'unknown event type "nope"' });
        assert.equal(await countHooks(), before, 'nothing created');
      });

      it('create: unknown fields and bodies that are not objects are a 400 {error}', async () => {
        const before = await countHooks();
        const bodies: Array<[string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }]> = [
          ['an unknown field', { body: { ...webhookBody(), secret: 'mine' } }],
          ['an unknown field and a bad one', { body: { ...webhookBody({ url: 'x' }), extra: 1 } }],
          ['an array', { body: [webhookBody()] }],
          ['no body', {}],
          ['malformed JSON', { rawBody: '{"url":', headers: { 'content-type': 'application/json' } }],
        ];
        for (const [name, opts] of bodies) {
          const response = await call('POST', '/webhooks', opts);
          assert.equal(response.status, 400, `${name}: ${response.text}`);
          assert.equal(typeof response.json.error, 'string', name);
        }
        const unknown = await call('POST', '/webhooks', { body: { ...webhookBody(), secret: 'mine' } });
        assert.equal(unknown.json.error, 'request body: unknown field secret');
        assert.equal(await countHooks(), before);
      });

      it('update: the same rules, and the webhook is unchanged', async () => {
        const hook = await createHook();
        for (const [name, overrides, field] of fieldCases) {
          const response = await call('PUT', `/webhooks/${hook.webhookID}`, { body: webhookBody(overrides) });
          assert.equal(response.status, 422, `${name}: ${response.text}`);
          assert.deepEqual(Object.keys(response.json), [field], name);
        }
        for (const field of missing) {
          const body: Record<string, unknown> = webhookBody();
          delete body[field];
          assert.deepEqual((await call('PUT', `/webhooks/${hook.webhookID}`, { body })).json, { [field]: 'cannot be blank' });
        }
        const unknown = await call('PUT', `/webhooks/${hook.webhookID}`, { body: { ...webhookBody(), webhookID: randomUUID() } });
        assert.equal(unknown.status, 400);
        assert.equal((await call('PUT', `/webhooks/${hook.webhookID}`)).status, 400, 'no body');
        assert.deepEqual((await call('GET', `/webhooks/${hook.webhookID}`)).json, hook);
        assert.deepEqual(await subscriptions(hook.webhookID), ['transfer.created', 'transfer.updated']);
      });

      it('a platform has at most 100 webhooks (400)', async () => {
        const third = await s.services.platforms.create({ name: 'Many hooks' });
        const auth = `Basic ${Buffer.from(`${third.publicKey}:${third.secret}`).toString('base64')}`;
        for (let i = 0; i < 100; i++) {
          const response = await call('POST', '/webhooks', { auth, body: webhookBody({ description: `#${i}` }) });
          assert.equal(response.status, 201, response.text);
        }
        const refused = await call('POST', '/webhooks', { auth, body: webhookBody() });
        assert.equal(refused.status, 400);
        assert.match(refused.json.error, /at most 100 webhooks/);
        assert.equal((await call('GET', '/webhooks', { auth })).json.length, 100);
      });
    });

    describe('ping', () => {
      it('sends a signed event.test, answers what was sent and the status, and logs the attempt', async () => {
        const hook = await createHook({ url: receiver.url });
        const secret = (await call('GET', `/webhooks/${hook.webhookID}/secret`)).json.secret;
        receiver.received.length = 0;
        receiver.status = 200;
        const response = await call('POST', `/webhooks/${hook.webhookID}/ping`);
        assert.equal(response.status, 200, response.text);
        const { webhook, requestBodySent, responseStatusCode } = response.json;
        assert.equal(responseStatusCode, 200);
        assert.equal(webhook.webhookID, hook.webhookID);
        assert.ok(webhook.lastUsedOn, 'a 2xx ping sets lastUsedOn');
        assert.deepEqual(Object.keys(requestBodySent).sort(), ['createdOn', 'data', 'eventID', 'type']);
        assert.equal(requestBodySent.type, 'event.test');
        assert.deepEqual(requestBodySent.data, { ping: true });
        assert.match(requestBodySent.eventID, UUID);

        assert.equal(receiver.received.length, 1);
        const [got] = receiver.received;
        assert.equal(got!.method, 'POST');
        assert.equal(got!.path, '/hooks');
        assert.deepEqual(JSON.parse(got!.body), requestBodySent);
        assert.match(String(got!.headers['content-type']), /^application\/json/);
        assert.match(String(got!.headers['x-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        assert.match(String(got!.headers['x-nonce']), /^[A-Za-z0-9]{60}$/);
        assert.equal(got!.headers['x-webhook-id'], hook.webhookID);
        assert.equal(got!.headers['x-signature'], expectedSignature(secret, got!.headers));
        assert.deepEqual((await call('GET', `/webhooks/${hook.webhookID}`)).json.lastUsedOn, webhook.lastUsedOn);

        const log = await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries`);
        assert.equal(log.status, 200, log.text);
        assert.equal(log.json.length, 1);
        const [attempt] = log.json;
        assert.equal(attempt.ping, true);
        assert.equal(attempt.eventID, requestBodySent.eventID);
        assert.equal(attempt.eventType, 'event.test');
        assert.equal(attempt.statusCode, 200);
        assert.equal(attempt.outcome, 'delivered');
        assert.equal(attempt.error, undefined);
        assert.ok(Number.isInteger(attempt.latencyMs) && attempt.latencyMs >= 0);
        assert.equal(attempt.request.url, receiver.url);
        assert.equal(attempt.request.body, got!.body);
        assert.equal(attempt.request.headers['X-Signature'], got!.headers['x-signature']);
      });

      it('answers the receiver’s failing status, and 0 when nothing answers', async () => {
        const hook = await createHook({ url: receiver.url });
        receiver.status = 503;
        const failing = await call('POST', `/webhooks/${hook.webhookID}/ping`);
        receiver.status = 200;
        assert.equal(failing.status, 200);
        assert.equal(failing.json.responseStatusCode, 503);
        assert.equal(failing.json.webhook.lastUsedOn, undefined, 'a failed ping does not set lastUsedOn');

        const down = await createHook({ url: await unreachableUrl() });
        const unreachable = await call('POST', `/webhooks/${down.webhookID}/ping`);
        assert.equal(unreachable.status, 200);
        assert.equal(unreachable.json.responseStatusCode, 0);

        const [failed] = (await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries`)).json;
        assert.deepEqual([failed.outcome, failed.statusCode, typeof failed.error], ['failed', 503, 'string']);
        const [refused] = (await call('GET', `/railyard/webhooks/${down.webhookID}/deliveries`)).json;
        assert.equal(refused.outcome, 'failed');
        assert.equal(refused.statusCode, undefined);
        assert.ok(refused.error);
      });

      it('a disabled webhook is not pinged (400 {error}), and nothing is sent or logged', async () => {
        const hook = await createHook({ url: receiver.url, status: 'disabled' });
        receiver.received.length = 0;
        const response = await call('POST', `/webhooks/${hook.webhookID}/ping`);
        assert.equal(response.status, 400);
        assert.match(response.json.error, /disabled/);
        assert.equal(receiver.received.length, 0);
        assert.deepEqual((await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries`)).json, []);
      });
    });

    it('pages the delivery log newest first, with a bounded count', async () => {
      const hook = await createHook({ url: receiver.url });
      const sent: string[] = [];
      for (let i = 0; i < 3; i++) sent.push((await call('POST', `/webhooks/${hook.webhookID}/ping`)).json.requestBodySent.eventID);
      const all = await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries`);
      assert.deepEqual(all.json.map((a: { eventID: string }) => a.eventID), [...sent].reverse());
      const page = await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries?skip=1&count=1`);
      assert.deepEqual(page.json.map((a: { eventID: string }) => a.eventID), [sent[1]]);
      for (const query of ['count=0', 'count=201', 'skip=-1', 'count=abc']) {
        const bad = await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries?${query}`);
        assert.equal(bad.status, 422, query);
        assert.equal(typeof Object.values(bad.json)[0], 'string');
      }
    });

    describe('events and redelivery', () => {
      it("lists the platform's events by cursor, oldest first", async () => {
        const first = await call('GET', '/railyard/events?count=1000');
        assert.equal(first.status, 200);
        const cursor = first.json.nextCursor;
        assert.match(cursor, /^\d+$/);
        const a = await createAccount(s, individual());
        const b = await createAccount(s, individual());
        await createAccount(s, individual(), s.otherPlatform.basic);
        const next = await call('GET', `/railyard/events?after=${cursor}`);
        assert.equal(next.status, 200);
        const created = next.json.events.filter((e: { type: string }) => e.type === 'account.created');
        assert.deepEqual(created.map((e: { data: { accountID: string } }) => e.data.accountID), [a.accountID, b.accountID], "only this platform's, in order");
        for (const event of next.json.events) {
          assert.deepEqual(Object.keys(event).sort(), ['createdOn', 'data', 'eventID', 'type']);
          assert.match(event.eventID, UUID);
        }
        const one = await call('GET', `/railyard/events?after=${cursor}&count=1`);
        assert.equal(one.json.events.length, 1);
        assert.deepEqual(one.json.events[0], next.json.events[0]);
        const rest = await call('GET', `/railyard/events?after=${one.json.nextCursor}&count=1000`);
        assert.deepEqual(rest.json.events, next.json.events.slice(1));
        const end = await call('GET', `/railyard/events?after=${rest.json.nextCursor}`);
        assert.deepEqual(end.json, { events: [], nextCursor: rest.json.nextCursor }, 'the same cursor again when nothing is new');
        for (const query of ['after=abc', 'after=-1', 'count=0', 'count=1001', 'after=1234567890123456']) {
          const bad = await call('GET', `/railyard/events?${query}`);
          assert.equal(bad.status, 422, query);
          assert.equal(typeof Object.values(bad.json)[0], 'string', query);
        }
      });

      it('redeliver queues the event for the webhook now, with a fresh 24 h window (202)', async () => {
        const hook = await createHook({ url: receiver.url, eventTypes: ['wallet.created'] });
        const cursor = (await call('GET', '/railyard/events?count=1000')).json.nextCursor;
        const account = await createAccount(s, individual());
        const events = (await call('GET', `/railyard/events?after=${cursor}`)).json.events;
        const event = events.find((e: { type: string; data: { accountID: string } }) => e.type === 'account.created' && e.data.accountID === account.accountID);
        assert.ok(event);
        const response = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: event.eventID } });
        assert.equal(response.status, 202, response.text);
        const clockNow = Date.parse((await call('GET', '/railyard/clock')).json.now);
        assert.equal(response.json.webhookID, hook.webhookID);
        assert.equal(response.json.eventID, event.eventID);
        assert.equal(response.json.eventType, 'account.created');
        assert.equal(response.json.status, 'pending');
        assert.equal(response.json.attempts, 0);
        const due = Date.parse(response.json.nextAttemptOn);
        assert.ok(Math.abs(due - clockNow) < 60_000, 'due now');
        assert.equal(Date.parse(response.json.giveUpOn) - due, 24 * HOUR_MS);
        const row = await s.services.store.read((sql) =>
          sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?', [hook.webhookID, event.eventID]),
        );
        assert.equal(Number(row!.n), 1);

        // Again: the same delivery, back to pending (an upsert), due at the platform's new now.
        await call('POST', '/railyard/clock/advance', { body: { seconds: 7_200 } });
        const again = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: event.eventID.toUpperCase() } });
        assert.equal(again.status, 202, again.text);
        assert.ok(Date.parse(again.json.nextAttemptOn) - due >= 2 * HOUR_MS - 1_000);
        const rows = await s.services.store.read((sql) =>
          sql.all<{ status: string }>('SELECT status FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?', [hook.webhookID, event.eventID]),
        );
        assert.equal(rows.length, 1);
      });

      it('the worker sends a redelivered event, signed, and the log shows it', async () => {
        const hook = await createHook({ url: receiver.url, eventTypes: ['wallet.created'] });
        const secret = (await call('GET', `/webhooks/${hook.webhookID}/secret`)).json.secret;
        const cursor = (await call('GET', '/railyard/events?count=1000')).json.nextCursor;
        const account = await createAccount(s, individual());
        const event = (await call('GET', `/railyard/events?after=${cursor}`)).json.events.find(
          (e: { type: string; data: { accountID: string } }) => e.type === 'account.created' && e.data.accountID === account.accountID,
        );
        await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
        receiver.received.length = 0;
        assert.equal((await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: event.eventID } })).status, 202);
        await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
        const got = receiver.received.filter((r) => JSON.parse(r.body).eventID === event.eventID);
        assert.equal(got.length, 1, 'sent once');
        assert.deepEqual(JSON.parse(got[0]!.body), event);
        assert.equal(got[0]!.headers['x-webhook-id'], hook.webhookID);
        assert.equal(got[0]!.headers['x-signature'], expectedSignature(secret, got[0]!.headers));
        const [attempt] = (await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries?count=1`)).json;
        assert.deepEqual(
          [attempt.eventID, attempt.eventType, attempt.ping, attempt.outcome, attempt.statusCode],
          [event.eventID, 'account.created', false, 'delivered', 200],
        );
        assert.equal(attempt.request.body, got[0]!.body);
        assert.ok((await call('GET', `/webhooks/${hook.webhookID}`)).json.lastUsedOn);
      });

      it("refuses unknown and other platforms' events (404), bad bodies, and disabled webhooks", async () => {
        const hook = await createHook({ url: receiver.url });
        const cursor = (await call('GET', '/railyard/events?count=1000', { auth: s.otherPlatform.basic })).json.nextCursor;
        await createAccount(s, individual(), s.otherPlatform.basic);
        const [theirs] = (await call('GET', `/railyard/events?after=${cursor}`, { auth: s.otherPlatform.basic })).json.events;
        assert.ok(theirs);
        const deliveries = () => s.services.store.read((sql) => sql.all('SELECT event_id FROM webhook_deliveries WHERE webhook_id = ?', [hook.webhookID]));
        const before = (await deliveries()).length;
        for (const eventID of [theirs.eventID, randomUUID()]) {
          const response = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID } });
          assert.equal(response.status, 404);
          assert.equal(response.text, '');
        }
        const bad = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: 'nope' } });
        assert.equal(bad.status, 422);
        assert.equal(typeof bad.json.eventID, 'string');
        assert.deepEqual((await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: {} })).json, { eventID: 'cannot be blank' });
        const extra = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: randomUUID(), webhookID: hook.webhookID } });
        assert.equal(extra.status, 400);

        const own = (await call('GET', '/railyard/events?count=1')).json.events[0];
        assert.ok(own);
        await call('DELETE', `/webhooks/${hook.webhookID}`);
        const disabled = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID: own.eventID } });
        assert.equal(disabled.status, 400);
        assert.match(disabled.json.error, /disabled/);
        assert.equal((await deliveries()).length, before, 'nothing queued');
      });

      it('refuses to redeliver an event type that is never delivered (receipt.sent): 400 GenericError, nothing queued', async () => {
        const hook = await createHook({ url: receiver.url });
        const eventID = randomUUID();
        await s.services.store.write((sql) =>
          insertEvents(sql, [{ eventID, platformID: s.platform.accountID, type: 'receipt.sent', data: { receiptID: randomUUID() }, createdOn: new Date().toISOString() }]),
        );
        const response = await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { body: { eventID } });
        assert.equal(response.status, 400, response.text);
        assert.deepEqual(Object.keys(response.json), ['error']);
        assert.match(response.json.error, /receipt\.sent.*never delivered/);
        const rows = await s.services.store.read((sql) => sql.all('SELECT event_id FROM webhook_deliveries WHERE event_id = ?', [eventID]));
        assert.equal(rows.length, 0, 'nothing queued');
      });
    });

    it('lists every v2026.01.00 event type with a stable ID and says which Railyard emits', async () => {
      const response = await call('GET', '/event-types');
      assert.equal(response.status, 200);
      const types = response.json as Array<{ eventTypeID: string; type: string; description: string }>;
      assert.deepEqual(types.map((t) => t.type), [...WEBHOOK_EVENT_TYPES]);
      assert.equal(types.length, 37);
      assert.equal(new Set(types.map((t) => t.eventTypeID)).size, types.length);
      for (const t of types) {
        assert.deepEqual(Object.keys(t).sort(), ['description', 'eventTypeID', 'type']);
        assert.match(t.eventTypeID, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        assert.equal(t.eventTypeID, nameBasedUuid(EVENT_TYPE_NAMESPACE, t.type));
        assert.match(t.description, /(Emitted by Railyard|Not emitted by Railyard yet)\.$/);
      }
      const byType = new Map(types.map((t) => [t.type, t]));
      assert.match(byType.get('transfer.created')!.description, /Emitted by Railyard\.$/);
      assert.match(byType.get('dispute.created')!.description, /Emitted by Railyard\.$/);
      assert.match(byType.get('invoice.created')!.description, /Not emitted by Railyard yet\.$/);
      const again = await call('GET', '/event-types', { auth: s.otherPlatform.basic });
      assert.deepEqual(again.json, types, 'the same for every platform');
    });
  });
}
