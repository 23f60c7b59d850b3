import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { startReceiver, type TestReceiver } from '../support/webhook-receiver.ts';
import { create as createAccount, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { fanOutNow } from '../support/events.ts';

const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;

// Events of the accounts and wallets services are stamped with the platform clock (issue 13, item 4):
// after `POST /railyard/clock/advance` an event's createdOn and its deliveries' schedule follow it.
for (const kind of await storeKinds()) {
  describe(`events on the platform clock (${kind})`, () => {
    const s = serverPerSuite(kind, undefined, { beforeClose: () => receiver.close() });
    let receiver: TestReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    const call = (method: string, path: string, body?: unknown) => s.request(method, path, { ...(body !== undefined ? { body } : {}), headers: V2026 });

    it('an account created after a 2-day advance: createdOn and the delivery follow the platform clock, and a failed delivery is retried after a few minutes', async () => {
      assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 2 * DAY_S })).status, 200);
      const hook = await call('POST', '/webhooks', { url: receiver.url, status: 'enabled', eventTypes: ['account.created'], description: 'clock' });
      assert.equal(hook.status, 201, hook.text);
      const cursor = (await call('GET', '/railyard/events?count=1000')).json.nextCursor;
      const platformNow = Date.parse((await call('GET', '/railyard/clock')).json.now);
      assert.ok(platformNow >= Date.now() + 2 * DAY_MS - 60_000);

      const account = await createAccount(s, individual());
      const events = (await call('GET', `/railyard/events?after=${cursor}`)).json.events as Array<{ eventID: string; type: string; createdOn: string; data: { accountID?: string } }>;
      const event = events.find((e) => e.type === 'account.created' && e.data.accountID === account.accountID);
      assert.ok(event);
      assert.ok(Date.parse(event.createdOn) >= platformNow, `createdOn ${event.createdOn} is on the platform clock`);
      for (const other of events) assert.ok(Date.parse(other.createdOn) >= platformNow, `${other.type} on the platform clock`);

      const delivery = async () =>
        (await s.services.store.read((sql) =>
          sql.get<{ status: string; next_attempt_ms: number | string; give_up_after_ms: number | string; attempts: number | string }>(
            'SELECT status, next_attempt_ms, give_up_after_ms, attempts FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?',
            [hook.json.webhookID, event.eventID],
          ),
        ))!;
      await fanOutNow(s.services.store);
      const queued = await delivery();
      assert.ok(Number(queued.next_attempt_ms) >= platformNow, 'due on the platform clock');
      assert.ok(Number(queued.give_up_after_ms) >= platformNow + DAY_MS, 'given up a day after, on the platform clock');

      receiver.status = 500;
      await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
      const failed = await delivery();
      assert.equal(failed.status, 'pending', 'retried, not given up');
      assert.equal(Number(failed.attempts), 1);

      receiver.status = 200;
      assert.equal((await call('POST', '/railyard/clock/advance', { seconds: 300 })).status, 200);
      await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
      assert.equal((await delivery()).status, 'delivered');
      const got = receiver.received.filter((r) => JSON.parse(r.body).eventID === event.eventID);
      assert.equal(got.length, 2, 'the 500, then the retry');
    });
  });
}
