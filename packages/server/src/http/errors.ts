import type { FastifyReply } from 'fastify';
import { DomainError, Conflict, TooManyRequests, ValidationFailed } from '../kernel/errors.ts';

/** Statuses whose responses carry no body in Moov's API (docs/api-behaviour.md §4.1). */
export const EMPTY_BODY_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 429]);

export function sendEmpty(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).removeHeader('content-type').send();
}

export function sendGenericError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json').send({ error: message });
}

/** Sends a domain error in the API's shape. */
export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
  if (EMPTY_BODY_STATUSES.has(error.status)) return sendEmpty(reply, error.status);
  if (error instanceof ValidationFailed) return reply.code(422).type('application/json').send(error.fields);
  if (error instanceof Conflict && error.body !== undefined) return reply.code(409).type('application/json').send(error.body);
  return sendGenericError(reply, error.status, error.message);
}

export { DomainError };
