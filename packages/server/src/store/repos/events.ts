import type { Sql } from '../port.ts';
import { deferInsertRows } from './multi-row.ts';

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

export interface NewEventRow {
  eventID: string;
  platformID: string;
  type: string;
  data: unknown;
  createdOn: string;
}

/** Events in as few statements as MAX_ROWS_PER_INSERT allows (multi-row.ts), numbered by the database in the order given. */
export async function insertEvents(sql: Sql, rows: readonly NewEventRow[]): Promise<void> {
  // Deferred: nothing reads an event back in the unit that writes it, and a fresh ID cannot collide (decision 2001).
  await deferInsertRows(sql, rows, {
    statement: (valuesList) => `INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES ${valuesList}`,
    tuple: '(?, ?, ?, ?, ?)',
    values: (row) => [row.eventID, row.platformID, row.type, JSON.stringify(row.data), row.createdOn],
  });
}

/** A platform's events written after `afterSeq` (0: from the first), oldest first, at most `limit` (≤ MAX_EVENTS_PER_READ). */
export async function listEventsAfter(sql: Sql, platformID: string, afterSeq: number, limit: number): Promise<EventRow[]> {
  const bounded = Math.max(1, Math.min(limit, MAX_EVENTS_PER_READ));
  return sql.all<EventRow>(
    'SELECT event_seq, event_id, platform_id, event_type, data, created_on FROM events WHERE platform_id = ? AND event_seq > ? ORDER BY event_seq LIMIT ?',
    [platformID, afterSeq, bounded],
  );
}
