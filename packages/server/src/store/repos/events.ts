import type { Sql } from '../port.ts';

/**
 * The event log (docs/api-behaviour.md §9.4 names). `event_seq` is assigned by the
 * database on insert (migration 12) and only grows, so it orders events
 * exactly as they were written, within a unit of work and across them; never
 * set it here. Domain code writes through `recordEvent` (kernel/events.ts).
 */

export interface EventRow {
  event_seq: number;
  event_id: string;
  platform_id: string;
  event_type: string;
  /** JSON object. */
  data: string;
  created_on: string;
}

/** The most events one read answers. */
export const MAX_EVENTS_PER_READ = 1_000;

/**
 * The most rows one insert writes: a unit writing more sends several statements.
 * Bounds the statement's parameters and the number of distinct texts (each row
 * count is one prepared statement per connection on PostgreSQL).
 */
export const MAX_ROWS_PER_INSERT = 50;

export interface NewEventRow {
  eventID: string;
  platformID: string;
  type: string;
  data: unknown;
  createdOn: string;
}

/** Events in one statement (up to MAX_ROWS_PER_INSERT rows each), numbered by the database in the order given. */
export async function insertEvents(sql: Sql, rows: readonly NewEventRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + MAX_ROWS_PER_INSERT);
    // Deferred: nothing reads an event back in the unit that writes it, and a fresh ID cannot collide (decision 2001).
    await sql.defer(
      `INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flatMap((row) => [row.eventID, row.platformID, row.type, JSON.stringify(row.data), row.createdOn]),
    );
  }
}

/** A platform's events written after `afterSeq` (0: from the first), oldest first, at most `limit` (≤ MAX_EVENTS_PER_READ). */
export async function listEventsAfter(sql: Sql, platformID: string, afterSeq: number, limit: number): Promise<EventRow[]> {
  const bounded = Math.max(1, Math.min(limit, MAX_EVENTS_PER_READ));
  return sql.all<EventRow>(
    'SELECT event_seq, event_id, platform_id, event_type, data, created_on FROM events WHERE platform_id = ? AND event_seq > ? ORDER BY event_seq LIMIT ?',
    [platformID, afterSeq, bounded],
  );
}
