// The webhook receiver of the `webhooks.delivery` scenario: a bare node:http
// server that answers 200 at once and records when each POST arrived (wall
// time in ms with sub-ms precision: performance.timeOrigin + performance.now(),
// comparable with the bench process's on the same machine). It keys a webhook
// event by its eventID (first receipt kept: deliveries are at least once) and
// the bench's own bare POSTs by their `probe` field.
//   GET /count    → {events, posts}
//   GET /records  → {events: {eventID: [ms, type, transferID?]}, probes: {id: ms}, posts}
//   POST /reset   → forgets everything recorded
import { createServer } from 'node:http';

let events = new Map<string, [number, string, string | undefined]>();
let probes = new Map<string, number>();
let posts = 0;
const now = () => performance.timeOrigin + performance.now();

const server = createServer((request, response) => {
  const at = now();
  if (request.method === 'GET' && request.url === '/records') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ events: Object.fromEntries(events), probes: Object.fromEntries(probes), posts }));
    return;
  }
  if (request.method === 'GET' && request.url === '/count') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ events: events.size, posts }));
    return;
  }
  if (request.method === 'POST' && request.url === '/reset') {
    events = new Map();
    probes = new Map();
    posts = 0;
    response.writeHead(200).end();
    return;
  }
  // Answer first, then parse what was recorded.
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(200, { 'content-length': '0' }).end();
    posts++;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { eventID?: string; type?: string; data?: { transferID?: string }; probe?: string };
      if (typeof body.probe === 'string') {
        if (!probes.has(body.probe)) probes.set(body.probe, at);
      } else if (typeof body.eventID === 'string' && !events.has(body.eventID)) {
        events.set(body.eventID, [at, String(body.type), body.data?.transferID]);
      }
    } catch {
      // Not JSON: counted in posts only.
    }
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
});
