import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../src/kernel/clock.ts';
import { PlatformService } from '../../src/domain/platforms/service.ts';
import { PostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Sql, Store } from '../../src/store/port.ts';
import { findJob, type JobRow } from '../../src/store/repos/jobs.ts';
import { POSTGRES_URL, type StoreKind } from './stores.ts';

/** Real time that a test moves by hand: leases expire when the test says so. */
export class ManualClock implements Clock {
  constructor(public ms = Date.parse('2026-03-02T15:00:00.000Z')) {}
  now(): Date {
    return new Date(this.ms);
  }
  tick(ms: number): void {
    this.ms += ms;
  }
}

export interface TwinStores {
  /** Two stores on one database, as two `railyard serve` processes would have. */
  a: Store;
  b: Store;
  destroy(): Promise<void>;
}

/** Two store instances on the same fresh database: one SQLite file, or one PostgreSQL schema. */
export async function openTwinStores(kind: StoreKind): Promise<TwinStores> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-jobs-'));
    const a = new SqliteStore(join(dir, 'test.db'));
    await a.migrate();
    const b = new SqliteStore(join(dir, 'test.db'));
    return {
      a,
      b,
      destroy: async () => {
        await a.close();
        await b.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const a = new PostgresStore({ connectionString: POSTGRES_URL, schema, maxConnections: 6 });
  await a.migrate();
  const b = new PostgresStore({ connectionString: POSTGRES_URL, schema, maxConnections: 6 });
  return {
    a,
    b,
    destroy: async () => {
      await b.close();
      await a.dropSchema();
      await a.close();
    },
  };
}

export async function createPlatform(store: Store, clock: Clock, name = 'Jobs Platform'): Promise<string> {
  return (await new PlatformService(store, clock).create({ name })).accountID;
}

/** A job's visible effect in tests: one `events` row carrying the job's ID. */
export async function recordEffect(sql: Sql, platformID: string, jobID: string, createdOn: string): Promise<void> {
  await sql.run('INSERT INTO events (event_id, platform_id, event_type, data, created_on) VALUES (?, ?, ?, ?, ?)', [
    randomUUID(),
    platformID,
    'test.job-ran',
    jobID,
    createdOn,
  ]);
}

export async function effectCounts(store: Store): Promise<Map<string, number>> {
  const rows = await store.read((sql) =>
    sql.all<{ data: string; n: number | string }>("SELECT data, COUNT(*) AS n FROM events WHERE event_type = 'test.job-ran' GROUP BY data"),
  );
  return new Map(rows.map((row) => [row.data, Number(row.n)]));
}

export async function jobRow(store: Store, jobID: string): Promise<JobRow> {
  const row = await store.read((sql) => findJob(sql, jobID));
  if (!row) throw new Error(`no job ${jobID}`);
  return row;
}
