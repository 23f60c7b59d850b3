import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@railyard/contract';
import { MAX_RESPONSE_BYTES, RunConnection, SEND_TIMEOUT_MS, sendSigned } from '../../src/domain/webhooks/send.ts';

/**
 * The sender on its own against hostile receivers (decision 1500): what counts
 * as delivered, and that no receiver costs more than the deadline or more than
 * 64 KiB of reading.
 */

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let base = '';
const routes = new Map<string, Handler>();
/** Bytes the /huge route managed to write before the sender went away. */
let hugeWritten = 0;
let hugeClosed: Promise<void> = Promise.resolve();

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const handler = routes.get(request.url ?? '') ?? ((_q, _b, r) => r.writeHead(404).end());
      handler(request, Buffer.concat(chunks).toString('utf8'), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input = (path: string) => ({ url: base + path, webhookID: 'dff0a709-f982-4475-81e8-214b435c74ab', secret: 'shh-secret', body: '{"eventID":"e1"}' });

describe('sendSigned', () => {
  it('a 2xx is delivered; the request carries the body, JSON content type and four headers that verify', async () => {
    let seen: { headers: IncomingMessage['headers']; body: string; method: string } | undefined;
    routes.set('/ok', (request, body, response) => {
      seen = { headers: request.headers, body, method: request.method ?? '' };
      response.writeHead(204).end();
    });
    const result = await sendSigned(input('/ok'));
    assert.equal(result.outcome, 'delivered');
    assert.equal(result.statusCode, 204);
    assert.equal(result.error, undefined);
    assert.ok(result.latencyMs >= 0 && result.latencyMs < SEND_TIMEOUT_MS);
    assert.ok(seen);
    assert.equal(seen.method, 'POST');
    assert.equal(seen.body, '{"eventID":"e1"}');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.match(String(seen.headers['x-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.match(String(seen.headers['x-nonce']), /^[A-Za-z0-9]{60}$/);
    assert.equal(seen.headers['x-webhook-id'], 'dff0a709-f982-4475-81e8-214b435c74ab');
    assert.match(String(seen.headers['x-signature']), /^[0-9a-f]{128}$/);
    assert.equal(await verifyWebhookSignature(seen.headers as Record<string, string>, 'shh-secret'), true);
    assert.equal(await verifyWebhookSignature(seen.headers as Record<string, string>, 'other'), false);
    // The log gets the request as sent.
    assert.equal(result.request.body, '{"eventID":"e1"}');
    assert.equal(result.request.headers['X-Signature'], seen.headers['x-signature']);
    assert.equal(result.request.url, base + '/ok');
  });

  it('every nonce is fresh', async () => {
    const nonces = new Set<string>();
    routes.set('/nonce', (request, _body, response) => {
      nonces.add(String(request.headers['x-nonce']));
      response.writeHead(200).end();
    });
    await Promise.all(Array.from({ length: 10 }, () => sendSigned(input('/nonce'))));
    assert.equal(nonces.size, 10);
  });

  it('a 4xx or 5xx fails with its status', async () => {
    routes.set('/500', (_q, _b, response) => response.writeHead(500).end('boom'));
    routes.set('/410', (_q, _b, response) => response.writeHead(410).end());
    const failed = await sendSigned(input('/500'));
    assert.deepEqual([failed.outcome, failed.statusCode, failed.error], ['failed', 500, 'HTTP 500']);
    assert.equal((await sendSigned(input('/410'))).statusCode, 410);
  });

  it('a redirect is never followed: a 3xx fails', async () => {
    let followed = false;
    routes.set('/moved', (_q, _b, response) => response.writeHead(307, { location: base + '/target' }).end());
    routes.set('/target', (_q, _b, response) => {
      followed = true;
      response.writeHead(200).end();
    });
    const result = await sendSigned(input('/moved'));
    assert.equal(result.outcome, 'failed');
    assert.equal(result.statusCode, 307);
    assert.match(result.error ?? '', /redirect not followed/);
    assert.equal(followed, false);
  });

  it('a receiver that never answers costs the deadline, no more', async () => {
    routes.set('/hang', () => undefined);
    const started = Date.now();
    const result = await sendSigned(input('/hang'), { timeoutMs: 400 });
    const took = Date.now() - started;
    assert.equal(result.outcome, 'failed');
    assert.equal(result.statusCode, undefined);
    assert.match(result.error ?? '', /timed out after 400 ms/);
    assert.ok(took >= 380 && took < 2_000, `took ${took} ms`);
  });

  it('the default deadline is 5 s for the whole exchange: a 200 whose body never ends fails', async () => {
    routes.set('/trickle', (_q, _b, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('still going');
      // …and never ends.
    });
    const started = Date.now();
    const result = await sendSigned(input('/trickle'));
    const took = Date.now() - started;
    assert.equal(result.outcome, 'failed');
    assert.equal(result.statusCode, 200);
    assert.match(result.error ?? '', /timed out after 5000 ms/);
    assert.ok(took >= 4_900 && took < 7_000, `took ${took} ms`);
  });

  it('a 100 MB answer is cut after 64 KiB: delivered by its status, quickly, without reading the rest', async () => {
    hugeWritten = 0;
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let closed!: () => void;
    hugeClosed = new Promise<void>((resolve) => (closed = resolve));
    routes.set('/huge', (_q, _b, response) => {
      response.writeHead(200, { 'content-length': String(total) });
      response.on('close', () => closed());
      const pump = () => {
        while (hugeWritten < total && !response.destroyed) {
          hugeWritten += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const result = await sendSigned(input('/huge'));
    const took = Date.now() - started;
    await hugeClosed;
    assert.equal(result.outcome, 'delivered');
    assert.equal(result.statusCode, 200);
    assert.ok(took < 2_000, `took ${took} ms`);
    // The receiver could hand the socket a few buffers' worth before the sender hung up, nowhere near 100 MB.
    assert.ok(hugeWritten < 16 * 1024 * 1024, `receiver wrote ${hugeWritten} bytes`);
    assert.ok(process.memoryUsage().heapUsed - heapBefore < 32 * 1024 * 1024, 'the answer was not kept');
    assert.equal(MAX_RESPONSE_BYTES, 65_536);
  });

  it('a refused connection, a bad URL and a scheme other than http(s) fail without throwing', async () => {
    const closedServer = createServer();
    await new Promise<void>((resolve) => closedServer.listen(0, '127.0.0.1', resolve));
    const port = (closedServer.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closedServer.close(() => resolve()));
    const refused = await sendSigned({ ...input(''), url: `http://127.0.0.1:${port}/` });
    assert.equal(refused.outcome, 'failed');
    assert.match(refused.error ?? '', /ECONNREFUSED/);
    assert.equal((await sendSigned({ ...input(''), url: 'not a url' })).outcome, 'failed');
    const ftp = await sendSigned({ ...input(''), url: 'ftp://127.0.0.1/' });
    assert.deepEqual([ftp.outcome, ftp.error], ['failed', 'unsupported URL scheme ftp:']);
  });

  it("a run's connection carries its sends one after the other while they succeed; a failure or close() ends it", async () => {
    const sockets: unknown[] = [];
    routes.set('/run-ok', (request, _body, response) => {
      if (!sockets.includes(request.socket)) sockets.push(request.socket);
      response.writeHead(200).end('ok');
    });
    routes.set('/run-fail', (request, _body, response) => {
      if (!sockets.includes(request.socket)) sockets.push(request.socket);
      response.writeHead(503).end();
    });
    const connection = new RunConnection();
    try {
      for (let i = 0; i < 3; i++) assert.equal((await sendSigned(input('/run-ok'), { connection })).outcome, 'delivered');
      assert.equal(sockets.length, 1, 'three complete 2xx answers, one connection');
      assert.equal((await sendSigned(input('/run-fail'), { connection })).outcome, 'failed');
      assert.equal((await sendSigned(input('/run-ok'), { connection })).outcome, 'delivered');
      assert.equal(sockets.length, 2, 'a failed send closes its socket: the next one connects again');
    } finally {
      connection.close();
    }
    // Without a run's connection every send has its own socket (nothing kept alive between attempts).
    await sendSigned(input('/run-ok'));
    await sendSigned(input('/run-ok'));
    assert.equal(sockets.length, 4);
  });
});

