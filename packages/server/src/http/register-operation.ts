import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fillScope, isAtLeast, type OperationDef } from '@railyard/contract';
import type { Caller } from '../domain/caller.ts';
import type { Services } from '../domain/services.ts';
import { ValidationFailed } from '../domain/errors.ts';
import { parseAuthorization } from './credentials-header.ts';
import { sendEmpty, sendGenericError } from './errors.ts';
import type { Handler, RequestContext } from './handler.ts';
import type { RateLimiter } from './rate-limit.ts';
import { issuesToMap } from './validation.ts';
import { transformRequest, transformResponse } from './versions/transforms.ts';

interface Deps {
  services: Services;
  limiter: RateLimiter;
}

/** `/accounts/{accountID}` → `/accounts/:accountID` */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function firstMessage(map: Record<string, unknown>): string {
  for (const [key, value] of Object.entries(map)) {
    if (typeof value === 'string') return key === 'error' ? value : `${key}: ${value}`;
    if (value && typeof value === 'object') return `${key}.${firstMessage(value as Record<string, unknown>)}`;
  }
  return 'invalid request';
}

/**
 * Registers one operation of the registry as a Fastify route. The pipeline is
 * the same for every operation: version gate, authentication, rate limit,
 * scopes, parameters, headers, body, handler, version transform of the reply.
 */
export function registerOperation(app: FastifyInstance, op: OperationDef, handler: Handler, deps: Deps): void {
  const isForm = (request: FastifyRequest) =>
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

  app.route({
    method: op.method,
    url: fastifyPath(op.path),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const version = request.apiVersion;
      if (op.since && !isAtLeast(version, op.since)) return sendEmpty(reply, 404);

      const authorization = parseAuthorization(request.headers.authorization);
      let caller: Caller | undefined;
      if (op.auth === 'api') {
        if (authorization.kind === 'basic') {
          caller = await deps.services.credentials.verifyApiKey(authorization.username, authorization.password);
        } else if (authorization.kind === 'bearer') {
          caller = await deps.services.credentials.verifyAccessToken(authorization.token);
        }
        if (!caller) return sendEmpty(reply, 401);
      }

      const limitedBy = caller?.platformID ?? `ip:${request.ip}`;
      const retryAfter = deps.limiter.take(limitedBy, request.ip);
      if (retryAfter !== undefined) return sendEmpty(reply.header('retry-after', String(retryAfter)), 429);

      const rawParams = (request.params ?? {}) as Record<string, string>;
      if (caller?.scopes) {
        for (const template of op.scopes) {
          if (!caller.scopes.has(fillScope(template, rawParams))) return sendEmpty(reply, 403);
        }
      }

      let params: unknown = {};
      if (op.request.params) {
        const parsed = op.request.params.safeParse(rawParams);
        // A malformed ID names no resource: answer as for a missing one.
        if (!parsed.success) return sendEmpty(reply, 404);
        params = parsed.data;
      }

      let query: unknown = {};
      if (op.request.query) {
        const parsed = op.request.query.safeParse(request.query ?? {});
        if (!parsed.success) {
          const map = issuesToMap(parsed.error.issues);
          if (op.errors[422]) throw new ValidationFailed(map);
          return sendGenericError(reply, 400, firstMessage(map));
        }
        query = parsed.data;
      }

      const headers: Record<string, string | undefined> = {};
      for (const spec of op.request.headers ?? []) {
        const raw = request.headers[spec.name.toLowerCase()];
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (value === undefined || value === '') {
          if (spec.required) return sendGenericError(reply, 400, `${spec.name} header is required`);
          continue;
        }
        const parsed = spec.schema.safeParse(value);
        if (!parsed.success) return sendGenericError(reply, 400, `${spec.name} header: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        headers[spec.field] = parsed.data;
      }

      let body: unknown = undefined;
      if (op.request.body) {
        if (request.body !== undefined && isForm(request) && !op.request.acceptsForm) {
          return sendGenericError(reply, 415, 'this operation takes a JSON body');
        }
        if (request.body === undefined || request.body === null) {
          if (op.request.bodyRequired) return sendGenericError(reply, 400, 'a request body is required');
        } else {
          const parsed = op.request.body.safeParse(transformRequest(op.id, version, request.body));
          if (!parsed.success) {
            const map = issuesToMap(parsed.error.issues);
            if (op.errors[422]) throw new ValidationFailed(map);
            return sendGenericError(reply, 400, firstMessage(map));
          }
          body = parsed.data;
        }
      }

      const ctx: RequestContext = {
        caller,
        basic: authorization.kind === 'basic' ? { username: authorization.username, password: authorization.password } : undefined,
        version,
        services: deps.services,
        ip: request.ip,
        origin: request.headers.origin,
        referer: request.headers.referer,
        requestID: String(request.id),
      };
      const result = (await handler({ params, query, headers, body } as never, ctx)) ?? {};
      const status = result.status ?? op.response.status;
      if (result.headers) reply.headers(result.headers);
      if (result.body === undefined) return sendEmpty(reply, status);
      return reply.code(status).type('application/json').send(transformResponse(op.id, version, result.body));
    },
  });
}
