import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestStore, storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { fanOutNow } from '../support/events.ts';
import { eventOf, recordEvent, recordEvents, WEBHOOK_GIVE_UP_AFTER_MS } from '../../src/kernel/events.ts';
import { MAX_ROWS_PER_INSERT } from '../../src/store/repos/multi-row.ts';
import { countQueuedEvents, fanOutQueuedEvents } from '../../src/store/repos/webhook-deliveries.ts';
import type { Sql } from '../../src/store/port.ts';
import { storeBeforeMigration } from '../support/old-schema.ts';
import { migrations } from '../../src/store/migrations.ts';

/**
 * Decision 1500, "Fan-out after commit": `recordEvent` queues a deliverable
 * event (one narrow row) only when a webhook of its platform is subscribed to
 * its type or `*`; the worker's claim turns queued events into one delivery per
 * subscribed, enabled webhook that existed at the event's time, in the order
 * recorded, and empties the queue in the same transaction.
 */

interface DeliveryRow {
  delivery_seq: number | string;
  webhook_id: string;
  event_id: string;
  resource_key: string | null;
  status: string;
  next_attempt_ms: number | string;
  give_up_after_ms: number | string;
}

for (const kind of await storeKinds()) {
  describe(`webhook fan-out (${kind})`, () => {
    // The worker polls once a minute here: the tests decide when the fan-out runs.
    const s = serverPerSuite(kind, { services: { webhookDelivery: { pollIntervalMs: 60_000 } } });
    const call = (method: string, path: string, body?: unknown, auth?: string) =>
      s.request(method, path, { ...(body !== undefined ? { body } : {}), headers: V2026, ...(auth !== undefined ? { auth } : {}) });
    const hook = async (eventTypes: string[], auth?: string): Promise<string> => {
      const created = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/fanout', status: 'enabled', eventTypes, description: 'fan-out' }, auth);
      assert.equal(created.status, 201, created.text);
      return created.json.webhookID as string;
    };
    const disableAll = async () => {
      for (const auth of [s.platform.basic, s.otherPlatform.basic]) {
        for (const webhook of (await call('GET', '/webhooks', undefined, auth)).json as Array<{ webhookID: string }>) {
          assert.equal((await call('DELETE', `/webhooks/${webhook.webhookID}`, undefined, auth)).status, 204);
        }
      }
      await fanOutNow(s.services.store);
    };
    /** Records events in one unit of work on the platform's own clock, as domain code does. */
    const record = (platformID: string, events: Array<[string, Record<string, unknown>]>) =>
      s.services.store.write(async (sql) => {
        const clock = await s.services.platformClock.view(sql, platformID);
        for (const [type, data] of events) await recordEvent(sql, clock, platformID, type, data as never);
      });
    const eventIDs = async (platformID: string, count: number): Promise<string[]> =>
      (
        await s.services.store.read((sql) =>
          sql.all<{ event_id: string }>('SELECT event_id FROM events WHERE platform_id = ? ORDER BY event_seq DESC LIMIT ?', [platformID, count]),
        )
      )
        .map((row) => row.event_id)
        .reverse();
    const deliveriesOf = (eventIDList: string[]) =>
      s.services.store.read((sql) =>
        sql.all<DeliveryRow>(
          `SELECT delivery_seq, webhook_id, event_id, resource_key, status, next_attempt_ms, give_up_after_ms FROM webhook_deliveries
           WHERE event_id IN (${eventIDList.map(() => '?').join(', ')}) ORDER BY delivery_seq`,
          eventIDList,
        ),
      );
    const queued = () => s.services.store.read((sql) => countQueuedEvents(sql));

    it('queues nothing for a platform without a subscribed webhook, nor for a type no webhook takes, nor for receipt.sent', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      await record(platformID, [['account.created', { accountID: 'fan-none' }]]);
      assert.equal(await queued(), 0, 'no webhook at all');
      const webhookID = await hook(['transfer.created']);
      await record(platformID, [
        ['account.created', { accountID: 'fan-other-type' }],
        ['receipt.sent', { receiptID: 'fan-receipt' }],
      ]);
      assert.equal(await queued(), 0, 'no webhook takes account.created; receipt.sent is never delivered');
      // Another platform's `*` webhook changes nothing for this one.
      await hook(['*'], s.otherPlatform.basic);
      await record(platformID, [['account.created', { accountID: 'fan-other-platform' }]]);
      assert.equal(await queued(), 0);
      await record(platformID, [['transfer.created', { accountID: platformID, transferID: 'fan-t1', status: 'created' }]]);
      assert.equal(await queued(), 1, 'the subscribed type is queued');
      await fanOutNow(s.services.store);
      assert.equal(await queued(), 0);
      const [eventID] = await eventIDs(platformID, 1);
      assert.deepEqual((await deliveriesOf([eventID!])).map((d) => d.webhook_id), [webhookID]);
      await disableAll();
    });

    it('makes one delivery per subscribed webhook in the order recorded, due at the event, given up a day later, and empties the queue', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      const everything = await hook(['*']);
      const accountsOnly = await hook(['account.created', 'account.updated']);
      const transfersOnly = await hook(['transfer.created']);
      await record(platformID, [
        ['account.created', { accountID: 'fan-a' }],
        ['transfer.created', { accountID: platformID, transferID: 'fan-t2', status: 'created' }],
        ['account.updated', { accountID: 'fan-a' }],
        ['balance.updated', { accountID: 'fan-a', walletID: 'fan-w' }],
      ]);
      assert.equal(await queued(), 4);
      const ids = await eventIDs(platformID, 4);
      assert.deepEqual(await deliveriesOf(ids), [], 'nothing delivered before the fan-out');

      assert.equal(await fanOutNow(s.services.store), 4);
      assert.equal(await queued(), 0);
      const rows = await deliveriesOf(ids);
      const expected: Array<[string, string]> = [
        [ids[0]!, everything],
        [ids[0]!, accountsOnly],
        [ids[1]!, everything],
        [ids[1]!, transfersOnly],
        [ids[2]!, everything],
        [ids[2]!, accountsOnly],
        [ids[3]!, everything],
      ];
      // delivery_seq order is event order first: each webhook receives its events as recorded.
      assert.deepEqual(
        rows.map((r) => [r.event_id, r.webhook_id]).sort((a, b) => ids.indexOf(a[0]!) - ids.indexOf(b[0]!) || (a[1]! < b[1]! ? -1 : 1)),
        rows.map((r) => [r.event_id, r.webhook_id]),
        'delivery_seq follows the order recorded',
      );
      assert.deepEqual(
        rows.map((r) => [r.event_id, r.webhook_id]).sort(),
        expected.sort(),
        'every subscribed webhook once, no other',
      );
      assert.deepEqual(
        [...new Set(rows.map((r) => `${r.event_id} ${r.resource_key}`))].sort(),
        [`${ids[0]} account:fan-a`, `${ids[1]} transfer:fan-t2`, `${ids[2]} account:fan-a`, `${ids[3]} null`].sort(),
        'each delivery keeps its event’s resource key',
      );
      const events = await s.services.store.read((sql) =>
        sql.all<{ event_id: string; created_on: string }>(`SELECT event_id, created_on FROM events WHERE event_id IN (${ids.map(() => '?').join(', ')})`, ids),
      );
      const createdOf = new Map(events.map((e) => [e.event_id, Date.parse(e.created_on)]));
      for (const row of rows) {
        assert.equal(row.status, 'pending');
        assert.equal(Number(row.next_attempt_ms), createdOf.get(row.event_id), 'due at the event’s time');
        assert.equal(Number(row.give_up_after_ms) - Number(row.next_attempt_ms), WEBHOOK_GIVE_UP_AFTER_MS);
      }
      await disableAll();
    });

    it('events recorded together queue exactly the subscribed ones, in the order given, past one statement’s rows, each platform’s own', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      const otherID = s.otherPlatform.accountID;
      const transfers = await hook(['transfer.created']);
      const otherAll = await hook(['*'], s.otherPlatform.basic);
      // Three statements' worth: subscribed, unsubscribed and internal types mixed, and the other platform's.
      const count = MAX_ROWS_PER_INSERT * 2 + 7;
      const list = Array.from({ length: count }, (_, i) =>
        i % 4 === 0
          ? eventOf(platformID, 'transfer.created', { accountID: platformID, transferID: `fan-batch-${i}`, status: 'created' })
          : i % 4 === 1
            ? eventOf(platformID, 'account.created', { accountID: `fan-batch-${i}` })
            : i % 4 === 2
              ? eventOf(platformID, 'receipt.sent', { receiptID: `fan-batch-${i}` })
              : eventOf(otherID, 'account.created', { accountID: `fan-batch-${i}` }),
      );
      await s.services.store.write(async (sql) => recordEvents(sql, await s.services.platformClock.view(sql, platformID), list));
      const mine = await eventIDs(platformID, count - Math.floor(count / 4));
      const theirs = await eventIDs(otherID, Math.floor(count / 4));
      const labels = async (ids: string[]) =>
        (
          await s.services.store.read((sql) =>
            sql.all<{ event_id: string; event_type: string; data: string }>(
              `SELECT event_id, event_type, data FROM events WHERE event_id IN (${ids.map(() => '?').join(', ')}) ORDER BY event_seq`,
              ids,
            ),
          )
        ).map((row) => `${row.event_type} ${JSON.stringify(JSON.parse(row.data))}`);
      assert.deepEqual(
        await labels([...mine, ...theirs]),
        list.map((e) => `${e.type} ${JSON.stringify(e.data)}`),
        'every event stored (each under its platform), in the order given',
      );
      const subscribed = list.filter((e) => e.type === 'transfer.created' || e.platformID === otherID).length;
      assert.equal(await queued(), subscribed, 'only the types a webhook of the event’s platform takes');
      assert.equal(await fanOutNow(s.services.store), subscribed);
      const rows = await deliveriesOf([...mine, ...theirs]);
      assert.deepEqual(
        rows.filter((r) => r.webhook_id === transfers).map((r) => r.resource_key),
        list.filter((e) => e.type === 'transfer.created').map((e) => `transfer:${(e.data as { transferID: string }).transferID}`),
        'the transfer webhook gets its events in the order recorded',
      );
      assert.deepEqual(
        rows.filter((r) => r.webhook_id === otherAll).map((r) => r.resource_key),
        list.filter((e) => e.platformID === otherID).map((e) => `account:${(e.data as { accountID: string }).accountID}`),
        'the other platform’s webhook gets its own platform’s events, in order, and nothing else',
      );
      await disableAll();
    });

    it('a webhook disabled before the fan-out gets nothing; one created after the event gets nothing of it', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      const early = await hook(['account.created']);
      const leaving = await hook(['account.created']);
      await record(platformID, [['account.created', { accountID: 'fan-before' }]]);
      const [eventID] = await eventIDs(platformID, 1);
      assert.equal((await call('DELETE', `/webhooks/${leaving}`)).status, 204);
      // Later on the platform clock than the event: it did not exist when the event happened.
      assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 60 })).status, 200);
      const late = await hook(['account.created']);
      await fanOutNow(s.services.store);
      assert.deepEqual((await deliveriesOf([eventID!])).map((d) => d.webhook_id), [early]);
      // The late webhook gets the next event.
      await record(platformID, [['account.created', { accountID: 'fan-after' }]]);
      await fanOutNow(s.services.store);
      const [next] = await eventIDs(platformID, 1);
      assert.deepEqual((await deliveriesOf([next!])).map((d) => d.webhook_id).sort(), [early, late].sort());
      assert.ok(late !== leaving);
      await disableAll();
    });

    it('a webhook disabled and enabled again before the fan-out gets only what was recorded after it was enabled again', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      const steady = await hook(['account.created']);
      const flapping = await hook(['account.created']);
      const put = (status: 'enabled' | 'disabled') =>
        call('PUT', `/webhooks/${flapping}`, { url: 'http://127.0.0.1:9/fanout', status, eventTypes: ['account.created'], description: 'fan-out' });
      const tick = async () => assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 1 })).status, 200);
      // Recorded while it was enabled: its backlog, which disabling cancels, queued or not.
      await record(platformID, [['account.created', { accountID: 'fan-flap-before' }]]);
      await tick();
      assert.equal((await put('disabled')).status, 200);
      // Recorded while it was disabled, queued for the steady webhook.
      await record(platformID, [['account.created', { accountID: 'fan-flap-during' }]]);
      await tick();
      assert.equal((await put('enabled')).status, 200);
      const [before, during] = await eventIDs(platformID, 2);
      // A change of an enabled webhook keeps the time it was enabled: nothing recorded since is lost.
      await tick();
      await record(platformID, [['account.created', { accountID: 'fan-flap-after' }]]);
      await tick();
      assert.equal((await call('PUT', `/webhooks/${flapping}`, { url: 'http://127.0.0.1:9/renamed', status: 'enabled', eventTypes: ['account.created'], description: 'renamed' })).status, 200);
      const [after] = await eventIDs(platformID, 1);
      assert.equal(await queued(), 3, 'none fanned out yet');

      await fanOutNow(s.services.store);
      assert.deepEqual((await deliveriesOf([before!])).map((d) => d.webhook_id), [steady], 'the backlog from before it was disabled');
      assert.deepEqual((await deliveriesOf([during!])).map((d) => d.webhook_id), [steady], 'what happened while it was disabled');
      assert.deepEqual((await deliveriesOf([after!])).map((d) => d.webhook_id).sort(), [steady, flapping].sort(), 'what happened after');
      await disableAll();
    });

    it('an event whose unit of work rolls back queues nothing; a fan-out whose transaction fails leaves the queue as it was', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      await hook(['*']);
      await assert.rejects(
        s.services.store.write(async (sql) => {
          const clock = await s.services.platformClock.view(sql, platformID);
          await recordEvent(sql, clock, platformID, 'account.created', { accountID: 'fan-rolled-back' });
          throw new Error('the change fails after its event');
        }),
        /the change fails/,
      );
      assert.equal(await queued(), 0);

      await record(platformID, [
        ['account.created', { accountID: 'fan-kept-1' }],
        ['account.created', { accountID: 'fan-kept-2' }],
      ]);
      const ids = await eventIDs(platformID, 2);
      await assert.rejects(
        s.services.store.write(async (sql) => {
          assert.equal(await fanOutQueuedEvents(sql, s.services.store.dialect, { limit: 10, giveUpAfterMs: WEBHOOK_GIVE_UP_AFTER_MS }), 2);
          throw new Error('the process dies before the commit');
        }),
        /dies before the commit/,
      );
      assert.equal(await queued(), 2, 'still queued');
      assert.deepEqual(await deliveriesOf(ids), [], 'no delivery half made');
      await fanOutNow(s.services.store);
      assert.equal((await deliveriesOf(ids)).length, 2);
      await disableAll();
    });

    it('takes at most its limit per transaction, oldest first', async () => {
      await disableAll();
      const platformID = s.platform.accountID;
      await hook(['account.created']);
      await record(
        platformID,
        Array.from({ length: 5 }, (_, i): [string, Record<string, unknown>] => ['account.created', { accountID: `fan-limit-${i}` }]),
      );
      const ids = await eventIDs(platformID, 5);
      const once = () => s.services.store.write((sql) => fanOutQueuedEvents(sql, s.services.store.dialect, { limit: 2, giveUpAfterMs: WEBHOOK_GIVE_UP_AFTER_MS }));
      assert.equal(await once(), 2);
      assert.deepEqual((await deliveriesOf(ids)).map((d) => d.event_id), ids.slice(0, 2));
      assert.equal(await once(), 2);
      assert.equal(await once(), 1);
      assert.equal(await once(), 0);
      assert.deepEqual((await deliveriesOf(ids)).map((d) => d.event_id), ids);
      await disableAll();
    });

    if (kind === 'postgres') {
      const fanOutOnce = (sql: Sql) => fanOutQueuedEvents(sql, 'postgres', { limit: 10, giveUpAfterMs: WEBHOOK_GIVE_UP_AFTER_MS });
      /** Runs `meanwhile` while a transaction of this store has fanned out and holds the fan-out lock; answers both counts. */
      async function whileFanningOut(meanwhile: () => Promise<number>): Promise<[number, number]> {
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        let signalTaken: () => void = () => undefined;
        const taken = new Promise<void>((resolve) => (signalTaken = resolve));
        const first = s.services.store.write(async (sql) => {
          const count = await fanOutOnce(sql);
          signalTaken();
          await held;
          return count;
        });
        await taken;
        let other: number;
        try {
          other = await meanwhile();
        } finally {
          release();
        }
        return [await first, other];
      }

      it('two processes never fan out at once: the second skips its turn while the first holds the lock', async () => {
        await disableAll();
        const platformID = s.platform.accountID;
        await hook(['account.created']);
        await record(platformID, [['account.created', { accountID: 'fan-lock' }]]);
        const [first, second] = await whileFanningOut(() => s.services.store.write((sql) => fanOutOnce(sql)));
        assert.equal(first, 1);
        assert.equal(second, 0, 'the second transaction did not take the lock');
        const [eventID] = await eventIDs(platformID, 1);
        assert.equal((await deliveriesOf([eventID!])).length, 1, 'one delivery, not two');
        await disableAll();
      });

      it('the lock is per schema: another schema of the same database fans out while this one holds it', async () => {
        // Advisory locks are database-wide; a constant key made parallel deployments (and test files) skip each other's turns.
        const other = await createTestStore('postgres');
        try {
          await other.store.write((sql) => sql.run("INSERT INTO webhook_fanout (event_id, resource_key, due_ms) VALUES ('evt-other-schema', NULL, 0)"));
          const [, elsewhere] = await whileFanningOut(() => other.store.write((sql) => fanOutOnce(sql)));
          assert.equal(elsewhere, 1, 'the other schema took its queued event');
          assert.equal(await other.store.read((sql) => countQueuedEvents(sql)), 0);
        } finally {
          await other.destroy();
        }
      });
    }

    it('migration 24 dates each enabled webhook from its creation and leaves disabled ones undated', async () => {
      const old = await storeBeforeMigration(kind, 24);
      try {
        await old.run('INSERT INTO platforms (platform_id, name, created_on) VALUES (?, ?, ?)', ['plat-m24', 'old', '2026-01-01T00:00:00.000Z']);
        const insert = 'INSERT INTO webhooks (webhook_id, platform_id, url, status, description, event_types, secret_sealed, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
        for (const [id, status, createdOn] of [['wh-m24-on', 'enabled', '2026-01-02T00:00:00.000Z'], ['wh-m24-off', 'disabled', '2026-01-03T00:00:00.000Z']] as const) {
          await old.run(insert, [id, 'plat-m24', 'http://127.0.0.1:9/old', status, 'old', '["*"]', 'sealed', createdOn, '2026-01-04T00:00:00.000Z']);
        }
        const store = old.open();
        try {
          assert.deepEqual(await store.migrate(), migrations.filter((m) => m.id >= 24).map((m) => m.id));
          const rows = await store.read((sql) => sql.all<{ webhook_id: string; enabled_on: string | null }>("SELECT webhook_id, enabled_on FROM webhooks WHERE platform_id = 'plat-m24' ORDER BY webhook_id"));
          assert.deepEqual(rows.map((row) => ({ ...row })), [
            { webhook_id: 'wh-m24-off', enabled_on: null },
            { webhook_id: 'wh-m24-on', enabled_on: '2026-01-02T00:00:00.000Z' },
          ]);
        } finally {
          await store.close();
        }
      } finally {
        await old.destroy();
      }
    });
  });
}
