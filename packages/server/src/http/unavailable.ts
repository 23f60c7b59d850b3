import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../store/unavailable.ts';
import { sendGenericError } from './errors.ts';

/** Seconds a client should wait before retrying a write the storage could not take. */
const RETRY_AFTER_SECONDS = 1;

/**
 * 503 for storage that cannot take a change now (a full disk, a failed fsync,
 * PostgreSQL restarting: store/unavailable.ts), in the API's `{"error"}` shape
 * with Retry-After. The body names no file, statement or driver message; the
 * log has the cause. Answers undefined when the error is something else.
 */
export function answerUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!isStoreUnavailable(error)) return undefined;
  request.log.error({ err: error }, 'storage unavailable');
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendGenericError(reply, 503, 'the service is unavailable: its storage cannot take changes right now; retry later (with the same X-Idempotency-Key for a transfer)');
}
