import { after, describe, it } from 'node:test';
import type { StoreKind } from '../support/stores.ts';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { killAllChildren } from '../support/harness-child.ts';
import { canRestartPostgres, ensurePostgresRunning } from '../support/harness-databases.ts';
import { runCrashScenario } from './crash-scenario.ts';

/**
 * kill -9 under load, on one store per test file (issue 14, item 1; docs/reliability.md).
 * Short by default, so it runs in `npm test`: RAILYARD_CRASH_KILLS sets the
 * number of kills (`npm run test:crash:long`: 50). The PostgreSQL restart
 * under load runs only when RAILYARD_CRASH_PG_RESTART=1 (`npm run test:crash`):
 * in a full `npm test` it would cut every other test file's connections.
 */

const KILLS = Number(process.env['RAILYARD_CRASH_KILLS'] ?? 4);
const PG_RESTART = process.env['RAILYARD_CRASH_PG_RESTART'] === '1';
/** How many PostgreSQL restarts under load when they run (RAILYARD_CRASH_PG_RESTARTS; default 1). */
const PG_RESTARTS = Number(process.env['RAILYARD_CRASH_PG_RESTARTS'] ?? 1);
/** How long the load runs before each kill, "min,max" ms (RAILYARD_CRASH_LOAD_MS; default 200,1000). */
const LOAD_MS = (process.env['RAILYARD_CRASH_LOAD_MS'] ?? '200,1000').split(',').map(Number) as [number, number];
// RAILYARD_CRASH_STORES=sqlite (or postgres) runs one store only, e.g. to repeat one long run.
const only = process.env['RAILYARD_CRASH_STORES']?.split(',');

/** The kill -9 test on one store; one test file per store, so the two run side by side, each within the runner's time bound. */
export async function crashSuite(kind: StoreKind): Promise<void> {
  if (!(await storeKinds()).includes(kind) || (only && !only.includes(kind))) return;
  after(() => {
    killAllChildren();
    if (PG_RESTART && canRestartPostgres()) ensurePostgresRunning();
  });
  describe(`kill -9 under load (${kind})`, () => {
    it(`loses no acknowledged write, moves no money twice, runs every due job and delivery (${KILLS} kills)`, { timeout: Math.max(300_000, KILLS * 30_000) }, async () => {
      assert.ok(Number.isInteger(KILLS) && KILLS >= 1, 'RAILYARD_CRASH_KILLS is a whole number ≥ 1');
      assert.ok(Number.isInteger(PG_RESTARTS) && PG_RESTARTS >= 1, 'RAILYARD_CRASH_PG_RESTARTS is a whole number ≥ 1');
      const postgresRestarts = kind === 'postgres' && PG_RESTART && canRestartPostgres() ? PG_RESTARTS : 0;
      const figures = await runCrashScenario({ kind, kills: KILLS, postgresRestarts, loadMs: LOAD_MS });
      process.stdout.write(`# crash ${JSON.stringify(figures)}\n`);
      assert.ok(figures.acknowledged >= 10, `the load was acknowledged between kills (${figures.acknowledged})`);
      assert.ok(figures.killsMidRequest >= 1, 'at least one kill cut requests off in flight');
    });
  });
}
