import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { pacedLatencies, runPgbench } from '../../../../bench/tools/pgbench.ts';

// The database's own transaction at a scenario's half rate (bench/tools/pgbench.ts, `pacedRates`):
// pgbench -R's per-transaction log read into the same figures as Railyard's paced load (bench/README.md,
// "The database's own tail at the same rate").

const postgres = (await storeKinds()).includes('postgres');

/** A log line as pgbench -l -R writes it: client, transaction, µs from schedule to end, script, end (s, µs), lag µs. */
const line = (client: number, n: number, latencyUs: number, endUs: number, lagUs = 0) =>
  `${client} ${n} ${latencyUs} 0 ${Math.floor(endUs / 1e6)} ${endUs % 1e6} ${lagUs}`;

describe('a paced pgbench run read from its log (bench/tools/pgbench.ts)', () => {
  const T0 = 1_795_930_000 * 1e6; // µs since the epoch

  it('measures from each transaction’s schedule, leaves the warm-up out, and takes the bench’s percentiles', () => {
    const lines: string[] = [];
    // 100/s for 3 s, each 2 ms from its schedule, but for four of those scheduled after the first second.
    for (let i = 0; i < 300; i++) {
      const scheduled = T0 + i * 10_000;
      const slow = i === 150 ? 45_000 : i === 151 || i === 152 || i === 153 ? 30_000 : 2_000;
      lines.push(line(i % 8, i, slow, scheduled + slow));
    }
    // Scheduled in the warm-up (0.99 s) but ended after it, slow: left out by its schedule, not its end.
    lines.push(line(0, 999, 200_000, T0 + 990_000 + 200_000));
    const paced = pacedLatencies(lines, 100, 1);
    assert.equal(paced.transactions, 200, 'the 200 scheduled from 1 s on');
    assert.equal(paced.measuredRate, 101, '200 over the 1.99 s between the first and the last kept schedule');
    assert.equal(paced.failed, 0);
    assert.equal(paced.p50, 2);
    assert.equal(paced.p99, 30, 'the 198th of 200 sorted: the third 30 ms one');
    assert.equal(paced.max, 45, 'not the warm-up’s 200 ms');
  });

  it('counts failed and skipped transactions apart, and ignores blank and short lines', () => {
    const lines = [line(0, 1, 1_000, T0 + 1_000), line(0, 2, 3_000, T0 + 1_500_000), '0 3 failed 0 1795930001 600000', '1 1 skipped 0 1795930001 700000 5', '', 'garbage'];
    const paced = pacedLatencies(lines, 10, 1);
    assert.equal(paced.failed, 2);
    assert.equal(paced.transactions, 1);
    assert.equal(paced.p99, 3);
  });

  it('refuses a log with no transaction, or none after the warm-up', () => {
    assert.throws(() => pacedLatencies([''], 10, 1), /pgbench logged no transaction/);
    assert.throws(() => pacedLatencies([line(0, 1, 1_000, T0 + 1_000)], 10, 1), /no transaction after its 1 s warm-up/);
  });
});

describe('pgbench paced on a scratch database', { skip: postgres ? false : 'PostgreSQL is not among the stores under test' }, () => {
  it('runs TPC-B at full speed, then at each rate asked, and answers each paced run’s latencies', async () => {
    const result = await runPgbench(POSTGRES_URL, { clients: 2, seconds: 1, scale: 1, pacedRates: [40, 80], pacedSeconds: 2, pacedWarmupS: 1 });
    assert.ok(result.tps > 0);
    assert.equal(result.paced.length, 2);
    for (const [i, rate] of [40, 80].entries()) {
      const paced = result.paced[i]!;
      assert.ok(!('error' in paced), `paced at ${rate}/s: ${'error' in paced ? paced.error : ''}`);
      assert.equal(paced.rate, rate);
      // pgbench schedules by a Poisson process: the count over 2 s is near 2 × rate, not exact.
      assert.ok(paced.transactions > rate && paced.transactions < rate * 3, `${paced.transactions} transactions at ${rate}/s over 2 s`);
      assert.equal(paced.failed, 0);
      assert.ok(paced.p50 > 0 && paced.p50 <= paced.p99 && paced.p99 <= paced.max, JSON.stringify(paced));
    }
  });

  it('answers a paced run that fails as its own entry, the full-speed figure kept', async () => {
    // pgbench refuses a rate of 0 ("invalid rate"), as it would refuse any run it cannot make.
    const result = await runPgbench(POSTGRES_URL, { clients: 2, seconds: 1, scale: 1, pacedRates: [0], pacedSeconds: 1, pacedWarmupS: 1 });
    assert.ok(result.tps > 0);
    const [paced] = result.paced;
    assert.ok(paced && 'error' in paced && paced.rate === 0, JSON.stringify(paced));
  });
});
