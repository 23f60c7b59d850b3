import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@railyard/contract';

/**
 * A programmable webhook receiver for the delivery tests: each path answers in
 * its own way (a status, a hang, a redirect, a 100 MB body, a delay), every
 * arrival is checked against its webhook's secret, and arrivals are counted
 * per (webhook, event) with the most that were ever in progress at once.
 */

export type Mode =
  | { kind: 'status'; status: number; delayMs?: number }
  | { kind: 'hang' }
  | { kind: 'redirect'; location: string }
  | { kind: 'huge'; bytes: number }
  /** Answers `status` for the first `times` arrivals of each event, then 200. */
  | { kind: 'fail-first'; times: number; status: number };

export interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  body: { eventID: string; type: string; data: Record<string, unknown>; createdOn: string };
  keys: string[];
  /** The signature checked with the secret of the webhook named in X-Webhook-ID. */
  verified: boolean;
}

export interface DeliveryReceiver {
  url(path: string): string;
  /** The behaviour of a path (default 200 at once). */
  modes: Map<string, Mode>;
  /** Secrets by webhook ID, for the signature check. */
  secrets: Map<string, string>;
  arrivals: Arrival[];
  arrivalsAt(path: string): Arrival[];
  /** Requests still held by a `hang` path. */
  hanging: ServerResponse[];
  /** Per `webhookID/eventID`: arrivals, and the most in progress at one time. */
  counts: Map<string, { arrivals: number; maxConcurrent: number; current: number }>;
  /** Bytes the `huge` paths wrote before the sender hung up. */
  hugeWritten: number;
  /** Resolves once `predicate` holds (checked on every arrival and every 20 ms), or rejects after `timeoutMs`. */
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startDeliveryReceiver(): Promise<DeliveryReceiver> {
  const waiters = new Set<() => void>();
  const receiver: DeliveryReceiver = {
    url: () => '',
    modes: new Map(),
    secrets: new Map(),
    arrivals: [],
    arrivalsAt: (path) => receiver.arrivals.filter((a) => a.path === path),
    hanging: [],
    counts: new Map(),
    hugeWritten: 0,
    until(predicate, timeoutMs = 10_000) {
      if (predicate()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate()) return;
          cleanup();
          resolve();
        };
        const poll = setInterval(check, 20);
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`receiver: condition not met within ${timeoutMs} ms (${receiver.arrivals.length} arrivals)`));
        }, timeoutMs);
        const cleanup = () => {
          clearInterval(poll);
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Arrival['body'];
      try {
        body = JSON.parse(text) as Arrival['body'];
      } catch {
        response.writeHead(400).end();
        return;
      }
      const webhookID = String(request.headers['x-webhook-id'] ?? '');
      const secret = receiver.secrets.get(webhookID);
      const verified = secret !== undefined && (await verifyWebhookSignature(request.headers, secret));
      const key = `${webhookID}/${body.eventID}`;
      const count = receiver.counts.get(key) ?? { arrivals: 0, maxConcurrent: 0, current: 0 };
      count.arrivals++;
      count.current++;
      count.maxConcurrent = Math.max(count.maxConcurrent, count.current);
      receiver.counts.set(key, count);
      response.on('close', () => count.current--);
      receiver.arrivals.push({ path, headers: request.headers, body, keys: Object.keys(body), verified });
      for (const waiter of [...waiters]) waiter();
      const mode = receiver.modes.get(path) ?? { kind: 'status', status: 200 };
      switch (mode.kind) {
        case 'status':
          if (mode.delayMs) setTimeout(() => response.writeHead(mode.status).end('ok'), mode.delayMs);
          else response.writeHead(mode.status).end('ok');
          return;
        case 'fail-first':
          response.writeHead(count.arrivals <= mode.times ? mode.status : 200).end();
          return;
        case 'hang':
          receiver.hanging.push(response);
          return;
        case 'redirect':
          response.writeHead(302, { location: mode.location }).end();
          return;
        case 'huge': {
          const piece = Buffer.alloc(64 * 1024, 'x');
          let written = 0;
          response.writeHead(200, { 'content-length': String(mode.bytes) });
          const pump = () => {
            while (written < mode.bytes && !response.destroyed) {
              written += piece.length;
              receiver.hugeWritten += piece.length;
              if (!response.write(piece)) return void response.once('drain', pump);
            }
            response.end();
          };
          pump();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.url = (path) => base + path;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
