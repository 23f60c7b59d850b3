import { randomBytes, randomUUID } from 'node:crypto';
import { NEWEST_VERSION } from '@railyard/client';
import { sendSigned } from '@railyard/server/webhook-send';
import { parseFlags, UsageError, warnSecretFlag } from './args.ts';

/*
 * `railyard events tail` (docs/webhooks.md "Try it from a terminal"): a
 * platform's events as they happen, read by polling `GET /railyard/events`
 * with its API key, printed one a line, and optionally forwarded to a local
 * URL signed exactly like a webhook delivery. Memory stays bounded: one page
 * (at most PAGE events) at a time, and stdout's backpressure is respected.
 */

export const USAGE_LINE =
  'usage: railyard events tail [--url URL] [--public-key K] (secret: RAILYARD_SECRET) [--from-start] [--types a,b]\n' +
  '         [--format json|text] [--interval-ms MS] [--retries N] [--forward LOCAL_URL] (secret: RAILYARD_FORWARD_SECRET)';

const DEFAULT_URL = 'http://127.0.0.1:8080';
const PAGE = 1000;
export const DEFAULT_INTERVAL_MS = 1000;
/** Polls no faster than this, whatever --interval-ms says. */
export const MIN_INTERVAL_MS = 100;
/** The wait between tries while the server is down doubles up to this. */
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_RETRIES = 8;
const REQUEST_TIMEOUT_MS = 10_000;

const log = (line: string) => process.stderr.write(`railyard events: ${line}\n`);

interface TailEvent {
  eventID: string;
  type: string;
  data: unknown;
  createdOn: string;
}

/** The server refused the key, or the request: retrying will not help. */
class Refused extends Error {}

function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

function positiveInteger(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`${flag} must be a whole number, not ${text}`);
  return value;
}

function httpUrl(flag: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL, not ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http(s) URL, not ${text}`);
  return text.replace(/\/+$/, '');
}

export async function events(argv: string[]): Promise<void> {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'tail') throw new UsageError(USAGE_LINE);
  const { values } = parseFlags(rest, {
    url: { type: 'string' },
    'public-key': { type: 'string' },
    secret: { type: 'string' },
    'from-start': { type: 'boolean' },
    types: { type: 'string' },
    format: { type: 'string' },
    'interval-ms': { type: 'string' },
    retries: { type: 'string' },
    forward: { type: 'string' },
    'forward-secret': { type: 'string' },
  });
  if (values.secret !== undefined) warnSecretFlag('--secret', 'RAILYARD_SECRET');
  if (values['forward-secret'] !== undefined) warnSecretFlag('--forward-secret', 'RAILYARD_FORWARD_SECRET');
  const base = httpUrl('--url', values.url ?? env('RAILYARD_SERVER_URL') ?? DEFAULT_URL);
  const publicKey = values['public-key'] ?? env('RAILYARD_PUBLIC_KEY');
  const secret = values.secret ?? env('RAILYARD_SECRET');
  if (!publicKey || !secret) throw new UsageError('an API key is required: RAILYARD_PUBLIC_KEY and RAILYARD_SECRET (or --public-key)');
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text') throw new UsageError(`--format must be json or text, not ${format}`);
  let types: Set<string> | undefined;
  if (values.types !== undefined) {
    const list = values.types.split(',').map((t) => t.trim()).filter((t) => t !== '');
    if (list.length === 0) throw new UsageError('--types needs at least one event type, such as account.created,transfer.updated');
    types = new Set(list);
  }
  const intervalMs = Math.max(MIN_INTERVAL_MS, positiveInteger('--interval-ms', values['interval-ms'], DEFAULT_INTERVAL_MS));
  const retries = positiveInteger('--retries', values.retries, DEFAULT_RETRIES);
  const forward = values.forward === undefined ? undefined : httpUrl('--forward', values.forward);
  if (values['forward-secret'] !== undefined && !forward) throw new UsageError('--forward-secret needs --forward');

  let forwarding: { url: string; secret: string; webhookID: string } | undefined;
  if (forward) {
    let forwardSecret = values['forward-secret'] ?? env('RAILYARD_FORWARD_SECRET');
    const webhookID = randomUUID();
    if (!forwardSecret) {
      forwardSecret = randomBytes(32).toString('base64url');
      log(`forward signing secret (shown once; set RAILYARD_FORWARD_SECRET to choose it): ${forwardSecret}`);
    }
    forwarding = { url: values.forward!, secret: forwardSecret, webhookID };
    log(`forwarding each event to ${values.forward} signed like a webhook delivery, X-Webhook-ID: ${webhookID}`);
  }

  const authorization = `Basic ${Buffer.from(`${publicKey}:${secret}`).toString('base64')}`;
  const stopper = new AbortController();
  let stopping = false;
  const stop = () => {
    stopping = true;
    stopper.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      if (stopping) return done();
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        stopper.signal.removeEventListener('abort', finish);
        done();
      }
      stopper.signal.addEventListener('abort', finish, { once: true });
    });

  /** One page after `cursor`; retries a server that is down with a doubling wait, at most `retries` times in a row. */
  const page = async (cursor: string | undefined): Promise<{ events: TailEvent[]; nextCursor: string } | undefined> => {
    let failures = 0;
    for (;;) {
      if (stopping) return undefined;
      const query = new URLSearchParams({ count: String(PAGE), ...(cursor !== undefined ? { after: cursor } : {}) });
      try {
        const response = await fetch(`${base}/railyard/events?${query}`, {
          headers: { authorization, 'x-moov-version': NEWEST_VERSION, accept: 'application/json' },
          signal: AbortSignal.any([stopper.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
        const text = await response.text();
        if (response.status === 401 || response.status === 403) {
          throw new Refused(`the server at ${base} refused the API key (HTTP ${response.status}): check RAILYARD_PUBLIC_KEY and RAILYARD_SECRET`);
        }
        if (response.status >= 400 && response.status < 500) throw new Refused(`GET /railyard/events answered HTTP ${response.status}: ${text.slice(0, 300)}`);
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        return JSON.parse(text) as { events: TailEvent[]; nextCursor: string };
      } catch (error) {
        if (error instanceof Refused) throw error;
        if (stopping) return undefined;
        failures++;
        const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        if (failures > retries) throw new Error(`gave up after ${failures} failed tries to reach ${base}: ${reason}`);
        const waitMs = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** (failures - 1));
        log(`cannot reach ${base} (${reason}); trying again in ${waitMs} ms (${failures}/${retries})`);
        await sleep(waitMs);
      }
    }
  };

  const write = (line: string) =>
    new Promise<void>((done) => {
      if (process.stdout.write(line)) done();
      else process.stdout.once('drain', done);
    });

  // Without --from-start, only new events: read to the current end first, printing nothing.
  let cursor: string | undefined;
  if (!values['from-start']) {
    for (;;) {
      const got = await page(cursor);
      if (!got) break;
      cursor = got.nextCursor;
      if (got.events.length < PAGE) break;
    }
  }
  if (!stopping) log(`tailing ${base}/railyard/events ${values['from-start'] ? 'from the start' : 'from now'} (Ctrl-C to stop)`);

  while (!stopping) {
    const got = await page(cursor);
    if (!got) break;
    cursor = got.nextCursor;
    for (const event of got.events) {
      if (types && !types.has(event.type)) continue;
      await write(format === 'json' ? `${JSON.stringify(event)}\n` : `${event.createdOn}  ${event.type}  ${event.eventID}  ${JSON.stringify(event.data)}\n`);
      if (forwarding) {
        const result = await sendSigned({ url: forwarding.url, webhookID: forwarding.webhookID, secret: forwarding.secret, body: JSON.stringify(event) });
        if (result.outcome !== 'delivered') log(`forwarding ${event.type} ${event.eventID} to ${forwarding.url} failed: ${result.error ?? `HTTP ${result.statusCode}`}`);
      }
    }
    if (got.events.length < PAGE) await sleep(intervalMs);
  }
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  // Ctrl-C: everything printed is flushed, then exit 0.
  await new Promise<void>((done) => process.stdout.write('', () => done()));
  process.exit(0);
}
