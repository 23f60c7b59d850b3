/**
 * Storage that cannot take a change right now — a full disk, a failed fsync, a
 * PostgreSQL server restarting — is the service being unavailable, not a bug:
 * the HTTP edge answers 503 with Retry-After (docs/operations.md), and the
 * client retries with the same idempotency key. Everything else a store throws
 * stays a 500. The unit of work that failed was rolled back (or, after a failed
 * fsync, never acknowledged), so a retry is always safe.
 */

/** Raised by a store that refuses a write it could not make durable (after a failed fsync). */
export class StoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailable';
  }
}

/** SQLite result codes (better-sqlite3's `code`) of storage that is full, failing or busy beyond its timeout. */
const SQLITE_UNAVAILABLE = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|CANTOPEN|READONLY|PROTOCOL)/;

/** Operating-system errors of a disk that is full, failing or read-only, or of a database server that went away. */
const SYSTEM_UNAVAILABLE = new Set(['EIO', 'ENOSPC', 'EDQUOT', 'EROFS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection), 53 (insufficient resources: disk
 * full, out of memory, too many connections), 57P01-57P05 (shutting down,
 * starting up), 58 (system I/O error).
 */
function isPostgresUnavailable(code: string): boolean {
  return /^(08|53|58)[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code);
}

/** The node-postgres driver's own messages when a connection ends under it (they carry no code). */
const DRIVER_CONNECTION_LOST = /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect|^Client was closed/;

export function isStoreUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof StoreUnavailable) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SQLITE_UNAVAILABLE.test(code) || SYSTEM_UNAVAILABLE.has(code) || isPostgresUnavailable(code)) return true;
    }
    if (DRIVER_CONNECTION_LOST.test(current.message)) return true;
  }
  return false;
}
