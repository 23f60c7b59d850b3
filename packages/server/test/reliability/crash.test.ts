import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { killAllChildren } from './child.ts';
import { canRestartPostgres, ensurePostgresRunning } from './databases.ts';
import { runCrashScenario } from './crash-scenario.ts';

/**
 * kill -9 under load, on each store (issue 14, item 1; docs/reliability.md).
 * Short by default, so it runs in `npm test`: RAILYARD_CRASH_KILLS sets the
 * number of kills (`npm run test:crash:long`: 50). The PostgreSQL restart
 * under load runs only when RAILYARD_CRASH_PG_RESTART=1 (`npm run test:crash`):
 * in a full `npm test` it would cut every other test file's connections.
 */

const KILLS = Number(process.env['RAILYARD_CRASH_KILLS'] ?? 4);
const PG_RESTART = process.env['RAILYARD_CRASH_PG_RESTART'] === '1';
// RAILYARD_CRASH_STORES=sqlite (or postgres) runs one store only, e.g. to repeat one long run.
const only = process.env['RAILYARD_CRASH_STORES']?.split(',');
const kinds = (await storeKinds()).filter((kind) => !only || only.includes(kind));

after(() => {
  killAllChildren();
  if (PG_RESTART && canRestartPostgres()) ensurePostgresRunning();
});

for (const kind of kinds) {
  describe(`kill -9 under load (${kind})`, () => {
    it(`loses no acknowledged write, moves no money twice, runs every due job and delivery (${KILLS} kills)`, { timeout: Math.max(300_000, KILLS * 30_000) }, async () => {
      assert.ok(Number.isInteger(KILLS) && KILLS >= 1, 'RAILYARD_CRASH_KILLS is a whole number ≥ 1');
      const restartPostgres = kind === 'postgres' && PG_RESTART && canRestartPostgres();
      const figures = await runCrashScenario({ kind, kills: KILLS, restartPostgres, loadMs: [200, 1_000] });
      process.stdout.write(`# crash ${JSON.stringify(figures)}\n`);
      assert.ok(figures.acknowledged > KILLS * 5, `the load was acknowledged between kills (${figures.acknowledged})`);
      assert.ok(figures.killsMidRequest >= 1, 'at least one kill cut requests off in flight');
    });
  });
}
