import { parseCount } from './args.ts';

/** A bound PostgreSQL's own default `max_connections` (100) would refuse from a single process anyway. */
export const MAX_DB_CONNECTIONS = 100;

/**
 * `serve --db-connections N` or RAILYARD_DB_CONNECTIONS: the PostgreSQL connections one process
 * opens at most (docs/deploy.md, "Sizing PostgreSQL"). Absent means the store's default;
 * `undefined` is answered then.
 */
export function parseDbConnections(text: string | undefined): number | undefined {
  return parseCount('--db-connections', text, MAX_DB_CONNECTIONS);
}
