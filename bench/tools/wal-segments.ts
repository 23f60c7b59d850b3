// How many WAL segment files the PostgreSQL server holds, to tell whether it created new ones
// during a run. A new segment is written whole (16 MB of zeros, then fsync, with the default
// wal_init_zero) while every commit waits for it: on this machine 25–47 ms per segment, measured
// in the PostgreSQL log (bench/README.md, "The tail at half rate"). A segment recycled at a
// checkpoint is only renamed, so the count grows only when one is created.
import { runStatement } from './pgbench.ts';

/** The number of files in pg_wal, or undefined where the role may not list it (pg_ls_waldir needs pg_monitor) or the server does not answer. */
export async function walSegmentCount(databaseUrl: string): Promise<number | undefined> {
  try {
    const rows = await runStatement<{ count: string }>(databaseUrl, `SELECT count(*) AS count FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'`);
    return Number(rows[0]!.count);
  } catch {
    return undefined;
  }
}
