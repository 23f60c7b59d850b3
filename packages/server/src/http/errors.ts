import type { FastifyReply } from 'fastify';
import { DomainError, Conflict, TooManyRequests, ValidationFailed } from '../kernel/errors.ts';

/** Statuses whose responses carry no body in Moov's API (docs/api-behaviour.md §4.1). */
export const EMPTY_BODY_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 429]);

export function sendEmpty(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).removeHeader('content-type').send();
}

/**
 * Why a 404 was answered, in the Railyard-only `Railyard-Reason` header
 * (docs/decisions/0208-diagnosable-404s.md). The body stays empty as Moov's is.
 * `not-found` is the one reason for a resource that does not exist and for one
 * another platform owns, so the header never tells the two apart.
 */
export type NotFoundReason =
  | 'unknown-route'
  | 'method-not-allowed'
  | 'malformed-version'
  | 'operation-not-in-version'
  | 'malformed-id'
  | 'not-found';

export const REASON_HEADER = 'railyard-reason';

/** The empty 404 with its reason, logged at debug level (with `detail` when there is more to say). */
export function sendNotFound(reply: FastifyReply, reason: NotFoundReason, detail?: string): FastifyReply {
  reply.log.debug({ reason, method: reply.request.method, url: reply.request.url, ...(detail ? { detail } : {}) }, 'answered 404');
  return sendEmpty(reply.header(REASON_HEADER, reason), 404);
}

export function sendGenericError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json').send({ error: message });
}

/** Sends a domain error in the API's shape. */
export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
  // Missing and another platform's resource alike (invariant 5): the domain throws the same NotFound for both.
  if (error.status === 404) return sendNotFound(reply, 'not-found');
  if (EMPTY_BODY_STATUSES.has(error.status)) return sendEmpty(reply, error.status);
  if (error instanceof ValidationFailed) return reply.code(422).type('application/json').send(error.fields);
  if (error instanceof Conflict && error.body !== undefined) return reply.code(409).type('application/json').send(error.body);
  return sendGenericError(reply, error.status, error.message);
}

export { DomainError };
