import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { postTransfer, transferBody, walletParty } from '../support/transfers.ts';
import { recordEvent } from '../../src/kernel/events.ts';
import { listAttemptsOfWebhook, listDeliveriesOfWebhook } from '../../src/store/repos/webhook-deliveries.ts';
import { startDeliveryReceiver, type Arrival, type DeliveryReceiver } from '../support/delivery-receiver.ts';
import { create as createAccount, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { fanOutNow } from '../support/events.ts';

/**
 * Webhook delivery end to end (decision 1500, docs/webhooks.md "Delivery"):
 * webhooks made through the API, events made by real requests, a local
 * receiver that checks every signature. The worker runs through `runDue()`
 * (deterministic) or its own loop where the loop is what is tested.
 */

// Long enough that a loaded CI machine delivers the well-behaved webhook's events well inside it
// (1 s was once missed by 77 ms under a full parallel run): the hang test compares against it.
const SEND_TIMEOUT_MS = 3_000;
const HOUR_S = 3_600;

interface StoredEvent {
  event_id: string;
  event_type: string;
  data: string;
  created_on: string;
}

for (const kind of await storeKinds()) {
  describe(`webhook delivery (${kind})`, () => {
    let s: TestServer;
    let receiver: DeliveryReceiver;
    const made: string[] = [];
    /** Errors the worker survived: none are expected. */
    const workerErrors: unknown[] = [];

    before(async () => {
      receiver = await startDeliveryReceiver();
      s = await startTestServer(kind, {
        services: {
          // Short sends keep the hanging receiver cheap; a fixed jitter (99% of the bound) keeps retries off the real clock;
          // a long poll means only runDue() and wake() send.
          webhookDelivery: {
            sendTimeoutMs: SEND_TIMEOUT_MS,
            random: () => 0.99,
            pollIntervalMs: 60_000,
            onError: (error) => workerErrors.push(error),
          },
        },
      });
    });
    after(async () => {
      for (const response of receiver.hanging) response.destroy();
      await s.close();
      await receiver.close();
    });

    const call = (method: string, path: string, body?: unknown, auth?: string) =>
      s.request(method, path, { headers: V2026, ...(body !== undefined ? { body } : {}), ...(auth ? { auth } : {}) });

    /** A webhook through the API; its secret goes to the receiver. */
    async function hook(path: string, eventTypes: string[], status: 'enabled' | 'disabled' = 'enabled'): Promise<string> {
      const created = await call('POST', '/webhooks', { url: receiver.url(path), status, eventTypes, description: path });
      assert.equal(created.status, 201, created.text);
      const webhookID = created.json.webhookID as string;
      const secret = await call('GET', `/webhooks/${webhookID}/secret`);
      assert.equal(secret.status, 200, secret.text);
      receiver.secrets.set(webhookID, secret.json.secret);
      made.push(webhookID);
      return webhookID;
    }

    /** Disables every webhook made so far, so one test's webhooks do not receive the next one's events. */
    async function disableAll(): Promise<void> {
      assert.deepEqual(workerErrors, [], 'the worker met no error');
      for (const webhookID of made.splice(0)) assert.equal((await call('DELETE', `/webhooks/${webhookID}`)).status, 204);
    }

    const platformEvents = (afterSeq: number) =>
      s.services.store.read((sql) =>
        sql.all<StoredEvent>('SELECT event_id, event_type, data, created_on FROM events WHERE platform_id = ? AND event_seq > ? ORDER BY event_seq', [
          s.platform.accountID,
          afterSeq,
        ]),
      );
    const lastSeq = async () =>
      Number(
        (await s.services.store.read((sql) => sql.get<{ n: number | string | null }>('SELECT MAX(event_seq) AS n FROM events')))?.n ?? 0,
      );
    const deliveries = (webhookID: string) => s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID));
    const attempts = (webhookID: string) => s.services.store.read((sql) => listAttemptsOfWebhook(sql, webhookID));

    /**
     * The resource whose order an event keeps (docs/webhooks.md "Order"), written out here for
     * the types these tests make rather than taken from kernel/event-resource.ts; null: none.
     */
    function resourceOf(type: string, data: Record<string, unknown>): string | null {
      if (type === 'balance.updated') return null;
      if (type.startsWith('transfer.')) return `transfer ${String(data['transferID'])}`;
      if (type === 'walletTransaction.updated') return `wallet transaction ${String(data['transactionID'])}`;
      if (/^(account|capability|wallet|paymentMethod|bankAccount)\./.test(type)) return `account ${String(data['accountID'])}`;
      throw new Error(`no resource written down for ${type}`);
    }

    /** Every event once, and each resource's events in the order they were recorded. */
    function assertPerResourceOrder(arrived: Array<{ type: string; eventID: string; data: Record<string, unknown> }>, events: StoredEvent[], label: string): void {
      assert.deepEqual(
        arrived.map((a) => `${a.type} ${a.eventID}`).sort(),
        events.map((e) => `${e.event_type} ${e.event_id}`).sort(),
        `${label}: every subscribed event once`,
      );
      const lines = (list: Array<{ type: string; eventID: string; data: Record<string, unknown> }>) => {
        const byResource = new Map<string, string[]>();
        for (const item of list) {
          const resource = resourceOf(item.type, item.data);
          if (resource !== null) byResource.set(resource, [...(byResource.get(resource) ?? []), item.eventID]);
        }
        return byResource;
      };
      const recorded = lines(events.map((e) => ({ type: e.event_type, eventID: e.event_id, data: JSON.parse(e.data) as Record<string, unknown> })));
      const got = lines(arrived);
      for (const [resource, eventIDs] of recorded) assert.deepEqual(got.get(resource), eventIDs, `${label}: ${resource}'s events in the order recorded`);
    }

    function assertArrivalsAre(arrivals: Arrival[], events: StoredEvent[], label: string): void {
      assertPerResourceOrder(
        arrivals.map((a) => ({ type: a.body.type, eventID: a.body.eventID, data: a.body.data })),
        events,
        label,
      );
      const byID = new Map(arrivals.map((a) => [a.body.eventID, a]));
      events.forEach((event) => {
        const arrival = byID.get(event.event_id)!;
        assert.equal(arrival.verified, true, `${label}: signature of ${event.event_id}`);
        assert.deepEqual(arrival.keys, ['eventID', 'type', 'data', 'createdOn']);
        assert.deepEqual(arrival.body.data, JSON.parse(event.data));
        assert.equal(arrival.body.createdOn, event.created_on);
        assert.equal(arrival.headers['content-type'], 'application/json');
      });
    }

    it("sends every subscribed event, signed, each resource's in order, as {eventID, type, data, createdOn}, and nothing else", async () => {
      const since = await lastSeq();
      const picky = await hook('/picky', ['account.created', 'transfer.created', 'transfer.updated']);
      const everything = await hook('/everything', ['*']);
      receiver.modes.set('/everything', { kind: 'status', status: 200, delayMs: 5 });
      await hook('/unrelated', ['card.autoUpdated']);
      await hook('/disabled', ['*'], 'disabled');

      const from = await walletParty(s, 10_000);
      const to = await walletParty(s);
      const transfer = await postTransfer(s, transferBody(from, to, 1_234));
      assert.ok(transfer.status === 200 || transfer.status === 201 || transfer.status === 202, transfer.text);
      await s.services.jobs.runDueJobs();
      // Another platform's events reach none of this platform's webhooks.
      await createAccount(s, individual(), s.otherPlatform.basic);

      const summary = await s.services.webhookDelivery.runDue();
      const events = await platformEvents(since);
      const pickyTypes = new Set(['account.created', 'transfer.created', 'transfer.updated']);
      assert.ok(events.some((e) => e.event_type === 'transfer.created'), 'the transfer recorded its events');
      assert.ok(events.some((e) => !pickyTypes.has(e.event_type)), 'and there are events the picky webhook did not ask for');

      assertArrivalsAre(receiver.arrivalsAt('/everything'), events, '*');
      assertArrivalsAre(receiver.arrivalsAt('/picky'), events.filter((e) => pickyTypes.has(e.event_type)), 'picky');
      assert.equal(receiver.arrivalsAt('/unrelated').length, 0);
      assert.equal(receiver.arrivalsAt('/disabled').length, 0);
      assert.equal(summary.delivered, receiver.arrivals.length);
      assert.deepEqual([summary.retried, summary.failed, summary.canceled], [0, 0, 0]);
      // The webhook ID is the one signed; every arrival names its own webhook.
      for (const arrival of receiver.arrivalsAt('/everything')) assert.equal(arrival.headers['x-webhook-id'], everything);

      // The outbox and the delivery log agree with what arrived.
      const rows = await deliveries(picky);
      assert.equal(rows.length, receiver.arrivalsAt('/picky').length);
      for (const row of rows) assert.deepEqual([row.status, Number(row.attempts)], ['delivered', 1]);
      const log = await attempts(picky);
      assert.equal(log.length, rows.length);
      for (const entry of log) {
        assert.equal(entry.outcome, 'delivered');
        assert.equal(Number(entry.status_code), 200);
        const request = JSON.parse(entry.request);
        assert.equal(request.url, receiver.url('/picky'));
        assert.deepEqual(Object.keys(request.headers).sort(), ['Content-Type', 'User-Agent', 'X-Nonce', 'X-Signature', 'X-Timestamp', 'X-Webhook-ID']);
        assert.equal(JSON.parse(request.body).eventID, entry.event_id);
      }
      const used = await s.services.store.read((sql) => sql.get<{ last_used_on: string | null }>('SELECT last_used_on FROM webhooks WHERE webhook_id = ?', [picky]));
      assert.ok(used?.last_used_on, 'lastUsedOn is set by a delivery');
      await disableAll();
    });

    it("two resources' events are sent side by side, each resource's one at a time in order (a receiver that holds its answers)", async () => {
      const since = await lastSeq();
      await hook('/held', ['account.created', 'account.updated']);
      // Every request is held open until the test answers it.
      receiver.modes.set('/held', { kind: 'hang' });
      // Two accounts' changes, interleaved as concurrent requests record them.
      const first = { accountID: 'held-account-1' };
      const second = { accountID: 'held-account-2' };
      await s.services.store.write(async (sql) => {
        for (const type of ['account.created', 'account.updated', 'account.updated'] as const) {
          for (const data of [first, second]) await recordEvent(sql, s.services.clock, s.platform.accountID, type, data);
        }
      });
      const events = await platformEvents(since);
      assert.equal(events.length, 6);
      const held = () => receiver.hanging.filter((response) => !response.writableEnded);
      const run = s.services.webhookDelivery.runDue();
      try {
        // Both accounts' first events are out at once: neither waits for the other's answer.
        await receiver.until(() => receiver.arrivalsAt('/held').length >= 2, SEND_TIMEOUT_MS / 2);
        // And nothing more comes while both are held (each account's next event waits for its first).
        await new Promise((resolve) => setTimeout(resolve, 200));
        const out = receiver.arrivalsAt('/held');
        assert.deepEqual(
          out.map((a) => `${a.body.type} ${String(a.body.data['accountID'])}`).sort(),
          [`account.created ${first.accountID}`, `account.created ${second.accountID}`].sort(),
          'one event of each account in flight, its first',
        );
        // Answered from now on: the held ones now, the rest as they come.
        receiver.modes.set('/held', { kind: 'status', status: 200, delayMs: 2 });
        for (const response of held()) response.writeHead(200).end('ok');
      } finally {
        receiver.modes.set('/held', { kind: 'status', status: 200 });
        for (const response of held()) response.writeHead(200).end('ok');
      }
      await run;
      assertArrivalsAre(receiver.arrivalsAt('/held'), events, 'held');
      await disableAll();
    });

    it('an event whose unit of work rolls back queues no delivery', async () => {
      const webhookID = await hook('/rollback', ['*']);
      await assert.rejects(
        s.services.store.write(async (sql) => {
          await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.updated', { accountID: 'x' });
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.equal((await deliveries(webhookID)).length, 0);
      await disableAll();
    });

    it('retries a 5xx with backoff on the platform clock; a clock advance wakes the running worker', async () => {
      const webhookID = await hook('/flaky', ['account.created']);
      receiver.modes.set('/flaky', { kind: 'fail-first', times: 2, status: 503 });
      await createAccount(s, individual());
      // The loop's first look is at once; the next poll is a minute away.
      s.services.webhookDelivery.start();
      try {
        await receiver.until(() => receiver.arrivalsAt('/flaky').length === 1, 5_000);
        await receiver.until(() => s.services.webhookDelivery.inFlightCount === 0, 5_000);
        let [row] = await deliveries(webhookID);
        assert.equal(row!.status, 'pending');
        assert.equal(Number(row!.attempts), 1);
        assert.equal(row!.last_status_code, 503);
        const [first] = await attempts(webhookID);
        // The first retry waits up to 10 s (99% of it with this test's jitter), on the platform clock.
        // Counted from when the attempt was recorded (after the send): allow the send's latency and a loaded machine's pause.
        const wait = Number(row!.next_attempt_ms) - Date.parse(first!.attempted_on);
        assert.ok(wait >= 9_000 && wait <= 10_500 + Number(first!.latency_ms), `first retry after ${wait} ms (send took ${first!.latency_ms} ms)`);

        // Nothing more happens until the platform's time moves; an advance is enough (the poll is a minute away).
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(receiver.arrivalsAt('/flaky').length, 1);
        assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 60 })).status, 200);
        await receiver.until(() => receiver.arrivalsAt('/flaky').length === 2, 5_000);
        await receiver.until(() => s.services.webhookDelivery.inFlightCount === 0, 5_000);
        [row] = await deliveries(webhookID);
        assert.equal(row!.status, 'pending');
        assert.equal(Number(row!.attempts), 2);
        assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 60 })).status, 200);
        await receiver.until(() => receiver.arrivalsAt('/flaky').length === 3, 5_000);
      } finally {
        await s.services.webhookDelivery.stop();
      }
      const [row] = await deliveries(webhookID);
      assert.deepEqual([row!.status, Number(row!.attempts)], ['delivered', 3]);
      const log = await attempts(webhookID);
      assert.deepEqual(
        log.map((a) => [a.outcome, Number(a.status_code)]),
        [['failed', 503], ['failed', 503], ['delivered', 200]],
      );
      // Every attempt is the same event, each freshly signed.
      const arrivals = receiver.arrivalsAt('/flaky');
      assert.equal(new Set(arrivals.map((a) => a.body.eventID)).size, 1);
      assert.equal(new Set(arrivals.map((a) => a.headers['x-nonce'])).size, 3);
      assert.ok(arrivals.every((a) => a.verified));
      await disableAll();
    });

    it('hostile receivers: a hang times out while the others get theirs, a 3xx is not followed, a 100 MB answer is cut', async () => {
      const since = await lastSeq();
      const hanging = await hook('/hang', ['*']);
      const redirected = await hook('/redirect', ['account.created']);
      const huge = await hook('/huge', ['account.created']);
      const fine = await hook('/fine', ['*']);
      receiver.modes.set('/hang', { kind: 'hang' });
      receiver.modes.set('/redirect', { kind: 'redirect', location: receiver.url('/target') });
      receiver.modes.set('/huge', { kind: 'huge', bytes: 100 * 1024 * 1024 });
      receiver.hugeWritten = 0;

      await walletParty(s);
      const events = await platformEvents(since);
      assert.ok(events.length >= 3, 'an account with a wallet records several events');
      const started = Date.now();
      const run = s.services.webhookDelivery.runDue();
      await receiver.until(() => receiver.arrivalsAt('/fine').length === events.length, 5_000);
      const tookFine = Date.now() - started;
      assert.ok(tookFine < SEND_TIMEOUT_MS, `the others were not held up by the hang (${tookFine} ms)`);
      // Only the hanging webhook's first delivery is out: its later ones wait for it (order).
      assert.equal(receiver.arrivalsAt('/hang').length, 1);
      receiver.modes.set('/hang', { kind: 'status', status: 200 });
      const summary = await run;

      const hangLog = await attempts(hanging);
      assert.equal(hangLog[0]!.outcome, 'failed');
      assert.match(hangLog[0]!.error ?? '', new RegExp(`timed out after ${SEND_TIMEOUT_MS} ms`));
      assert.ok(Number(hangLog[0]!.latency_ms) >= SEND_TIMEOUT_MS - 100 && Number(hangLog[0]!.latency_ms) < SEND_TIMEOUT_MS + 2_000);
      const hangRows = await deliveries(hanging);
      assert.deepEqual(
        hangRows.map((r) => r.status),
        ['pending', ...events.slice(1).map(() => 'delivered')],
        'the timed-out one waits for its retry; the later ones went out after it',
      );
      assert.deepEqual(
        receiver.arrivalsAt('/hang').map((a) => a.body.eventID),
        events.map((e) => e.event_id),
      );

      const [redirectAttempt] = await attempts(redirected);
      assert.equal(redirectAttempt!.outcome, 'failed');
      assert.equal(Number(redirectAttempt!.status_code), 302);
      assert.match(redirectAttempt!.error ?? '', /redirect not followed/);
      assert.equal(receiver.arrivalsAt('/target').length, 0);

      const [hugeAttempt] = await attempts(huge);
      assert.deepEqual([hugeAttempt!.outcome, Number(hugeAttempt!.status_code)], ['delivered', 200]);
      assert.ok(receiver.hugeWritten < 16 * 1024 * 1024, `the receiver got rid of ${receiver.hugeWritten} bytes, not 100 MB`);
      assert.ok(Number(hugeAttempt!.latency_ms) < 2_000);

      assertArrivalsAre(receiver.arrivalsAt('/fine'), events, 'fine');
      assert.ok((await deliveries(fine)).every((r) => r.status === 'delivered'));
      assert.ok(summary.retried >= 2, 'the hang and the redirect are retried');
      await disableAll();
    });

    it('a disabled webhook gets nothing more: its pending deliveries are canceled; enabled again, it gets new events only', async () => {
      const webhookID = await hook('/paused', ['account.created']);
      await createAccount(s, individual());
      await fanOutNow(s.services.store);
      assert.equal((await deliveries(webhookID))[0]!.status, 'pending');
      assert.equal((await call('DELETE', `/webhooks/${webhookID}`)).status, 204);
      const summary = await s.services.webhookDelivery.runDue();
      assert.equal(summary.canceled, 1);
      assert.equal(receiver.arrivalsAt('/paused').length, 0);
      assert.deepEqual(
        (await deliveries(webhookID)).map((r) => [r.status, r.last_error]),
        [['canceled', 'the webhook is disabled']],
      );

      const put = await call('PUT', `/webhooks/${webhookID}`, { url: receiver.url('/paused'), status: 'enabled', eventTypes: ['account.created'], description: '' });
      assert.equal(put.status, 200, put.text);
      const account = await createAccount(s, individual());
      await s.services.webhookDelivery.runDue();
      const arrivals = receiver.arrivalsAt('/paused');
      assert.equal(arrivals.length, 1);
      assert.equal(arrivals[0]!.body.data['accountID'], account.accountID);
      await disableAll();
    });

    // Last: it moves the platform's clock by more than a day.
    it('gives a failing delivery up 24 h of platform time after its event, and never sends it again', async () => {
      const webhookID = await hook('/down', ['account.created']);
      receiver.modes.set('/down', { kind: 'status', status: 500 });
      await createAccount(s, individual());
      await s.services.webhookDelivery.runDue();
      const [queued] = await deliveries(webhookID);
      const giveUp = queued!.give_up_after_ms;
      const createdOn = queued!.created_on;
      assert.equal(Number(giveUp) - Date.parse(createdOn), 24 * HOUR_S * 1000);
      const summaries = [];
      for (let step = 0; step < 5; step++) {
        assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 6 * HOUR_S })).status, 200);
        summaries.push(await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID }));
      }
      const [row] = await deliveries(webhookID);
      assert.equal(row!.status, 'failed');
      assert.match(row!.last_error ?? '', /given up/);
      assert.ok(row!.finished_on);
      const log = await attempts(webhookID);
      // At the event, then after 6, 12 and 18 h; at 24 h it is given up without another attempt.
      assert.equal(log.length, 4);
      assert.ok(log.every((a) => a.outcome === 'failed' && Number(a.status_code) === 500));
      assert.ok(log.every((a) => Date.parse(a.attempted_on) <= Number(giveUp)));
      assert.equal(summaries.reduce((n, x) => n + x.failed, 0), 1);
      assert.equal(receiver.arrivalsAt('/down').length, 4);

      assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 6 * HOUR_S })).status, 200);
      await s.services.webhookDelivery.runDue();
      assert.equal(receiver.arrivalsAt('/down').length, 4);
      await disableAll();
    });
  });
}
