/** What PostgreSQL's SQLSTATE codes tell the store about an error (https://www.postgresql.org/docs/15/errcodes-appendix.html). */

/** A deadlock's victim or a serialization failure: the unit may simply run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '40001' || code === '40P01';
}

/**
 * An error about the connection or the server, not about a statement: class 08
 * (connection exception), 57P (the server shutting down or gone), or no SQLSTATE
 * at all (the driver's own, as when the socket closes). Whatever the unit sent
 * last may or may not have been done.
 */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || /^(08|57P)/.test(code);
}
