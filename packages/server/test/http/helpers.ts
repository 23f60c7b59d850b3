import { z } from 'zod';
import { defineOperation, GenericError, Uuid, type OperationDef } from '@railyard/contract';
import { buildApp } from '../../src/http/app.ts';
import { registerOperation } from '../../src/http/register-operation.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { createServices } from '../../src/compose/services.ts';
import { handle, type Handler } from '../../src/http/handlers/handler.ts';
import { createTestStore, type StoreKind } from '../support/stores.ts';

// Shared with every feature's tests: test/support/auth.ts (import from there).
import { basic } from '../support/auth.ts';
export { basic };
export { bearer, mintToken } from '../support/auth.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;


/**
 * Operations that exist only in tests, mounted beside the registry on the real
 * app, to observe what the shared pipeline hands a handler (the resolved
 * version, the filled scopes, the parsed body) without depending on any group.
 */
export const probeOperations = {
  version: defineOperation({
    id: 'probe.version',
    method: 'GET',
    path: '/probe/version',
    summary: 'Echo the resolved version',
    description: 'test only',
    auth: 'api',
    scopes: [],
    readOnly: true,
    request: {},
    response: { status: 200, description: 'ok', body: z.object({ version: z.string() }) },
    errors: {},
  }),
  account: defineOperation({
    id: 'probe.account',
    method: 'GET',
    path: '/probe/accounts/{accountID}/profile',
    summary: 'Needs an account-bound scope',
    description: 'test only',
    auth: 'api',
    scopes: ['/accounts/{accountID}/profile.read'],
    readOnly: true,
    request: { params: z.object({ accountID: Uuid }) },
    response: { status: 200, description: 'ok', body: z.object({ accountID: z.string() }) },
    errors: {},
  }),
  partner: defineOperation({
    id: 'probe.partner',
    method: 'POST',
    path: '/probe/transfer-options',
    summary: 'Needs the partner account scope without naming it in the path',
    description: 'test only',
    auth: 'api',
    scopes: ['/accounts/{accountID}/transfers.read'],
    readOnly: true,
    request: {},
    response: { status: 204, description: 'ok' },
    errors: {},
  }),
  since: defineOperation({
    id: 'probe.since',
    method: 'GET',
    path: '/probe/new',
    summary: 'Exists from v2026.01.00',
    description: 'test only',
    auth: 'api',
    scopes: [],
    readOnly: true,
    since: 'v2026.01.00',
    request: {},
    response: { status: 204, description: 'ok' },
    errors: {},
  }),
  body: defineOperation({
    id: 'probe.body',
    method: 'POST',
    path: '/probe/body',
    summary: 'Validates a JSON body',
    description: 'test only',
    auth: 'api',
    scopes: [],
    readOnly: false,
    request: {
      body: z.object({ name: z.string().max(10), nested: z.object({ count: z.number().int() }).optional() }),
      bodyRequired: true,
    },
    response: { status: 200, description: 'ok', body: z.object({ name: z.string() }) },
    errors: { 400: { description: 'bad', body: GenericError }, 422: { description: 'invalid', body: z.record(z.string(), z.unknown()) } },
  }),
} as const;

const probeHandlers: Array<[OperationDef, Handler]> = [
  [probeOperations.version, handle(probeOperations.version, async (_input, ctx) => ({ body: { version: ctx.version } }))],
  [probeOperations.account, handle(probeOperations.account, async ({ params }) => ({ body: { accountID: params.accountID } }))],
  [probeOperations.partner, handle(probeOperations.partner, async () => undefined)],
  [probeOperations.since, handle(probeOperations.since, async () => undefined)],
  [probeOperations.body, handle(probeOperations.body, async ({ body }) => ({ body: { name: body.name } }))],
];

export interface ProbeServerOptions {
  /** More test-only operations, mounted like the probes above. */
  extra?: ReadonlyArray<readonly [OperationDef, Handler]>;
  /** The probes' own limiter (the registry's routes run unlimited). */
  limiter?: RateLimiter;
  /** Where the app's log lines go, at debug level (the 404 reasons' details are logged there). */
  logStream?: NodeJS.WritableStream;
}

/** The real app with the probe operations added, on a fresh store, with one platform. */
export async function startProbeServer(kind: StoreKind, options: ProbeServerOptions = {}) {
  const testStore = await createTestStore(kind);
  const services = createServices(testStore.store, { now: () => new Date() });
  const logging = options.logStream ? { logLevel: 'debug', logStream: options.logStream } : { logLevel: 'silent' };
  const app = await buildApp({ services, rateLimit: { kind: 'off' }, ...logging });
  const limiter = options.limiter ?? new RateLimiter({ kind: 'off' });
  for (const [op, handler] of [...probeHandlers, ...(options.extra ?? [])]) registerOperation(app, op, handler, { services, limiter });
  await app.ready();
  const platform = await services.platforms.create({ name: 'Probe Platform' });
  const platformBasic = basic(platform.publicKey, platform.secret);
  return {
    app,
    services,
    platform: { ...platform, basic: platformBasic },
    async close() {
      await app.close();
      await testStore.destroy();
    },
  };
}
