import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { recordEvent } from '../../src/kernel/events.ts';
import { listAttemptsOfWebhook, listDeliveriesOfWebhook } from '../../src/store/repos/webhook-deliveries.ts';
import type { SendResult, SignedRequest } from '../../src/domain/webhooks/send.ts';
import { API_FIRST_PAUSE_MS, DEFAULT_DELIVERY_LEASE_MS, MAX_SENDS_PER_RUN } from '../../src/domain/webhooks/delivery/worker.ts';
import { claimDueDeliveries } from '../../src/domain/webhooks/delivery/claim.ts';
import { fanOutNow } from '../support/events.ts';

/**
 * Runs (decision 1500, "Runs" and "Order per resource"): a webhook's waiting
 * first attempts are claimed together, sent several at a time but one
 * resource's one after the other in the order recorded, and their attempts
 * recorded in one unit of work, so a backlog costs two transactions per run
 * instead of two per event. A run never outlives a third of its lease and
 * hands back what it did not send when cut short or when the worker stops;
 * order and exactly one recorded attempt per delivery hold through all of it.
 * The sender is replaced by a recorder here (send.test.ts covers real sends).
 */

const BACKLOG = 40;

for (const kind of await storeKinds()) {
  describe(`webhook delivery runs (${kind})`, () => {
    let s: TestServer;
    let nowMs = Date.parse('2026-03-01T12:00:00Z');
    const sent: string[] = [];
    /** Called before each send answers; tests put their effects here (a promise holds the answer). */
    let onSend: (count: number, body: { type: string; data: Record<string, unknown> }) => void | Promise<void> = () => undefined;

    before(async () => {
      s = await startTestServer(kind, {
        clock: { now: () => new Date(nowMs) },
        services: {
          webhookDelivery: {
            pollIntervalMs: 60_000,
            send: async (input: SignedRequest): Promise<SendResult> => {
              const body = JSON.parse(input.body) as { eventID: string; type: string; data: Record<string, unknown> };
              sent.push(body.eventID);
              await onSend(sent.length, body);
              return { outcome: 'delivered', statusCode: 200, latencyMs: 1, request: { url: input.url, headers: {}, body: input.body } };
            },
          },
        },
      });
    });
    after(() => s.close());

    async function hookWithBacklog(): Promise<{ webhookID: string; eventIDs: string[] }> {
      const created = await s.request('POST', '/webhooks', {
        headers: V2026,
        body: { url: 'http://127.0.0.1:9/unused', status: 'enabled', eventTypes: ['account.created'], description: 'runs' },
      });
      assert.equal(created.status, 201, created.text);
      const webhookID = created.json.webhookID as string;
      await s.services.store.write(async (sql) => {
        for (let i = 0; i < BACKLOG; i++) {
          await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.created', { accountID: `acct-${i}` });
        }
      });
      await fanOutNow(s.services.store);
      const rows = await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID));
      assert.equal(rows.length, BACKLOG);
      const eventIDs = rows.map((r) => r.event_id);
      return { webhookID, eventIDs };
    }

    async function disable(webhookID: string): Promise<void> {
      assert.equal((await s.request('DELETE', `/webhooks/${webhookID}`, { headers: V2026 })).status, 204);
    }

    async function assertAllDeliveredOnce(webhookID: string, eventIDs: string[]): Promise<void> {
      const rows = await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID));
      assert.deepEqual(
        rows.map((r) => [r.status, Number(r.attempts)]),
        eventIDs.map(() => ['delivered', 1]),
        'every delivery delivered with exactly one recorded attempt',
      );
      const attempts = await s.services.store.read((sql) => listAttemptsOfWebhook(sql, webhookID));
      assert.deepEqual(attempts.map((a) => a.event_id).sort(), [...eventIDs].sort());
    }

    it(`a backlog of ${BACKLOG} first attempts goes out in order in one run: one claim and one recording transaction`, async () => {
      const { webhookID, eventIDs } = await hookWithBacklog();
      sent.length = 0;
      const store = s.services.store;
      const write = store.write.bind(store);
      let writes = 0;
      store.write = ((work: Parameters<typeof write>[0]) => {
        writes++;
        return write(work);
      }) as typeof store.write;
      try {
        const summary = await s.services.webhookDelivery.runDue();
        assert.equal(summary.delivered, BACKLOG);
      } finally {
        store.write = write;
      }
      assert.deepEqual(sent, eventIDs, 'sent in the order the events were recorded');
      // The run's claim and its recording, and runDue's claims that find nothing while it is
      // out and after it (two transactions per event before runs: 80 here).
      assert.ok(writes <= 4, `${writes} write transactions for ${BACKLOG} deliveries`);
      await assertAllDeliveredOnce(webhookID, eventIDs);
      await disable(webhookID);
    });

    it('a run stops once a third of its lease is spent and hands the rest back, which goes out next, in order', async () => {
      const { webhookID, eventIDs } = await hookWithBacklog();
      sent.length = 0;
      // Every send takes a little over a third of the lease: each run sends one event.
      onSend = () => {
        nowMs += Math.ceil(DEFAULT_DELIVERY_LEASE_MS / 3) + 1;
      };
      try {
        const summary = await s.services.webhookDelivery.runDue();
        assert.equal(summary.delivered, BACKLOG);
      } finally {
        onSend = () => undefined;
      }
      assert.deepEqual(sent, eventIDs, 'each event sent once, in order, across the cut runs');
      await assertAllDeliveredOnce(webhookID, eventIDs);
      await disable(webhookID);
    });

    it('a worker stopped during a run records what it sent and hands back the rest, unclaimed, for the next one', async () => {
      const { webhookID, eventIDs } = await hookWithBacklog();
      sent.length = 0;
      const stopped = new Promise<void>((resolve) => {
        onSend = (count) => {
          if (count === 3) void s.services.webhookDelivery.stop().then(resolve);
        };
      });
      try {
        // The worker's own loop (not runDue) claims the backlog as one run.
        s.services.webhookDelivery.start();
        await stopped;
      } finally {
        onSend = () => undefined;
      }
      assert.equal(sent.length, 3, 'the run ended after the send in hand');
      const rows = await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID));
      assert.deepEqual(
        rows.map((r) => r.status),
        [...eventIDs.slice(0, 3).map(() => 'delivered'), ...eventIDs.slice(3).map(() => 'pending')],
        'the rest is pending again, not left claimed until its lease lapses',
      );
      assert.ok(rows.slice(3).every((r) => Number(r.attempts) === 0));
      const rest = await s.services.webhookDelivery.runDue();
      assert.equal(rest.delivered, BACKLOG - 3);
      assert.deepEqual(sent, eventIDs, 'every event once, in order');
      await assertAllDeliveredOnce(webhookID, eventIDs);
      await disable(webhookID);
    });

    it("sends several resources' events at once, never two of one resource, each resource's in the order recorded", async () => {
      const created = await s.request('POST', '/webhooks', {
        headers: V2026,
        body: { url: 'http://127.0.0.1:9/unused', status: 'enabled', eventTypes: ['account.created', 'account.updated', 'balance.updated'], description: 'lanes' },
      });
      assert.equal(created.status, 201, created.text);
      const webhookID = created.json.webhookID as string;
      const accounts = ['acct-a', 'acct-b', 'acct-c'];
      // Interleaved as concurrent requests would record them: a1 b1 c1 a2 b2 c2 …, and two balance
      // events of one wallet, which are ordered with nothing (docs/webhooks.md "Order").
      await s.services.store.write(async (sql) => {
        for (let round = 0; round < 4; round++) {
          for (const accountID of accounts) {
            await recordEvent(sql, s.services.clock, s.platform.accountID, round === 0 ? 'account.created' : 'account.updated', { accountID });
          }
          if (round < 2) await recordEvent(sql, s.services.clock, s.platform.accountID, 'balance.updated', { accountID: 'acct-a', walletID: 'wallet-a' });
        }
      });
      await fanOutNow(s.services.store);
      const rows = await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID));
      const eventIDs = rows.map((r) => r.event_id);
      const recorded = await s.services.store.read((sql) =>
        sql.all<{ event_id: string; data: string }>(`SELECT event_id, data FROM events WHERE event_id IN (${eventIDs.map(() => '?').join(', ')})`, eventIDs),
      );
      const accountOf = new Map(recorded.map((e) => [e.event_id, (JSON.parse(e.data) as { accountID: string }).accountID]));
      const typeOf = new Map<string, string>();

      sent.length = 0;
      const inFlight = new Map<string, number>();
      let total = 0;
      let most = 0;
      let mostBalances = 0;
      const overlapsOfOneResource: string[] = [];
      const waiters: Array<() => void> = [];
      onSend = async (_count, body) => {
        typeOf.set(sent[sent.length - 1]!, body.type);
        const lane = body.type === 'balance.updated' ? `balance ${sent.length}` : `account ${String(body.data['accountID'])}`;
        const now = (inFlight.get(lane) ?? 0) + 1;
        inFlight.set(lane, now);
        if (now > 1) overlapsOfOneResource.push(lane);
        total++;
        most = Math.max(most, total);
        mostBalances = Math.max(mostBalances, [...inFlight].filter(([key, n]) => key.startsWith('balance') && n > 0).length);
        // Held until three sends are out at once (or 300 ms, so a worker that sends one at a time fails the assertion, not the run).
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          if (total >= 3) for (const wake of waiters.splice(0)) wake();
          else setTimeout(resolve, 300);
        });
        await new Promise((resolve) => setTimeout(resolve, 2));
        total--;
        inFlight.set(lane, inFlight.get(lane)! - 1);
      };
      try {
        const summary = await s.services.webhookDelivery.runDue();
        assert.equal(summary.delivered, eventIDs.length);
      } finally {
        onSend = () => undefined;
      }
      assert.deepEqual(overlapsOfOneResource, [], 'never two sends of one resource at once');
      assert.ok(most >= 3 && most <= MAX_SENDS_PER_RUN, `${most} sends at once`);
      assert.equal(mostBalances, 2, 'the two balance events, ordered with nothing, went out together');
      for (const accountID of accounts) {
        assert.deepEqual(
          sent.filter((id) => accountOf.get(id) === accountID && typeOf.get(id) !== 'balance.updated'),
          eventIDs.filter((id) => accountOf.get(id) === accountID && typeOf.get(id) !== 'balance.updated'),
          `${accountID}'s events in the order recorded`,
        );
      }
      await assertAllDeliveredOnce(webhookID, eventIDs);
      await disable(webhookID);
    });

    it("a claim never takes a resource's next first attempt while an earlier one is out in another claim; other resources go", async () => {
      const created = await s.request('POST', '/webhooks', {
        headers: V2026,
        body: { url: 'http://127.0.0.1:9/unused', status: 'enabled', eventTypes: ['account.created', 'account.updated'], description: 'claims' },
      });
      assert.equal(created.status, 201, created.text);
      const webhookID = created.json.webhookID as string;
      // Recorded in this order: A1, B1, A2, B2.
      await s.services.store.write(async (sql) => {
        await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.created', { accountID: 'claim-a' });
        await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.created', { accountID: 'claim-b' });
        await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.updated', { accountID: 'claim-a' });
        await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.updated', { accountID: 'claim-b' });
      });
      await fanOutNow(s.services.store);
      const [a1, b1, a2, b2] = (await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID))).map((r) => Number(r.delivery_seq));
      const claim = (maxRunLength: number) =>
        claimDueDeliveries(s.services.store, s.services.clock, {
          limit: 16,
          maxRunLength,
          leaseMs: DEFAULT_DELIVERY_LEASE_MS,
          workerID: 'test',
          platformID: s.platform.accountID,
          inFlightPerWebhook: new Map(),
          maxPerWebhook: 16,
        });
      try {
        // A claim of one: A1 (another worker's, say); B1 could have been a second run, but limit 16 and runs of one take both.
        const first = await claim(1);
        assert.deepEqual(first.claimed.map((r) => r.deliveries.map((d) => d.deliverySeq)), [[a1], [b1]], 'A1 and B1, each a run of one; A2 and B2 wait');
        assert.deepEqual((await claim(100)).claimed, [], 'A2 and B2 wait while A1 and B1 are out');
        // B1 hands its claim back unsent (as a cut run does): B1 and B2 are a run; A2 still waits for A1.
        await s.services.store.write((sql) =>
          sql.run("UPDATE webhook_deliveries SET status = 'pending', claim_token = NULL, lease_expires_ms = NULL WHERE delivery_seq = ?", [b1!]),
        );
        const second = await claim(100);
        assert.deepEqual(second.claimed.map((r) => r.deliveries.map((d) => d.deliverySeq)), [[b1, b2]], 'B1 with B2 after it, not A2');
        assert.equal(a2! > b1!, true);
      } finally {
        await s.services.store.write((sql) => sql.run("UPDATE webhook_deliveries SET status = 'canceled', claim_token = NULL WHERE webhook_id = ?", [webhookID]));
        await disable(webhookID);
      }
    });

    it('API first across runs: while saturated the process takes one run at a time and its sends are one turn apart, whatever the webhooks', async () => {
      const webhooks: string[] = [];
      for (const type of ['account.created', 'account.updated']) {
        const created = await s.request('POST', '/webhooks', {
          headers: V2026,
          body: { url: 'http://127.0.0.1:9/unused', status: 'enabled', eventTypes: [type], description: 'api first' },
        });
        assert.equal(created.status, 201, created.text);
        webhooks.push(created.json.webhookID as string);
      }
      await s.services.store.write(async (sql) => {
        for (let i = 0; i < 6; i++) {
          await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.created', { accountID: `first-${i}` });
          await recordEvent(sql, s.services.clock, s.platform.accountID, 'account.updated', { accountID: `first-${i}` });
        }
      });
      await fanOutNow(s.services.store);
      const webhookOfEvent = new Map<string, string>();
      for (const webhookID of webhooks) {
        for (const row of await s.services.store.read((sql) => listDeliveriesOfWebhook(sql, webhookID))) webhookOfEvent.set(row.event_id, webhookID);
      }
      sent.length = 0;
      const sentAt: number[] = [];
      let saturated = true;
      s.services.webhookDelivery.deferTo(() => saturated);
      try {
        onSend = (count) => {
          sentAt.push(performance.now());
          if (count === 6) saturated = false;
        };
        const summary = await s.services.webhookDelivery.runDue();
        assert.equal(summary.delivered, 12);
      } finally {
        s.services.webhookDelivery.deferTo(() => false);
        onSend = () => undefined;
      }
      // One run under pressure: the first six sends are one webhook's, not the two side by side.
      assert.equal(new Set(sent.slice(0, 6).map((id) => webhookOfEvent.get(id))).size, 1, 'one webhook’s run while saturated');
      // Turns for the whole process: six sends take six turns (two runs with a pause each would take three).
      const gaps = sentAt.slice(1, 6).map((at, i) => at - sentAt[i]!);
      assert.ok(gaps.every((gap) => gap >= API_FIRST_PAUSE_MS - 5), `gaps between sends under pressure: ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
      for (const webhookID of webhooks) await disable(webhookID);
    });

    it('API first: while the API is saturated each send waits first; once it is not, they go at once', async () => {
      const { webhookID, eventIDs } = await hookWithBacklog();
      sent.length = 0;
      const sentAt: number[] = [];
      let saturated = true;
      s.services.webhookDelivery.deferTo(() => saturated);
      try {
        const started = performance.now();
        // Saturated for the first five sends, then the load is gone.
        onSend = (count) => {
          sentAt.push(performance.now());
          if (count === 5) saturated = false;
        };
        const summary = await s.services.webhookDelivery.runDue();
        assert.equal(summary.delivered, BACKLOG);
        const firstFive = sentAt[4]! - started;
        assert.ok(firstFive >= 5 * API_FIRST_PAUSE_MS - 5, `five sends under pressure took ${firstFive.toFixed(0)} ms`);
        const rest = sentAt[BACKLOG - 1]! - sentAt[5]!;
        // Less than the pauses alone would have taken: they did not wait.
        assert.ok(rest < (BACKLOG - 6) * API_FIRST_PAUSE_MS, `the ${BACKLOG - 6} sends after it took ${rest.toFixed(0)} ms`);
      } finally {
        s.services.webhookDelivery.deferTo(() => false);
        onSend = () => undefined;
      }
      assert.deepEqual(sent, eventIDs, 'order kept');
      await assertAllDeliveredOnce(webhookID, eventIDs);
      await disable(webhookID);
    });
  });
}
