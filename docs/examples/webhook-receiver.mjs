#!/usr/bin/env node
// A minimal Railyard (and Moov) webhook receiver in plain Node: no dependencies, node:http and
// node:crypto only (docs/webhooks.md "Receiving and verifying").
//
//   WEBHOOK_SECRET=… PORT=4000 node docs/examples/webhook-receiver.mjs
//
// WEBHOOK_SECRET is the webhook's signing secret (GET /webhooks/{webhookID}/secret, or the one
// `railyard events tail --forward` prints). For every POST it
//   1. checks X-Signature = hex HMAC-SHA512(secret, `${X-Timestamp}|${X-Nonce}|${X-Webhook-ID}`)
//      in constant time, and that X-Timestamp is within 5 minutes of now (the body is not signed,
//      so this limits replays); anything else is answered 400 and not read further;
//   2. deduplicates by the body's eventID (deliveries are at least once): a repeat is answered
//      2xx, so it is not sent again, but not processed twice;
//   3. answers 204 at once; the slow work (here: a line on stdout) belongs after the answer.
// Output, one line each: `listening on URL`, `processed EVENT_ID TYPE`, `duplicate EVENT_ID`,
// `refused REASON`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('set WEBHOOK_SECRET to the webhook’s signing secret');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
const TOLERANCE_MS = 5 * 60 * 1000;
const MAX_BODY_BYTES = 1024 * 1024;
// Event IDs already processed, oldest first; the oldest is forgotten past this many (bounded memory).
// A real receiver keeps them in its database, in the transaction that processes the event.
const MAX_SEEN = 100_000;
const seen = new Set();

/** One header's value, or undefined when it is missing or sent twice. */
function header(request, name) {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
}

function signatureProblem(request) {
  const timestamp = header(request, 'x-timestamp');
  const nonce = header(request, 'x-nonce');
  const webhookID = header(request, 'x-webhook-id');
  const signature = header(request, 'x-signature');
  if (!timestamp || !nonce || !webhookID || !signature) return 'missing signature headers';
  const signedAt = Date.parse(timestamp);
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() - signedAt) > TOLERANCE_MS) return 'X-Timestamp too far from now';
  const expected = createHmac('sha512', secret).update(`${timestamp}|${nonce}|${webhookID}`).digest();
  const given = /^[0-9a-fA-F]{128}$/.test(signature) ? Buffer.from(signature, 'hex') : undefined;
  // timingSafeEqual needs equal lengths; the length is public (128 hex digits), the bytes are not.
  if (!given || !timingSafeEqual(given, expected)) return 'bad signature';
  return undefined;
}

const server = createServer((request, response) => {
  if (request.method !== 'POST') return response.writeHead(405, { allow: 'POST' }).end();
  const problem = signatureProblem(request);
  if (problem) {
    console.log(`refused ${problem}`);
    response.writeHead(400, { connection: 'close' }).end();
    request.resume();
    return;
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    let event;
    try {
      event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      event = undefined;
    }
    if (!event || typeof event.eventID !== 'string') {
      console.log('refused not an event');
      return response.writeHead(400).end();
    }
    response.writeHead(204).end();
    if (seen.has(event.eventID)) {
      console.log(`duplicate ${event.eventID}`);
      return;
    }
    seen.add(event.eventID);
    if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value);
    // The slow work goes here, after the answer: fetch the resource `event.data` names, and so on.
    console.log(`processed ${event.eventID} ${event.type}`);
  });
});

server.listen(port, host, () => {
  const address = server.address();
  console.log(`listening on http://${host}:${address.port}/`);
});
process.on('SIGINT', () => server.close(() => process.exit(0)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
