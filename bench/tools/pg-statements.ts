// Where the database's time goes per statement, from pg_stat_statements (a contrib
// extension: `shared_preload_libraries = 'pg_stat_statements'` and CREATE EXTENSION in
// the database). transfer-cpu.ts --pg-statements resets it before the measured creates
// and prints, per statement, its execution time per call and per create.
import type { Store } from '../../packages/server/src/store/port.ts';

/** The schema the extension lives in, or undefined when it is not installed in this database. */
async function extensionSchema(store: Store): Promise<string | undefined> {
  const row = await store.read((sql) =>
    sql.get<{ schema: string }>("SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_stat_statements'", []),
  );
  // The name comes from the catalogue; checked anyway before it goes into the text.
  return row && /^[a-z_][a-z0-9_]*$/.test(row.schema) ? row.schema : undefined;
}

export async function resetStatementStats(store: Store): Promise<void> {
  const schema = await extensionSchema(store);
  if (!schema) throw new Error('--pg-statements needs the pg_stat_statements extension in this database (see bench/README.md)');
  await store.read((sql) => sql.all(`SELECT ${schema}.pg_stat_statements_reset()`, []));
}

interface StatementRow {
  calls: number | string;
  total_ms: number | string;
  wal_bytes: number | string;
  query: string;
}

/** Prints the statements run at least `minCalls` times since the reset, costliest first, per call and per create. */
export async function printStatementStats(store: Store, creates: number, minCalls: number): Promise<void> {
  const schema = await extensionSchema(store);
  if (!schema) return;
  const rows = await store.read((sql) =>
    sql.all<StatementRow>(
      `SELECT calls, total_exec_time AS total_ms, wal_bytes, query FROM ${schema}.pg_stat_statements
        WHERE calls >= ? AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT 30`,
      [minCalls],
    ),
  );
  const perCreate = (ms: number) => ((ms * 1000) / creates).toFixed(0).padStart(5);
  const total = rows.reduce((sum, row) => sum + Number(row.total_ms), 0);
  console.log(`postgres execution µs/create ${perCreate(total)} (pg_stat_statements; planning and protocol not included)`);
  for (const row of rows) {
    const calls = Number(row.calls);
    const perCall = ((Number(row.total_ms) * 1000) / calls).toFixed(1).padStart(6);
    const wal = (Number(row.wal_bytes) / calls).toFixed(0).padStart(5);
    console.log(`  ${perCreate(Number(row.total_ms))} µs/create  ${perCall} µs/call  ${wal} WAL B/call  ${row.query.replace(/\s+/g, ' ').slice(0, 90)}`);
  }
}
