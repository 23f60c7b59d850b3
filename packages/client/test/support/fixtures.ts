import { randomUUID } from 'node:crypto';
import { createRailyardClient, type ClientOptions, type RailyardClient } from '../../src/index.ts';
import type { TestServer } from '../../../server/test/support/server.ts';

export { startTestServer } from '../../../server/test/support/server.ts';
export { storeKinds } from '../../../server/test/support/stores.ts';

/** A client for the test server's first platform, with retries off so failures show at once. */
export function clientFor(server: TestServer, overrides: Partial<ClientOptions> = {}): RailyardClient {
  return createRailyardClient({
    serverURL: server.url,
    username: server.platform.publicKey,
    password: server.platform.secret,
    timeoutMs: 5_000,
    retries: { maxAttempts: 1 },
    ...overrides,
  } as ClientOptions);
}

/** A minimal valid individual account body; `tag` makes each one findable. */
export function individualAccountBody(tag = randomUUID().slice(0, 8)) {
  return {
    accountType: 'individual' as const,
    profile: { individual: { name: { firstName: 'Ada', lastName: `Lovelace-${tag}` }, email: `ada-${tag}@example.com` } },
    foreignID: `fid-${tag}`,
  };
}

export interface FakeCall {
  url: string;
  init: RequestInit;
}

/** A `fetch` that answers from a script and records what it was asked. */
export function scriptedFetch(answers: ((call: FakeCall) => Response | Promise<Response>)[]) {
  const calls: FakeCall[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const call = { url, init };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('scriptedFetch has no answers');
    return answer(call);
  };
  return { fetch, calls };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });
}

export function fakeClient(fetch: ClientOptions['fetch'], overrides: Partial<ClientOptions> = {}): RailyardClient {
  return createRailyardClient({
    serverURL: 'http://railyard.test',
    username: 'pk',
    password: 'sk',
    fetch,
    retries: { initialDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  } as ClientOptions);
}
