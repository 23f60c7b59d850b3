import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { createServices, type ServiceOptions, type Services } from '../../src/compose/services.ts';
import { ephemeralSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import type { Clock } from '../../src/kernel/clock.ts';
import { switchableRails } from './test-rail.ts';
import type { RateLimitSetting } from '../../src/http/rate-limit.ts';
import { createTestStore, type StoreKind, type TestStore } from './stores.ts';

export interface TestPlatform {
  accountID: string;
  publicKey: string;
  secret: string;
  /** `Authorization` header value for this platform's API key. */
  basic: string;
}

export interface TestServer {
  kind: StoreKind;
  url: string;
  app: FastifyInstance;
  services: Services;
  testStore: TestStore;
  /** Two platforms, for isolation tests. */
  platform: TestPlatform;
  otherPlatform: TestPlatform;
  /** fetch against the server with the first platform's key unless `auth` overrides it. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; headers?: Record<string, string>; auth?: string | null },
  ): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  /** Puts the test rail (test-rail.ts) in the wallet rail's place; answers a function that puts the real one back. */
  useTestRail(): () => void;
  close(): Promise<void>;
}

function basicHeader(publicKey: string, secret: string): string {
  return `Basic ${Buffer.from(`${publicKey}:${secret}`).toString('base64')}`;
}

/** A real server on a random loopback port, on a fresh store of the given kind. */
/**
 * A base clock that stands still at the moment it is made: platform time then
 * moves only when a test advances it. For rail tests that advance a few seconds
 * and expect an intermediate state: with the wall clock, a slow machine lets a
 * second pass between two steps and a leg due at +1 s or a return due at +4 s
 * has already happened (flaky on a loaded CI machine).
 */
export function standingClock(): Clock {
  const start = new Date();
  return { now: () => start };
}

export async function startTestServer(
  kind: StoreKind,
  options: { rateLimit?: RateLimitSetting; clock?: Clock; services?: Omit<ServiceOptions, 'sourceSecrets' | 'rails'> } = {},
): Promise<TestServer> {
  const testStore = await createTestStore(kind);
  const clock = options.clock ?? { now: () => new Date() };
  // The server's own rail registry, so a test can put the test rail in the wallet rail's place.
  const railSwitch = switchableRails();
  // A key for the life of the test server, as for an in-memory database (0500).
  const services = createServices(testStore.store, clock, { ...options.services, sourceSecrets: ephemeralSourceSecrets(), rails: railSwitch.rails });
  // The tests' client reuses keep-alive connections. On a loaded machine a test can block its event loop
  // (server and client share it) past the server's 5 s keep-alive: both timers then fire late, and a
  // request written on the connection the server is closing fails with ECONNRESET (seen in
  // read-update.test.ts under load 20). A minute here leaves the closing to the client (4 s).
  const app = await buildApp({ services, rateLimit: options.rateLimit ?? { kind: 'off' }, logLevel: 'silent', edgeLimits: { keepAliveTimeoutMs: 60_000 } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const make = async (name: string): Promise<TestPlatform> => {
    const created = await services.platforms.create({ name });
    return { ...created, basic: basicHeader(created.publicKey, created.secret) };
  };
  const platform = await make('Platform One');
  const otherPlatform = await make('Platform Two');
  return {
    kind,
    url,
    app,
    services,
    useTestRail: railSwitch.useTestRail,
    testStore,
    platform,
    otherPlatform,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      const auth = opts.auth === undefined ? platform.basic : opts.auth;
      if (auth !== null) headers['authorization'] = auth;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      await app.close();
      // A test may have started the delivery loop; its sends end within their timeout.
      await services.webhookDelivery.stop();
      await testStore.destroy();
    },
  };
}

type TestServerOptions = NonNullable<Parameters<typeof startTestServer>[1]>;

/** What a suite does around its server's life, beyond starting and closing it. */
export interface SuiteHooks {
  /**
   * Runs after the suite's tests, while the server is still open (a final
   * ledger check, putting a rail back), then the server closes. The suite's
   * own `after` hooks run only once the server is closed (node runs `after`
   * hooks in the order they were registered).
   */
  beforeClose?: (server: TestServer) => unknown;
}

/**
 * The usual set-up of a store suite in one line: call inside a `describe`; a
 * test server on `kind` starts before its tests and closes after them. Answers
 * a stand-in that forwards to the server once started (using it outside a test
 * or hook, before the server starts, throws). Options made when the suite
 * starts, such as a standing clock, are passed as a function:
 * `serverPerSuite(kind, () => ({ clock: standingClock() }))`. Call it before
 * the suite's own `before` hooks: they run after it, with the server started.
 */
export function serverPerSuite(kind: StoreKind, options?: TestServerOptions | (() => TestServerOptions), hooks: SuiteHooks = {}): TestServer {
  let started: TestServer | undefined;
  before(async () => {
    started = await startTestServer(kind, typeof options === 'function' ? options() : options);
  });
  after(async () => {
    if (!started) return;
    try {
      await hooks.beforeClose?.(started);
    } finally {
      await started.close();
    }
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!started) throw new Error(`the ${kind} test server is used before its suite started it`);
      return Reflect.get(started, key);
    },
  });
}
