// Group commit on PostgreSQL, measured rather than argued (issue 20 item 1, decision 2001's
// amendment "Group commit, measured and not taken"): a store's units of work run up to `size` at a time
// as savepoints of ONE transaction on ONE connection, then commit together, as SQLite's
// group commit does (decision 0003). Used by transfer-cpu.ts's --group N; not a deployment mode.
//
// `connections` groups run at once, each on its own connection, taking units from one queue.
// Several groups lock their wallets in arrival order and may deadlock one another: a unit
// PostgreSQL picked as the victim is rolled back to its savepoint and queued again, as the
// store retries a deadlocked unit (at most MAX_ATTEMPTS times), and counted. Each unit keeps its
// own three messages; what a group shares is BEGIN, COMMIT and the commit's WAL flush.
import { createRequire } from 'node:module';
import type pg from 'pg';
import { PostgresUnit, type UnitEnds } from '../../packages/server/src/store/postgres/postgres-store.ts';
import { isRetryable } from '../../packages/server/src/store/postgres/sqlstate.ts';
import type { Sql, Store } from '../../packages/server/src/store/port.ts';

export const MAX_GROUP = 16; // each unit is a subtransaction; PostgreSQL caches 64 per transaction
export const MAX_CONNECTIONS = 16;
const MAX_ATTEMPTS = 6;

/** A unit as a savepoint of the group's transaction: released at its end, rolled back to on its error. */
const SAVEPOINT: UnitEnds = {
  open: { text: 'SAVEPOINT grouped_unit', name: undefined, values: [] },
  close: { text: 'RELEASE SAVEPOINT grouped_unit', name: undefined, values: [] },
  undo: 'ROLLBACK TO SAVEPOINT grouped_unit; RELEASE SAVEPOINT grouped_unit',
};

interface Queued {
  work: (sql: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  attempts: number;
}

export interface Grouping {
  /** Groups committed and the units they held, for the per-group average. */
  readonly groups: number;
  readonly units: number;
  /** Units PostgreSQL rolled back as a deadlock's (or serialization failure's) victim, then ran again. */
  readonly retried: number;
  close(): Promise<void>;
}

/**
 * Replaces `store.write` with units queued and run `size` at a time, in groups
 * on `connections` connections of their own to `connectionString`, in the schema
 * the store works in. A unit's error rolls back its savepoint alone and rejects its
 * caller (a deadlock's victim is queued again instead); a failed BEGIN or COMMIT
 * rejects the whole group (nothing of it was committed).
 */
export async function groupWrites(
  store: Store,
  options: { connectionString: string; size: number; connections?: number },
): Promise<Grouping> {
  const connections = options.connections ?? 1;
  if (!Number.isSafeInteger(options.size) || options.size < 1 || options.size > MAX_GROUP) throw new Error(`group size must be 1..${MAX_GROUP}`);
  if (!Number.isSafeInteger(connections) || connections < 1 || connections > MAX_CONNECTIONS) throw new Error(`connections must be 1..${MAX_CONNECTIONS}`);
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  // The store's schema (tests and the bench give each store one of its own), read from the store itself.
  const schema = (await store.read((sql) => sql.get<{ schema: string }>('SELECT current_schema() AS schema')))?.schema;
  const clients: pg.Client[] = [];
  try {
    for (let i = 0; i < connections; i++) {
      const client = new Client({ connectionString: options.connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      clients.push(client);
      await client.connect();
    }
  } catch (error) {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    throw error;
  }
  const idle = [...clients];
  const queue: Queued[] = [];
  const counts = { groups: 0, units: 0, retried: 0 };

  const runGroup = async (client: pg.Client, group: Queued[]): Promise<void> => {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await client.query('BEGIN');
      for (const { work } of group) {
        const unit = new PostgresUnit(client, SAVEPOINT);
        try {
          const value = await work(unit);
          await unit.commit();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await unit.rollback();
          outcomes.push({ ok: false, error });
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      for (const { reject } of group) reject(error);
      return;
    }
    counts.groups++;
    group.forEach((queued, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        counts.units++;
        queued.resolve(outcome.value);
      } else if (isRetryable(outcome.error) && ++queued.attempts < MAX_ATTEMPTS) {
        counts.retried++;
        queue.push(queued);
      } else {
        counts.units++;
        queued.reject(outcome.error);
      }
    });
  };

  /** Starts a group on every idle connection while units wait; a connection takes the next group when its group commits. */
  const drain = (): void => {
    while (queue.length > 0 && idle.length > 0) {
      const client = idle.pop()!;
      void runGroup(client, queue.splice(0, options.size)).finally(() => {
        idle.push(client);
        drain();
      });
    }
  };

  // Units queued in one turn of the event loop form groups together, as on SQLite (decision 0003).
  let scheduled = false;
  store.write = <T>(work: (sql: Sql) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject, attempts: 0 });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        drain();
      });
    });

  return {
    get groups() {
      return counts.groups;
    },
    get units() {
      return counts.units;
    },
    get retried() {
      return counts.retried;
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.end()));
    },
  };
}
