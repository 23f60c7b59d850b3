import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { systemClock, type Clock } from '../../kernel/clock.ts';

/*
 * One signed POST to a webhook's URL (decision 1500, docs/webhooks.md
 * "Delivery"): the delivery worker's attempts and the ping both go through
 * here. A receiver costs bounded time and memory whatever it does: the whole
 * exchange (DNS, connect, TLS, headers, body) has one deadline, at most
 * MAX_RESPONSE_BYTES of the answer are read (and dropped: nothing of it is
 * kept), redirects are never followed, and the socket is destroyed when the
 * attempt ends. Sockets come from agents of bounded size that keep nothing
 * alive between attempts, except within one run of a webhook's deliveries
 * (`RunConnection`): there a few connections carry the run's sends, and they
 * are closed with the run.
 */

/** A 2xx must be complete (headers and body) within this. */
export const SEND_TIMEOUT_MS = 5_000;
/** At most this much of an answer is read; the rest is discarded with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Sockets per origin and in all, per process; more requests wait for one (inside their own deadline). */
const MAX_SOCKETS_PER_ORIGIN = 16;
const MAX_SOCKETS = 64;
const MAX_ERROR_LENGTH = 500;
const NONCE_LENGTH = 60;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const USER_AGENT = 'Railyard-Webhooks/1';

const agentOptions = { keepAlive: false, maxSockets: MAX_SOCKETS_PER_ORIGIN, maxTotalSockets: MAX_SOCKETS };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

export interface SignedRequest {
  url: string;
  webhookID: string;
  /** The webhook's signing secret, in the clear. */
  secret: string;
  /** The JSON body, already serialized: `{eventID, type, data, createdOn}`. */
  body: string;
}

/**
 * The keep-alive connections of one run (decision 1500, "Runs"): the run
 * sends to one URL, at most `sockets` requests at a time (one per socket), so
 * reusing the sockets saves a TCP (and TLS) handshake per event. Only a
 * complete 2xx leaves a socket open for a next send; anything else destroys it
 * as before. `close()` ends them with the run, so nothing stays open between
 * runs.
 */
export class RunConnection {
  readonly http: http.Agent;
  readonly https: https.Agent;

  constructor(sockets = 1) {
    this.http = new http.Agent({ keepAlive: true, maxSockets: sockets, maxTotalSockets: sockets });
    this.https = new https.Agent({ keepAlive: true, maxSockets: sockets, maxTotalSockets: sockets });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

export interface SendOptions {
  /** The deadline of the whole exchange (default SEND_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Where `X-Timestamp` comes from (default: the system clock; real time, so receivers can check its age). */
  clock?: Clock;
  /** The run's connection; without it every send has its own socket. */
  connection?: RunConnection;
}

export interface SendResult {
  /** `delivered`: a complete 2xx within the deadline (or one cut at MAX_RESPONSE_BYTES). Anything else `failed`. */
  outcome: 'delivered' | 'failed';
  /** The answer's status, when one came. */
  statusCode?: number;
  latencyMs: number;
  /** Why a `failed` attempt failed (at most 500 characters). */
  error?: string;
  /** What was sent, for the delivery log. */
  request: { url: string; headers: Record<string, string>; body: string };
}

/** RFC 3339 to the second, in UTC: `2024-04-26T21:20:55Z`. */
export function rfc3339Seconds(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The `X-Signature` of a delivery, as the contract's `webhookSignature` computes
 * it (lowercase hex HMAC-SHA512 of `timestamp|nonce|webhookID`), with node:crypto:
 * the contract's version uses Web Crypto so that it also runs in browsers, and
 * its key import cost about 250 µs per send on the worker's event loop (bench
 * profile, issue 13). signature.test.ts checks both against Moov's vector.
 */
export function signDelivery(secret: string, timestamp: string, nonce: string, webhookID: string): string {
  if (secret.length === 0) throw new Error('a webhook secret cannot be empty');
  return createHmac('sha512', secret).update(`${timestamp}|${nonce}|${webhookID}`).digest('hex');
}

/** Random bytes drawn 4 KiB at a time: one system call per ~60 nonces instead of one per nonce. */
const randomPool = { bytes: Buffer.alloc(0), next: 0 };

function randomByte(): number {
  if (randomPool.next >= randomPool.bytes.length) {
    randomPool.bytes = randomBytes(4096);
    randomPool.next = 0;
  }
  return randomPool.bytes[randomPool.next++]!;
}

/** 60 characters from [A-Za-z0-9], uniformly (bytes ≥ 248 are redrawn, so no letter is likelier). */
export function newNonce(): string {
  let nonce = '';
  while (nonce.length < NONCE_LENGTH) {
    const byte = randomByte();
    if (byte >= 248) continue;
    nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  }
  return nonce;
}

function clip(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? text.slice(0, MAX_ERROR_LENGTH) : text;
}

function statusError(statusCode: number, location: string | undefined): string | undefined {
  if (statusCode >= 200 && statusCode < 300) return undefined;
  if (statusCode >= 300 && statusCode < 400) {
    return `redirect not followed: HTTP ${statusCode}${location ? ` to ${location}` : ''}`;
  }
  return `HTTP ${statusCode}`;
}

/**
 * POSTs `body` to `url` with the four signature headers. Never throws for
 * anything the receiver does: every way an attempt ends is a `SendResult`.
 */
export async function sendSigned(input: SignedRequest, options: SendOptions = {}): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const timestamp = rfc3339Seconds((options.clock ?? systemClock).now());
  const nonce = newNonce();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Webhook-ID': input.webhookID,
    'X-Signature': signDelivery(input.secret, timestamp, nonce, input.webhookID),
  };
  const request = { url: input.url, headers, body: input.body };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { outcome: 'failed', latencyMs: 0, error: 'invalid URL', request };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { outcome: 'failed', latencyMs: 0, error: `unsupported URL scheme ${url.protocol}`, request };
  }

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode: number | undefined;
    let location: string | undefined;
    // Assigned below; `finish` only runs from callbacks after that.
    let outgoing: http.ClientRequest | undefined;
    // Kept to destroy it even after the agent took it back as free (a run's keep-alive connection).
    let socket: Socket | undefined;
    const finish = (error: string | undefined, complete = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Nothing more is read or kept: the socket goes with the request, unless a run's
      // connection may carry its next send (a complete 2xx, read to its end).
      const reusable = complete && options.connection !== undefined && statusCode !== undefined && statusCode >= 200 && statusCode < 300;
      if (!reusable) {
        outgoing?.destroy();
        socket?.destroy();
      }
      const failure = error ?? (statusCode === undefined ? 'no answer' : statusError(statusCode, location));
      resolve({
        outcome: failure === undefined ? 'delivered' : 'failed',
        ...(statusCode !== undefined ? { statusCode } : {}),
        latencyMs: elapsed(),
        ...(failure !== undefined ? { error: clip(failure) } : {}),
        request,
      });
    };
    const timer = setTimeout(() => finish(`timed out after ${timeoutMs} ms`), timeoutMs);
    try {
      const send = url.protocol === 'https:' ? https.request : http.request;
      outgoing = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(input.body)) },
          agent: url.protocol === 'https:' ? (options.connection?.https ?? httpsAgent) : (options.connection?.http ?? httpAgent),
          maxHeaderSize: 16 * 1024,
        },
        (response) => {
          statusCode = response.statusCode;
          const header = response.headers.location;
          location = typeof header === 'string' ? header.slice(0, 200) : undefined;
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            // Enough: the status decides; the rest is not read.
            if (received >= MAX_RESPONSE_BYTES) finish(undefined);
          });
          response.on('end', () => finish(undefined, received < MAX_RESPONSE_BYTES));
          response.on('error', (error) => finish(`response: ${error.message}`));
          response.on('aborted', () => finish('connection closed before the answer was complete'));
        },
      );
      outgoing.on('socket', (assigned) => {
        socket = assigned;
      });
      outgoing.on('error', (error) => finish(error.message || String(error)));
      outgoing.end(input.body);
    } catch (error) {
      finish(error instanceof Error ? error.message : String(error));
    }
  });
}
