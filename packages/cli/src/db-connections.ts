import { UsageError } from './args.ts';

/** A bound PostgreSQL's own default `max_connections` (100) would refuse from a single process anyway. */
export const MAX_DB_CONNECTIONS = 100;

/**
 * `serve --db-connections N` or RAILYARD_DB_CONNECTIONS: the PostgreSQL connections one process
 * opens at most (docs/deploy.md, "Sizing PostgreSQL"). Absent means the store's default;
 * `undefined` is answered then.
 */
export function parseDbConnections(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(value >= 1 && value <= MAX_DB_CONNECTIONS)) throw new UsageError(`--db-connections must be 1 to ${MAX_DB_CONNECTIONS}, not ${text}`);
  return value;
}
