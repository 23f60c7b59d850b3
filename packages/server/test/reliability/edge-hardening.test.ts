import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { operations, type OperationDef } from '@railyard/contract';
import { startInProcess, type InProcess } from './in-process.ts';
import { completeIndividual } from '../support/accounts.ts';

/**
 * Hardening at the edge (issue 14, item 5; docs/operations.md "Limits at the
 * edge", decision 1401): timeouts against slow and idle clients, bounds on
 * requests in progress, JSON shape limits, and error bodies that never carry a
 * stack trace or SQL. Body size (413) and header size (431) are tested in
 * test/http/edge.test.ts. Limits are shortened here so the test is quick; the
 * defaults are DEFAULT_EDGE_LIMITS.
 */

const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 500,
  maxInFlight: 4,
  maxInFlightPerConnection: 2,
  maxJsonDepth: 32,
  maxJsonKeys: 2_000,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that keeps what it reads and notes when the server closed it. */
function openSocket(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(Number(port), hostname, () => resolve({ socket, received: () => received, closed }));
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => (received += chunk));
    socket.once('error', reject);
  });
}

/** Every answer in a raw HTTP/1.1 stream: status and body, in order. */
function answers(raw: string): Array<{ status: number; body: string }> {
  const found: Array<{ status: number; body: string }> = [];
  const pattern = /HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const length = Number(/content-length: (\d+)/i.exec(match[2]!)?.[1] ?? 0);
    const bodyStart = match.index + match[0].length;
    found.push({ status: Number(match[1]), body: raw.slice(bodyStart, bodyStart + length) });
    pattern.lastIndex = bodyStart + length;
  }
  return found;
}

describe('hardening at the edge', () => {
  let s: InProcess;
  before(async () => {
    s = await startInProcess('sqlite', { edgeLimits: LIMITS });
  });
  after(() => s.close());

  it('cuts off a client that sends its headers too slowly (slow-loris) with a 408 {"error"}', async () => {
    const { socket, received, closed } = await openSocket(s.url);
    socket.write('GET /ping HTTP/1.1\r\nHost: x\r\n');
    // One header byte every 200 ms: never idle long, never done.
    const drip = setInterval(() => !socket.destroyed && socket.write('X'), 200);
    try {
      const after = await closed;
      assert.ok(after < LIMITS.headersTimeoutMs + 2_500, `closed after ${after} ms`);
      const [answer] = answers(received());
      assert.equal(answer?.status, 408, received());
      assert.deepEqual(JSON.parse(answer!.body), { error: 'the request did not arrive in time' });
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('cuts off a client that sends its body too slowly with a 408', async () => {
    const { socket, received, closed } = await openSocket(s.url);
    socket.write(`POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"grant_type":`);
    const drip = setInterval(() => !socket.destroyed && socket.write(' '), 200);
    try {
      const after = await closed;
      assert.ok(after < LIMITS.requestTimeoutMs + 2_500, `closed after ${after} ms`);
      assert.equal(answers(received())[0]?.status, 408, received());
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('closes a keep-alive connection left idle', async () => {
    const { socket, received, closed } = await openSocket(s.url);
    socket.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
    const after = await closed;
    assert.equal(answers(received())[0]?.status, 401, 'the request itself was answered');
    assert.ok(after < LIMITS.keepAliveTimeoutMs + 2_000, `idle connection closed after ${after} ms`);
  });

  it('answers 503 to pipelined requests beyond the bound per connection, and answers them all in order', async () => {
    const { socket, received } = await openSocket(s.url);
    const request = `GET /accounts/${s.platform.accountID} HTTP/1.1\r\nHost: x\r\nAuthorization: ${s.platform.auth}\r\nX-Moov-Version: v2026.01.00\r\n\r\n`;
    socket.write(request.repeat(6));
    const deadline = Date.now() + 10_000;
    while (answers(received()).length < 6 && Date.now() < deadline) await pause(20);
    socket.destroy();
    const statuses = answers(received()).map((answer) => answer.status);
    assert.equal(statuses.length, 6, received().slice(0, 500));
    assert.ok(statuses.filter((status) => status === 200).length >= LIMITS.maxInFlightPerConnection, statuses.join(','));
    assert.ok(statuses.includes(503), `some requests beyond the bound were refused: ${statuses.join(',')}`);
    assert.ok(statuses.every((status) => status === 200 || status === 503), statuses.join(','));
    const refused = answers(received()).find((answer) => answer.status === 503)!;
    assert.match(JSON.parse(refused.body).error, /too many requests in progress on this connection/);
  });

  it('answers 503 with Retry-After to requests beyond the bound in total, and serves the rest', async () => {
    // Requests held in progress on purpose (their bodies half sent), so the bound is reached
    // whatever the machine's speed: a burst of fetches may not overlap on a fast or busy machine.
    const body = JSON.stringify(completeIndividual());
    const half = Math.floor(body.length / 2);
    const held = await Promise.all(Array.from({ length: LIMITS.maxInFlight }, () => openSocket(s.url)));
    for (const { socket } of held) {
      socket.write(
        `POST /accounts HTTP/1.1\r\nHost: x\r\nAuthorization: ${s.platform.auth}\r\nX-Moov-Version: v2026.01.00\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    }
    await pause(200);
    const refused = await fetch(`${s.url}/accounts/${s.platform.accountID}`, { headers: { authorization: s.platform.auth, 'x-moov-version': 'v2026.01.00' } });
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.match(((await refused.json()) as { error: string }).error, /too many requests in progress on the server/);
    // The held requests are served once their bodies arrive.
    for (const { socket } of held) socket.write(body.slice(half));
    const deadline = Date.now() + 10_000;
    while (held.some(({ received }) => answers(received()).length === 0) && Date.now() < deadline) await pause(20);
    assert.deepEqual(held.map(({ received }) => answers(received())[0]?.status), held.map(() => 200));
    for (const { socket } of held) socket.destroy();
    // Once they are answered, requests are served again.
    const later = await fetch(`${s.url}/accounts/${s.platform.accountID}`, { headers: { authorization: s.platform.auth, 'x-moov-version': 'v2026.01.00' } });
    assert.equal(later.status, 200);
  });

  it('refuses JSON nested too deep or with too many keys: 400 {"error"}, nothing written', async () => {
    const post = (body: string) =>
      fetch(`${s.url}/accounts`, { method: 'POST', headers: { authorization: s.platform.auth, 'x-moov-version': 'v2026.01.00', 'content-type': 'application/json' }, body });
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const tooDeep = await post(deep(LIMITS.maxJsonDepth + 1));
    assert.equal(tooDeep.status, 400);
    assert.deepEqual(await tooDeep.json(), { error: `the JSON body is nested deeper than ${LIMITS.maxJsonDepth} levels` });
    const deepest = await post(deep(LIMITS.maxJsonDepth));
    assert.doesNotMatch(await deepest.text(), /nested deeper/, 'the limit itself is accepted');
    const manyKeys = await post(JSON.stringify(Object.fromEntries(Array.from({ length: LIMITS.maxJsonKeys + 1 }, (_, i) => [`k${i}`, i]))));
    assert.equal(manyKeys.status, 400);
    assert.deepEqual(await manyKeys.json(), { error: `the JSON body has more than ${LIMITS.maxJsonKeys} keys` });
    // Keys count over every level, so splitting them across objects does not help.
    const spread = Array.from({ length: 30 }, (_, i) => Object.fromEntries(Array.from({ length: 70 }, (_, j) => [`k${i}_${j}`, j])));
    assert.equal((await post(JSON.stringify({ spread }))).status, 400);
  });

  it('never puts a stack trace, SQL or a file path in an error body, whatever the route or input', async () => {
    const FORBIDDEN = /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|\/work\/|SQLITE|SELECT |INSERT INTO|UPDATE \w+ SET|DELETE FROM|syntax error at|duplicate key|violates|Error: /;
    const bodies = ['{', '{"amount":{"value":"NaN"}}', '{"__proto__":{"x":1}}', '[' + '['.repeat(40) + ']'.repeat(41), JSON.stringify({ accountType: 7, metadata: { ['k'.repeat(300)]: 'v' } })];
    let checked = 0;
    for (const op of operations as readonly OperationDef[]) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'accountID' ? s.platform.accountID : randomUUID()));
      for (const body of op.method === 'GET' || op.method === 'DELETE' ? [undefined] : bodies) {
        const response = await s.app.inject({
          method: op.method,
          url: path,
          headers: { authorization: s.platform.auth, 'x-moov-version': 'v2026.01.00', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { payload: body } : {}),
        });
        checked++;
        if (response.statusCode >= 400) assert.doesNotMatch(response.body, FORBIDDEN, `${op.id} ${response.statusCode}: ${response.body.slice(0, 300)}`);
      }
    }
    // An error nobody planned for (the store closed under the server) is an empty 500, its cause in the log only.
    const broken = await startInProcess('sqlite');
    try {
      await broken.testStore.store.close();
      const response = await broken.app.inject({
        method: 'POST',
        url: '/accounts',
        headers: { authorization: broken.platform.auth, 'x-moov-version': 'v2026.01.00', 'content-type': 'application/json' },
        payload: JSON.stringify(completeIndividual()),
      });
      assert.ok(response.statusCode >= 500, `${response.statusCode}`);
      assert.doesNotMatch(response.body, FORBIDDEN);
      assert.ok(response.body === '' || Object.keys(JSON.parse(response.body)).join() === 'error', response.body);
    } finally {
      await broken.close().catch(() => undefined);
    }
    assert.ok(checked > 100, `${checked} error answers checked`);
  });
});
