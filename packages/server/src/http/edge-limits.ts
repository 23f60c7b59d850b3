import type { FastifyInstance } from 'fastify';
import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { sendGenericError } from './errors.ts';

/**
 * Bounds at the HTTP edge, so one client (slow, greedy or hostile) cannot hold
 * the server's sockets, memory or event loop (docs/operations.md "Limits at
 * the edge", decision 1401). Body size and header size limits live beside
 * these: `bodyLimit` (256 KiB) and Node's 16 KiB of headers (431).
 */
export interface EdgeLimits {
  /** All request headers must have arrived within this (slow-loris on the headers): 408. */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this (slow-loris on the body): 408. */
  requestTimeoutMs: number;
  /** A keep-alive connection with no request in this long is closed. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (longer than any wait the API makes: X-Wait-For is 15 s). */
  socketIdleTimeoutMs: number;
  /** Requests in progress at once, over all connections; more are answered 503 with Retry-After. */
  maxInFlight: number;
  /** Requests in progress at once on one connection (HTTP/1.1 pipelining); more are answered 503. */
  maxInFlightPerConnection: number;
  /** Nesting of a JSON body (objects and arrays); deeper is a 400. */
  maxJsonDepth: number;
  /** Object keys in a JSON body, counted over every level; more is a 400. */
  maxJsonKeys: number;
}

export const DEFAULT_EDGE_LIMITS: EdgeLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  socketIdleTimeoutMs: 60_000,
  maxInFlight: 1_024,
  maxInFlightPerConnection: 16,
  maxJsonDepth: 32,
  maxJsonKeys: 2_000,
};

/** The Fastify constructor options these limits set. */
export function edgeServerOptions(limits: EdgeLimits): { http: ServerOptions; requestTimeout: number; keepAliveTimeout: number; connectionTimeout: number } {
  return {
    // Node checks both request timeouts on a timer: once a second, not every 30 s, so a slow client is cut near its deadline.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs) },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.socketIdleTimeoutMs,
  };
}

const IN_FLIGHT = Symbol('railyard.inFlight');
type CountedSocket = Socket & { [IN_FLIGHT]?: number };

/**
 * Counts requests in progress, in total and per connection, and answers 503
 * (`{"error"}`, Retry-After: 1) to one over either bound before any other
 * work is done for it. A request leaves the count when its response closes,
 * whether finished or cut off. Must be the first onRequest hook. Answers the
 * count of requests in progress (admitted, not yet closed), which the webhook
 * worker's API-pressure signal reads too (api-pressure.ts).
 */
export function boundConcurrency(app: FastifyInstance, limits: EdgeLimits): () => number {
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as CountedSocket;
    const onSocket = socket[IN_FLIGHT] ?? 0;
    if (inFlight >= limits.maxInFlight || onSocket >= limits.maxInFlightPerConnection) {
      reply.header('x-request-id', request.id).header('retry-after', '1');
      const which = inFlight >= limits.maxInFlight ? 'the server' : 'this connection';
      sendGenericError(reply, 503, `too many requests in progress on ${which}; retry shortly`);
      return;
    }
    inFlight++;
    socket[IN_FLIGHT] = onSocket + 1;
    reply.raw.once('close', () => {
      inFlight--;
      socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 1) - 1;
    });
    done();
  });
  return () => inFlight;
}

/**
 * What is wrong with a parsed JSON body's shape, or undefined: nesting deeper
 * than `maxJsonDepth` or more than `maxJsonKeys` object keys in all. Walked
 * without recursion, so a hostile body cannot exhaust the stack here.
 */
export function jsonShapeProblem(value: unknown, limits: Pick<EdgeLimits, 'maxJsonDepth' | 'maxJsonKeys'>): string | undefined {
  let keys = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limits.maxJsonDepth) return `the JSON body is nested deeper than ${limits.maxJsonDepth} levels`;
    const children = Array.isArray(current) ? current : Object.values(current);
    if (!Array.isArray(current)) {
      keys += children.length;
      if (keys > limits.maxJsonKeys) return `the JSON body has more than ${limits.maxJsonKeys} keys`;
    }
    for (const child of children) if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}
