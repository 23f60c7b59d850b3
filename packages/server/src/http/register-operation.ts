import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { filePartNames, fillScope, isAtLeast, responseMediaTypes, type BinaryBody, type OperationDef, type ValidationMap } from '@railyard/contract';
import type { Caller } from '../domain/auth/caller.ts';
import type { Services } from '../compose/services.ts';
import { ValidationFailed } from '../kernel/errors.ts';
import { parseAuthorization } from './credentials-header.ts';
import { sendEmpty, sendGenericError, sendNotFound } from './errors.ts';
import type { Handler, RequestContext } from './handlers/handler.ts';
import type { RateLimiter } from './rate-limit.ts';
import { readMultipartBody } from './multipart.ts';
import { issuesToMap } from './validation.ts';
import { transformRequest, transformResponse } from './versions/transforms.ts';

interface Deps {
  services: Services;
  limiter: RateLimiter;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Issues carry the input they refused, so a missing field ("cannot be blank") differs from a wrong one. */
const PARSE_OPTIONS = { reportInput: true } as const;

/** The media type of the request body, without parameters such as `charset`. */
function mediaType(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether any string (key or value) in a parsed query or body holds U+0000; iterative, as bodies nest deep. */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * Whether a path parameter is a dot segment (`.` or `..`, also when sent
 * percent-encoded: Fastify hands parameters decoded) or holds a slash (an
 * encoded `%2F`). Such a value names no resource, and a client or proxy that
 * resolves dot segments would send the request to another route
 * (`DELETE …/bank-accounts/..` → `DELETE …/bank-accounts`), so the pipeline
 * refuses it for every operation, whatever its parameter schema accepts.
 */
function hasDotSegment(params: Record<string, string>): boolean {
  return Object.values(params).some((value) => value === '.' || value === '..' || value.includes('/'));
}

/**
 * Sends the bytes of an operation that answers something other than JSON (its
 * contract's `response.media`). The type must be the declared one, so the
 * OpenAPI document and the client never meet a surprise; `nosniff` keeps a
 * browser from reading a PNG or PDF as anything else.
 */
function sendBinary(reply: FastifyReply, op: OperationDef, status: number, binary: BinaryBody): FastifyReply {
  const declared = responseMediaTypes(op);
  if (!declared.includes(binary.contentType.split(';')[0]!.trim())) {
    throw new Error(`${op.id} answered ${binary.contentType}, but its contract declares ${declared.join(' or ') || 'JSON'}`);
  }
  return reply
    .code(status)
    .type(binary.contentType)
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(binary.bytes.buffer, binary.bytes.byteOffset, binary.bytes.byteLength));
}

/** A file part's problem found while reading, as an object where the operation's 422 wants one (`filePartProblemsUnder`). */
function shapeFileProblems(op: OperationDef, map: ValidationMap): ValidationMap {
  const key = op.errors[422]?.filePartProblemsUnder;
  if (!key) return map;
  const shaped: ValidationMap = { ...map };
  for (const name of filePartNames(op.request.body)) {
    const problem = shaped[name];
    if (typeof problem === 'string') shaped[name] = { [key]: problem };
  }
  return shaped;
}

/** A 422 field map where the operation's error body has it (under `error` for some operations). */
function nestFields(op: OperationDef, map: ValidationMap): ValidationMap {
  return op.errors[422]?.fieldsUnder ? { [op.errors[422].fieldsUnder]: map } : map;
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
 * Whether a Bearer token's scopes cover the operation. Templates are filled
 * from the path; an `{accountID}` the path lacks (the old `POST /transfer-options`)
 * is the caller's own (partner) account, as transfer scopes name the partner
 * (docs/api-behaviour.md §1.3). Scope strings are lower-case apart from UUIDs, which
 * compare case-insensitively, so the filled scope is lower-cased as tokens are.
 */
function holdsScopes(caller: Caller, op: OperationDef, rawParams: Record<string, string>): boolean {
  const values = { accountID: caller.platformID, ...rawParams };
  return op.scopes.every((template) => caller.scopes?.has(fillScope(template, values).toLowerCase()) ?? true);
}

/**
 * Registers one operation of the registry as a Fastify route. The pipeline is
 * the same for every operation: version gate, authentication, rate limit,
 * path parameters, scopes, query, headers, body, handler, version transform of the reply.
 */
export function registerOperation(app: FastifyInstance, op: OperationDef, handler: Handler, deps: Deps): void {
  const acceptedTypes = op.request.acceptsForm ? [JSON_TYPE, FORM_TYPE] : [JSON_TYPE];

  app.route({
    method: op.method,
    url: fastifyPath(op.path),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const version = request.apiVersion;
      // The router lets a last parameter be empty (`GET /accounts/` reaches `/accounts/:accountID`):
      // an empty segment is a trailing slash, which names no route (decisions/0208).
      if (Object.values((request.params ?? {}) as Record<string, string>).some((value) => value === '')) {
        return sendNotFound(reply, 'unknown-route', 'no route ends with a slash');
      }
      // The operation does not exist in the request's version (absent X-Moov-Version is the oldest).
      if (op.since && !isAtLeast(version, op.since)) {
        return sendNotFound(reply, 'operation-not-in-version', `${op.id} is served from ${op.since}; the request resolved to ${version}`);
      }

      const authorization = parseAuthorization(request.headers.authorization);
      // A header that is present but unreadable is never ignored, not even where auth is optional.
      if (authorization.kind === 'malformed') return sendEmpty(reply, 401);
      let caller: Caller | undefined;
      if (op.auth === 'api') {
        if (authorization.kind === 'basic') {
          // Throws 401 or, past the failed-login limits, 429 (0207).
          caller = await deps.services.credentials.authenticateApiKey(authorization.username, authorization.password, request.ip);
        } else if (authorization.kind === 'bearer') {
          caller = await deps.services.credentials.verifyAccessToken(authorization.token);
        }
        if (!caller) return sendEmpty(reply, 401);
      }

      const limitedBy = caller?.platformID ?? `ip:${request.ip}`;
      const retryAfter = deps.limiter.take(limitedBy, request.ip);
      if (retryAfter !== undefined) return sendEmpty(reply.header('retry-after', String(retryAfter)), 429);

      const rawParams = (request.params ?? {}) as Record<string, string>;
      // A dot segment names no resource: the same answer as a malformed ID.
      if (hasDotSegment(rawParams)) return sendNotFound(reply, 'malformed-id', 'a path parameter is . or .. or holds a slash');
      let params: unknown = {};
      if (op.request.params) {
        const parsed = op.request.params.safeParse(rawParams);
        // A malformed ID names no resource: answer as for a missing one, whatever the credentials.
        if (!parsed.success) return sendNotFound(reply, 'malformed-id', parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
        params = parsed.data;
      }

      if (caller?.scopes && !holdsScopes(caller, op, rawParams)) return sendEmpty(reply, 403);

      // PostgreSQL cannot store U+0000 in text; refuse it here rather than fail in the store.
      if (containsNul(rawParams) || containsNul(request.query) || containsNul(request.body)) {
        return sendGenericError(reply, 400, 'the request contains a NUL (U+0000) character');
      }

      let query: unknown = {};
      if (op.request.query) {
        const parsed = op.request.query.safeParse(request.query ?? {}, PARSE_OPTIONS);
        if (!parsed.success) {
          const map = issuesToMap(parsed.error.issues);
          if (op.errors[422]) throw new ValidationFailed(nestFields(op, map));
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
      if (op.request.multipart && op.request.body) {
        // Read only now, after credentials, scopes and parameters passed: a refused caller's upload is never read.
        const read = await readMultipartBody(request, op.request.multipart, op.request.body as z.ZodObject);
        if (!read.ok) return sendGenericError(reply, read.status, read.message);
        if (containsNul(read.body)) return sendGenericError(reply, 400, 'the request contains a NUL (U+0000) character');
        const parsed = op.request.body.safeParse(read.body, PARSE_OPTIONS);
        // What the reading found (a part over its limit, sent twice) says more than the schema's view of it.
        const map = shapeFileProblems(op, { ...(parsed.success ? {} : issuesToMap(parsed.error.issues)), ...read.fieldErrors });
        if (Object.keys(map).length > 0) {
          if (op.errors[422]) throw new ValidationFailed(nestFields(op, map));
          return sendGenericError(reply, 400, firstMessage(map));
        }
        body = parsed.data;
      } else if (request.isMultipart()) {
        return sendGenericError(reply, 415, `Content-Type must be ${acceptedTypes.join(' or ')}`);
      } else if (op.request.body) {
        if (request.body !== undefined && !acceptedTypes.includes(mediaType(request))) {
          return sendGenericError(reply, 415, `Content-Type must be ${acceptedTypes.join(' or ')}`);
        }
        if (request.body === undefined || request.body === null) {
          if (op.request.bodyRequired) return sendGenericError(reply, 400, 'a request body is required');
        } else {
          const parsed = op.request.body.safeParse(transformRequest(op.id, version, request.body), PARSE_OPTIONS);
          if (!parsed.success) {
            // The body as a whole has the wrong shape (an array, a number): malformed, not a field error.
            const whole = parsed.error.issues.find((issue) => issue.path.length === 0);
            if (whole) return sendGenericError(reply, 400, `request body: ${whole.message}`);
            const map = issuesToMap(parsed.error.issues);
            if (op.errors[422]) throw new ValidationFailed(nestFields(op, map));
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
        baseURL: `${request.protocol}://${request.host}`,
      };
      const result = (await handler({ params, query, headers, body } as never, ctx)) ?? {};
      const status = result.status ?? op.response.status;
      if (result.headers) reply.headers(result.headers);
      if (result.binary) return sendBinary(reply, op, status, result.binary);
      if (result.body === undefined) return sendEmpty(reply, status);
      return reply.code(status).type('application/json').send(transformResponse(op.id, version, result.body));
    },
  });
}
