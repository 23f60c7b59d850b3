import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { slowestWindows } from '../../../../bench/tools/paced-load.ts';
import { walSegmentCount } from '../../../../bench/tools/wal-segments.ts';

// The bench's account of a latency tail at half rate (bench/README.md, "The tail at half rate"):
// when it happened (the slowest 100 ms windows), whether PostgreSQL created WAL segments meanwhile,
// and what the server's own loop and collector did then (bench/tools/stall-probe.mjs).

const START = Date.UTC(2026, 10, 27, 21, 0, 0);

// Asked before any test runs: its probe is a socket with a 1 s timeout, which a test that blocked
// this process's event loop (a spawnSync under load did, in CI) would run out.
const postgres = (await storeKinds()).includes('postgres');

const run = promisify(execFile);

describe('slowest windows of a paced run (bench/tools/paced-load.ts)', () => {
  it('finds the three windows with the slowest answers, slowest first, dated by when their requests were due', () => {
    // 100 requests/s for 2 s: ten per 100 ms window, all answered in 3 ms but for three moments.
    const latencies = new Float64Array(200).fill(3);
    latencies[55] = 80; // window 5 (0.5 s), with a second slow answer
    latencies[57] = 25;
    latencies[130] = 40; // window 13 (1.3 s)
    latencies[199] = 21; // window 19 (1.9 s), the last
    latencies[10] = 19; // window 1: not over 20 ms, and slower than none of the three
    const windows = slowestWindows(latencies, 100, START);
    assert.deepEqual(windows, [
      { at: '21:00:00.50', maxMs: 80, over20ms: 2 },
      { at: '21:00:01.30', maxMs: 40, over20ms: 1 },
      { at: '21:00:01.90', maxMs: 21, over20ms: 1 },
    ]);
  });

  it('places requests by rate: at 20 requests/s, request 3 is due in the second window', () => {
    const latencies = new Float64Array(20).fill(1);
    latencies[3] = 50; // due at 150 ms
    assert.deepEqual(slowestWindows(latencies, 20, START)[0], { at: '21:00:00.10', maxMs: 50, over20ms: 1 });
  });

  it('answers fewer than three windows for a run shorter than three', () => {
    assert.equal(slowestWindows(new Float64Array(5).fill(2), 100, START).length, 1);
  });
});

describe('stall probe (bench/tools/stall-probe.mjs)', () => {
  it('notes a blocked event loop with its length and how much of it the thread ran or waited for a core, and nothing without BENCH_STALL_LOG', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-stalls-'));
    try {
      const probe = fileURLToPath(new URL('../../../../bench/tools/stall-probe.mjs', import.meta.url));
      // Let the probe's timer start, then block the loop for 120 ms, then let the timer fire once more.
      const script = 'setTimeout(() => { const end = Date.now() + 120; while (Date.now() < end); setTimeout(() => {}, 30); }, 30);';
      // Asynchronous, so that this process's own loop goes on meanwhile (the child blocks its own).
      await run(process.execPath, ['--import', probe, '-e', script], { env: { ...process.env, BENCH_STALL_LOG: dir } });
      const files = readdirSync(dir);
      assert.equal(files.length, 1, `one log per process, found ${files.join(', ')}`);
      const lines = readFileSync(join(dir, files[0]!), 'utf8').split('\n');
      const stalls = lines
        .filter((line) => line.startsWith('stall '))
        .map((line) => /^stall \d\d:\d\d:\d\d\.\d{3} (\d+) ms \(ran (\d+) ms, waited for a core (\d+) ms\)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => ({ late: Number(match[1]), ran: Number(match[2]), waited: Number(match[3]) }));
      const blocked = stalls.find((stall) => stall.late >= 100 && stall.late < 1000);
      assert.ok(blocked, `a stall of about 120 ms noted with its split, found ${JSON.stringify(lines)}`);
      // A busy loop never sleeps: for its 120 ms the thread ran, waited (runnable) for a core, or lost
      // its virtual core to the host (steal, which neither figure counts: 25 of 120 ms once in CI).
      assert.ok(blocked.ran > 0 && blocked.ran + blocked.waited >= 40, `ran + waited account for much of the busy loop: ${JSON.stringify(blocked)}`);
      assert.ok(blocked.ran + blocked.waited <= blocked.late + 15, `ran + waited within the stall and its tick: ${JSON.stringify(blocked)}`);

      await run(process.execPath, ['--import', probe, '-e', script], { env: { ...process.env, BENCH_STALL_LOG: '' } });
      assert.equal(readdirSync(dir).length, 1, 'without BENCH_STALL_LOG the probe writes nothing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('WAL segment count (bench/tools/wal-segments.ts)', { skip: postgres ? false : 'PostgreSQL is not among the stores under test' }, () => {
  it('counts the segment files of pg_wal for a role that may list it', async () => {
    const count = await walSegmentCount(POSTGRES_URL);
    assert.ok(Number.isSafeInteger(count) && count! >= 1, `at least the current segment, got ${count}`);
  });

  it('answers undefined, without throwing, for a role that may not list pg_wal', async () => {
    const role = `railyard_nowal_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      const url = new URL(POSTGRES_URL);
      url.username = role;
      url.password = '';
      assert.equal(await walSegmentCount(url.toString()), undefined);
    } finally {
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });

  it('answers undefined for a server that cannot be reached', async () => {
    assert.equal(await walSegmentCount('postgres://nobody@127.0.0.1:1/none'), undefined);
  });
});
