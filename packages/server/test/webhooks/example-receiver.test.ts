import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.ts';
import { create as createAccount, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';

/**
 * docs/examples/webhook-receiver.mjs, the plain-Node receiver docs/webhooks.md shows, run as a
 * child process with a real Railyard server delivering to it.
 */
const EXAMPLE = join(resolve(import.meta.dirname, '../../../..'), 'docs/examples/webhook-receiver.mjs');

describe('docs/examples/webhook-receiver.mjs', () => {
  let s: TestServer;
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  let receiverURL = '';
  let hook: { webhookID: string };
  let secret = '';
  const call = (method: string, path: string, body?: unknown) => s.request(method, path, { ...(body !== undefined ? { body } : {}), headers: V2026 });
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in: ${output}`);
      await new Promise((done) => setTimeout(done, 20));
    }
  };
  const count = (text: string) => output.split('\n').filter((line) => line === text).length;

  before(async () => {
    s = await startTestServer('sqlite');
    const body = { url: 'http://127.0.0.1:9/not-yet', status: 'enabled', eventTypes: ['account.created'], description: 'example receiver' };
    hook = (await call('POST', '/webhooks', body)).json;
    secret = (await call('GET', `/webhooks/${hook.webhookID}/secret`)).json.secret;
    child = spawn(process.execPath, [EXAMPLE], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await waitFor(/listening on (\S+)/);
    receiverURL = /listening on (\S+)/.exec(output)![1]!;
    const put = await call('PUT', `/webhooks/${hook.webhookID}`, { ...body, url: receiverURL });
    assert.equal(put.status, 200, put.text);
  });
  after(async () => {
    child.kill('SIGTERM');
    await s.close();
  });

  it('accepts signed deliveries, processes each eventID once, and refuses forged ones (400)', async () => {
    const cursor = (await call('GET', '/railyard/events?count=1000')).json.nextCursor;
    const account = await createAccount(s, individual());
    const event = (await call('GET', `/railyard/events?after=${cursor}`)).json.events.find(
      (e: { type: string; data: { accountID: string } }) => e.type === 'account.created' && e.data.accountID === account.accountID,
    );
    assert.ok(event);
    await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
    await waitFor(new RegExp(`processed ${event.eventID} account.created`));
    const [attempt] = (await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries?count=1`)).json;
    assert.deepEqual([attempt.eventID, attempt.outcome, attempt.statusCode], [event.eventID, 'delivered', 204]);

    // The same event again (a redelivery): acknowledged (2xx), not processed twice.
    assert.equal((await call('POST', `/railyard/webhooks/${hook.webhookID}/redeliver`, { eventID: event.eventID })).status, 202);
    await s.services.webhookDelivery.runDue({ platformID: s.platform.accountID });
    await waitFor(new RegExp(`duplicate ${event.eventID}`));
    const [again] = (await call('GET', `/railyard/webhooks/${hook.webhookID}/deliveries?count=1`)).json;
    assert.deepEqual([again.eventID, again.outcome, again.statusCode], [event.eventID, 'delivered', 204]);
    assert.equal(count(`processed ${event.eventID} account.created`), 1, 'processed once');

    // Forged: a wrong secret, a missing header, a stale (but correctly signed) timestamp.
    const forgedID = '2f1c5a9e-0000-4000-8000-000000000000';
    const post = (headers: Record<string, string>) =>
      fetch(receiverURL, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ ...event, eventID: forgedID }) });
    const signed = (key: string, timestamp: string) => {
      const nonce = 'n'.repeat(60);
      return { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-webhook-id': hook.webhookID, 'x-signature': createHmac('sha512', key).update(`${timestamp}|${nonce}|${hook.webhookID}`).digest('hex') };
    };
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    assert.equal((await post(signed('not the secret', now))).status, 400);
    const { 'x-signature': _dropped, ...unsigned } = signed(secret, now);
    assert.equal((await post(unsigned)).status, 400);
    assert.equal((await post(signed(secret, '2020-01-01T00:00:00Z'))).status, 400);
    assert.ok(!output.includes(forgedID), 'nothing forged was processed');
    // A correctly signed one is accepted: the refusals above were for the forgery, not the request.
    assert.equal((await post(signed(secret, now))).status, 204);
    await waitFor(new RegExp(`processed ${forgedID}`));
  });
});
