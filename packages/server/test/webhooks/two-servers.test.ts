import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { startDeliveryReceiver } from '../support/delivery-receiver.ts';
import { allEvents, api, basicAuth, startServe, type ServeProcess } from '../support/serve-process.ts';
import { individual } from '../support/accounts.ts';

/**
 * Two `railyard serve` processes on one PostgreSQL database deliver the same
 * outbox (decision 1500): claims are exclusive (`FOR UPDATE SKIP LOCKED`) and
 * leases (30 s) far outlast a send, so without a crash each delivery is sent
 * exactly once, never by both at the same time, and each resource's events
 * still arrive in the order they were recorded.
 */

const postgres = (await storeKinds()).includes('postgres');
const ACCOUNTS = 24;

describe('webhook delivery from two serve processes (postgres)', { skip: postgres ? false : 'PostgreSQL does not answer' }, () => {
  it('sends each delivery once, never concurrently, in order', async () => {
    const database = `railyard_wh_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    const receiver = await startDeliveryReceiver();
    // Slow enough that both processes have sends out at once.
    receiver.modes.set('/both', { kind: 'status', status: 200, delayMs: 20 });
    receiver.modes.set('/other', { kind: 'status', status: 200, delayMs: 20 });
    const key = `pk_two_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    const authorization = basicAuth(key);
    const env = { RAILYARD_BOOTSTRAP_KEY: key, RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const args = ['--db', url.toString(), '--job-poll-ms', '20'];
    const servers: ServeProcess[] = [];
    try {
      // One after the other: the first applies the migrations.
      servers.push(await startServe(args, env));
      servers.push(await startServe(args, env));
      const [a, b] = servers as [ServeProcess, ServeProcess];
      const webhooks: string[] = [];
      for (const path of ['/both', '/other']) {
        const created = await api(a.url, authorization, 'POST', '/webhooks', { url: receiver.url(path), status: 'enabled', eventTypes: ['*'], description: path });
        assert.equal(created.status, 201, JSON.stringify(created.json));
        const webhookID = created.json.webhookID as string;
        // The secret through the other process: both open it with the shared key.
        receiver.secrets.set(webhookID, (await api(b.url, authorization, 'GET', `/webhooks/${webhookID}/secret`)).json.secret);
        webhooks.push(webhookID);
      }
      const earlier = (await allEvents(a.url, authorization)).length;

      // Events through both processes, four at a time.
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = next++; i < ACCOUNTS; i = next++) {
            const server = i % 2 === 0 ? a : b;
            assert.equal((await api(server.url, authorization, 'POST', '/accounts', individual())).status, 200);
          }
        }),
      );
      const events = (await allEvents(b.url, authorization)).slice(earlier);
      assert.ok(events.length >= ACCOUNTS);
      await receiver.until(() => events.every((event) => webhooks.every((w) => receiver.counts.has(`${w}/${event.eventID}`))), 30_000);
      // Give a duplicate, if there were one, time to show up.
      await new Promise((resolve) => setTimeout(resolve, 300));

      for (const webhookID of webhooks) {
        for (const event of events) {
          const count = receiver.counts.get(`${webhookID}/${event.eventID}`)!;
          assert.equal(count.arrivals, 1, `${event.eventID} sent once to ${webhookID}`);
          assert.equal(count.maxConcurrent, 1);
        }
        const path = webhookID === webhooks[0] ? '/both' : '/other';
        const arrived = receiver.arrivalsAt(path).map((arrival) => arrival.body.eventID as string);
        assert.deepEqual([...arrived].sort(), events.map((event) => event.eventID).sort(), 'every event arrived, none other');
        // The order kept is each resource's (docs/webhooks.md "Order"): the account
        // requests ran concurrently, and on PostgreSQL a transaction may commit after
        // one that took a later sequence number, so events of different accounts
        // have no order between them; one account's events arrive as recorded.
        const accountOf = (eventID: string) => (events.find((event) => event.eventID === eventID)!.data as { accountID: string }).accountID;
        for (const accountID of new Set(events.map((event) => (event.data as { accountID: string }).accountID))) {
          assert.deepEqual(
            arrived.filter((eventID) => accountOf(eventID) === accountID),
            events.filter((event) => (event.data as { accountID: string }).accountID === accountID).map((event) => event.eventID),
            `account ${accountID}'s events arrived in the order they were recorded, across both processes`,
          );
        }
      }
      assert.ok(receiver.arrivals.every((arrival) => arrival.verified));
      const rows = new pg.Client({ connectionString: url.toString() });
      await rows.connect();
      try {
        const stats = await rows.query<{ status: string; attempts: number; n: string }>(
          'SELECT status, attempts, COUNT(*) AS n FROM webhook_deliveries GROUP BY status, attempts',
        );
        assert.deepEqual(
          stats.rows.map((r) => [r.status, Number(r.attempts), Number(r.n)]),
          [['delivered', 1, events.length * webhooks.length]],
        );
        // Which process sent what (claimed_by is kept after the delivery ends): a diagnostic, not a rule.
        const byWorker = await rows.query<{ claimed_by: string; n: string }>('SELECT claimed_by, COUNT(*) AS n FROM webhook_deliveries GROUP BY claimed_by');
        process.stdout.write(`# sent by ${byWorker.rows.map((r) => `${r.claimed_by.split(':')[1]}: ${r.n}`).join(', ')}\n`);
      } finally {
        await rows.end();
      }
    } finally {
      for (const server of servers) await server.stop();
      await receiver.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
