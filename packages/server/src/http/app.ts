import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { buildOpenApiDocument, operations, resolveVersion, type ApiVersion, type OperationDef } from '@railyard/contract';
import type { Services } from '../compose/services.ts';
import { DomainError } from '../kernel/errors.ts';
import { FailedLogin, LimitedLogin } from '../domain/auth/login-limits.ts';
import { EMPTY_BODY_STATUSES, sendDomainError, sendEmpty, sendGenericError, sendNotFound } from './errors.ts';
import { answerClientError } from './client-error.ts';
import { answerUnavailable } from './unavailable.ts';
import { boundConcurrency, DEFAULT_EDGE_LIMITS, edgeServerOptions, jsonShapeProblem, type EdgeLimits } from './edge-limits.ts';
import { RateLimiter, type RateLimitSetting } from './rate-limit.ts';
import { registerOperation } from './register-operation.ts';
import { registerMultipart } from './multipart.ts';
import { RouteIndex } from './not-found.ts';
import { registerRootPage } from './root-page.ts';
import { registerStaticPages } from './static-pages.ts';
import { registerOnboardingPage } from './invite-page.ts';
import { handlers } from './handlers/index.ts';
import type { Handler } from './handlers/handler.ts';

export interface AppOptions {
  services: Services;
  rateLimit: RateLimitSetting;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  logLevel?: string;
  /** Where the log goes (default stdout); tests capture it. */
  logStream?: NodeJS.WritableStream;
  /** Timeouts, concurrency and JSON shape bounds (edge-limits.ts); tests shorten them. */
  edgeLimits?: Partial<EdgeLimits>;
  /** The built dashboard and API reference (default: packages/dashboard/dist, found through node_modules). */
  dashboardDist?: string;
}

export const DEFAULT_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    apiVersion: ApiVersion;
  }
  interface FastifyInstance {
    /** Requests admitted and not yet answered (edge-limits.ts `boundConcurrency`). */
    requestsInProgress: () => number;
  }
}

/**
 * JSON that parses but that the secure parser refuses carries a `__proto__` or
 * `constructor.prototype` key (prototype pollution); Fastify calls that "not
 * valid JSON", which sends a client looking for a syntax error that is not there.
 */
const FORBIDDEN_KEY = Object.assign(new Error('the body holds a key named __proto__, or constructor with a prototype key, which are not accepted'), {
  statusCode: 400,
});

function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the HTTP face of Railyard. Every API route comes from the contract
 * registry; the only others are the generated OpenAPI document, the root
 * URL (`/`) and the browser pages (`/dashboard/`, `/docs/`, static-pages.ts).
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits: EdgeLimits = { ...DEFAULT_EDGE_LIMITS, ...options.edgeLimits };
  const app = Fastify({
    ...edgeServerOptions(limits),
    logger: { level: options.logLevel ?? 'info', ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Strict: `/accounts/` is no route (an unknown-route 404), as for every operation (decisions/0208).
    routerOptions: { ignoreTrailingSlash: false },
    // Errors Fastify meets before a route runs (a URL that does not decode) still get the API's shape.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      // A path segment longer than any ID names no resource: the same 404 as a malformed ID.
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendNotFound(reply, 'malformed-id', 'a path segment is longer than 100 characters');
      return sendGenericError(reply, 400, 'the URL is not valid');
    },
    clientErrorHandler: answerClientError,
  });
  // First of the onRequest hooks: a request over the bounds costs nothing more.
  app.decorate('requestsInProgress', boundConcurrency(app, limits));

  await app.register(formbody, { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT });
  // File uploads: parts are read by the operations that declare a multipart body, within their limits.
  await registerMultipart(app);

  // An empty JSON body is no body, as many clients send the header on DELETE too.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    defaultJsonParser(request, body as string, (error, parsed) => {
      if (error && isPlainJson(body as string)) return done(FORBIDDEN_KEY, undefined);
      const problem = error ? undefined : jsonShapeProblem(parsed, limits);
      if (problem) return done(Object.assign(new Error(problem), { statusCode: 400 }), undefined);
      done(error, parsed);
    });
  });

  app.decorateRequest('apiVersion', 'v2024.01.00');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const resolution = resolveVersion(request.headers['x-moov-version'] as string | undefined);
    if (!resolution.ok) return sendNotFound(reply, 'malformed-version', 'X-Moov-Version is not vYYYY.MM.00');
    request.apiVersion = resolution.version;
    // Fastify would read a compressed body as if it were plain: refuse it rather than misread it.
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity' && hasBody(request.headers)) {
      return sendGenericError(reply, 415, `a body with Content-Encoding ${encoding.slice(0, 40)} is not accepted; send it uncompressed`);
    }
  });

  const routes = new RouteIndex();
  routes.attach(app);
  app.setNotFoundHandler((request, reply) => routes.answer(request, reply));
  app.setErrorHandler((error, request, reply) => {
    // Every failed login is logged with the public key tried and the address, never the secret (0207).
    if (error instanceof FailedLogin || (error instanceof LimitedLogin && error.checked)) {
      request.log.warn({ ...error.attempt, limited: error instanceof LimitedLogin }, 'failed login');
    }
    if (error instanceof DomainError) return sendDomainError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      if (EMPTY_BODY_STATUSES.has(status)) return sendEmpty(reply, status);
      return sendGenericError(reply, status, (error as Error).message);
    }
    const unavailable = answerUnavailable(error, request, reply);
    if (unavailable) return unavailable;
    request.log.error({ err: error }, 'unhandled error');
    return sendEmpty(reply, 500);
  });

  const limiter = new RateLimiter(options.rateLimit);
  const openApi = buildOpenApiDocument(operations as readonly OperationDef[]);
  app.get('/openapi.json', async () => openApi);
  registerRootPage(app);
  await registerStaticPages(app, options.dashboardDist);
  // The page an onboarding invite's link opens (decision 1751), outside the registry: HTML, no credentials.
  registerOnboardingPage(app, options.services, limiter);

  for (const op of operations as readonly OperationDef[]) {
    const handler = (handlers as Partial<Record<string, Handler>>)[op.id];
    // Every operation of the registry is served; one without a handler is a build mistake, not a 404.
    if (!handler) throw new Error(`operation ${op.id} has no handler`);
    registerOperation(app, op, handler, { services: options.services, limiter });
  }
  return app;
}
