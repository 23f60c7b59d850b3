import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startDeliveryReceiver } from '../support/delivery-receiver.ts';
import { allEvents, api, basicAuth, startServe, type ServeProcess } from '../support/serve-process.ts';
import { individual } from '../support/accounts.ts';

/**
 * At least once across crashes (decision 1500): `railyard serve` on a SQLite
 * file is killed with SIGKILL at random moments while it records events and
 * delivers them, and started again on the same database. A send whose
 * outcome was not recorded is sent again once its lease lapses, so afterwards
 * every recorded event has reached the receiver at least once (receivers
 * deduplicate by eventID). Short on purpose: three kills.
 */

const KILLS = 3;
/** Accounts each life of the server makes before it is killed (each records one event): 3 × 7 ≥ the 20 events checked below. */
const MIN_ACCOUNTS_PER_LIFE = 7;
const LEASE_MS = 1_000;

describe('webhook delivery across kill -9 (sqlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'railyard-webhook-crash-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every recorded event arrives at least once', async () => {
    const receiver = await startDeliveryReceiver();
    // Slow enough that a backlog builds and a kill lands in the middle of a send.
    receiver.modes.set('/crash', { kind: 'status', status: 200, delayMs: 25 });
    const key = `pk_crash_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    const authorization = basicAuth(key);
    const args = ['--db', `sqlite:${join(dir, 'railyard.db')}`, '--job-poll-ms', '20', '--webhook-lease-ms', String(LEASE_MS)];
    const env = { RAILYARD_BOOTSTRAP_KEY: key };
    let server: ServeProcess | undefined = await startServe(args, env);
    try {
      const created = await api(server.url, authorization, 'POST', '/webhooks', {
        url: receiver.url('/crash'),
        status: 'enabled',
        eventTypes: ['*'],
        description: 'crash test',
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const webhookID = created.json.webhookID as string;
      receiver.secrets.set(webhookID, (await api(server.url, authorization, 'GET', `/webhooks/${webhookID}/secret`)).json.secret);
      // Events from before the webhook (the platform's own, made at the first start) are not sent to it.
      const earlier = (await allEvents(server.url, authorization)).length;

      let killsMidSend = 0;
      for (let kill = 0; kill < KILLS; kill++) {
        const current = server;
        // Events keep coming (four requests at a time) until the kill; requests cut off by it may or may not have committed.
        let running = true;
        let made = 0;
        const load = Array.from({ length: 4 }, async () => {
          while (running) {
            try {
              if ((await api(current.url, authorization, 'POST', '/accounts', individual())).status === 200) made++;
            } catch {
              return;
            }
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 300 + Math.floor(Math.random() * 500)));
        // On a loaded machine a few hundred ms may make only a handful of accounts: wait for enough to matter (bounded).
        await receiver.until(() => made >= MIN_ACCOUNTS_PER_LIFE, 15_000).catch(() => undefined);
        // Then the first moment a delivery is being received (the sender is between sending and recording).
        const midSend = () => [...receiver.counts.values()].some((count) => count.current > 0);
        await receiver.until(midSend, 2_000).catch(() => undefined);
        if (midSend()) killsMidSend++;
        await current.kill();
        running = false;
        await Promise.all(load);
        server = undefined;
        server = await startServe(args, env);
      }

      const events = (await allEvents(server.url, authorization)).slice(earlier);
      assert.ok(events.length >= 20, `events were recorded (${events.length})`);
      const arrived = (eventID: string) => receiver.counts.has(`${webhookID}/${eventID}`);
      // A send cut off by a kill goes out again once its lease lapses (and the server is back).
      await receiver.until(() => events.every((event) => arrived(event.eventID)), 30_000);

      const missing = events.filter((event) => !arrived(event.eventID));
      assert.deepEqual(missing, [], 'every recorded event reached the receiver');
      const ids = new Set(events.map((event) => event.eventID));
      assert.ok(receiver.arrivals.every((arrival) => ids.has(arrival.body.eventID)), 'nothing that was not recorded arrived');
      assert.ok(receiver.arrivals.every((arrival) => arrival.verified), 'every arrival is signed with the webhook secret');
      assert.ok(killsMidSend >= 1, 'at least one kill landed while a delivery was being received');
      const duplicates = receiver.arrivals.length - ids.size;
      process.stdout.write(`# ${ids.size} events, ${receiver.arrivals.length} arrivals (${duplicates} sent again after a kill), ${killsMidSend} of ${KILLS} kills mid-send\n`);
    } finally {
      await server?.stop();
      await receiver.close();
    }
  });
});
