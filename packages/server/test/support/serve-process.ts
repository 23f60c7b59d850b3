import { spawnServe, type ServeChild } from './harness-child.ts';

/**
 * `railyard serve` as a child process, the way the webhook crash and two-server tests need it:
 * silent, with the server's own rate limits, started on a given database, killed with SIGKILL or
 * stopped with SIGTERM (harness-child.ts starts it; `output()` holds what it wrote).
 */
export type ServeProcess = ServeChild;

export function startServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  return spawnServe(['--log-level', 'silent', ...args], env);
}

export function basicAuth(key: string): string {
  return `Basic ${Buffer.from(key).toString('base64')}`;
}

/** Every event of the platform the key belongs to, oldest first, through `GET /railyard/events`. */
export async function allEvents(url: string, authorization: string): Promise<Array<{ eventID: string; type: string; data: unknown }>> {
  const events: Array<{ eventID: string; type: string; data: unknown }> = [];
  let after = '0';
  for (;;) {
    const response = await fetch(`${url}/railyard/events?after=${after}&count=1000`, {
      headers: { authorization, 'x-moov-version': 'v2026.01.00' },
    });
    if (response.status !== 200) throw new Error(`GET /railyard/events: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { events: Array<{ eventID: string; type: string; data: unknown }>; nextCursor: string };
    events.push(...page.events);
    if (page.events.length === 0) return events;
    after = page.nextCursor;
  }
}

/** A POST or GET under v2026.01.00 with the key; throws on a network error (a killed server). */
export async function api(url: string, authorization: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization, 'x-moov-version': 'v2026.01.00', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
