import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { slowestWindows } from '../../../../bench/tools/paced-load.ts';
import { walSegmentCount } from '../../../../bench/tools/wal-segments.ts';
import { describeFlushes, startFlushProbe, summarizeFlushes } from '../../../../bench/tools/flush-probe.ts';
import { describeWaits, startWaitSampler, waitsDuring } from '../../../../bench/tools/pg-waits.ts';

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
      { at: '21:00:00.50', startMs: START + 500, maxMs: 80, over20ms: 2 },
      { at: '21:00:01.30', startMs: START + 1300, maxMs: 40, over20ms: 1 },
      { at: '21:00:01.90', startMs: START + 1900, maxMs: 21, over20ms: 1 },
    ]);
  });

  it('places requests by rate: at 20 requests/s, request 3 is due in the second window', () => {
    const latencies = new Float64Array(20).fill(1);
    latencies[3] = 50; // due at 150 ms
    assert.deepEqual(slowestWindows(latencies, 20, START)[0], { at: '21:00:00.10', startMs: START + 100, maxMs: 50, over20ms: 1 });
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

describe('flush probe (bench/tools/flush-probe.ts)', () => {
  it('summarizes flushes: percentiles, the count over 10 ms and the three slowest dated by when they began', () => {
    // 100 flushes of 0.5 ms, 20 ms apart, but for three slow ones.
    const samples = Array.from({ length: 100 }, (_, i) => ({ beganAt: START + i * 20, ms: 0.5 }));
    samples[10]!.ms = 48.24; // 21:00:00.200
    samples[50]!.ms = 12; // 21:00:01.000
    samples[99]!.ms = 9.96; // the last; not over 10 ms
    const summary = summarizeFlushes(samples);
    assert.deepEqual(summary, {
      flushes: 100,
      p50: 0.5,
      p99: 48.2,
      maxMs: 48.2,
      over10ms: 2,
      slowest: [
        { at: '21:00:00.200', ms: 48.2 },
        { at: '21:00:01.000', ms: 12 },
        { at: '21:00:01.980', ms: 10 },
      ],
    });
    assert.equal(
      describeFlushes('/var/lib/postgresql', summary),
      'fdatasync probe in /var/lib/postgresql meanwhile: 100 flushes, p50 0.5 ms, p99 48.2 ms, max 48.2 ms, 2 over 10 ms; ' +
        'slowest began 21:00:00.200 (48.2 ms), 21:00:01.000 (12 ms), 21:00:01.980 (10 ms)',
    );
    assert.deepEqual(summarizeFlushes([]), { flushes: 0, p50: 0, p99: 0, maxMs: 0, over10ms: 0, slowest: [] });
  });

  it('says how high the dirty page cache rose and its largest fall within one second, and when it began', () => {
    // Dirty data grows by 1 MB per flush (20 ms apart) to 200 MB, the kernel writes 195 MB of it back
    // over the next 400 ms, then it grows again; a fall spread over more than 1 s counts only in part.
    const dirtyMb = [
      ...Array.from({ length: 200 }, (_, i) => i + 1),
      ...Array.from({ length: 20 }, (_, i) => 200 - (i + 1) * 9.75),
      ...Array.from({ length: 100 }, (_, i) => 5 + i),
      ...Array.from({ length: 100 }, (_, i) => 104 - i),
    ];
    const samples = dirtyMb.map((mb, i) => ({ beganAt: START + i * 20, ms: 0.5, dirtyKb: Math.round(mb * 1024) }));
    const summary = summarizeFlushes(samples);
    assert.deepEqual(summary.dirty, { peakMb: 200, largestFallMb: 195, fellFrom: '21:00:03.980' });
    assert.match(
      describeFlushes('/var/lib/postgresql', summary),
      /; dirty page cache \(Dirty: in \/proc\/meminfo\) peaked at 200 MB, its largest fall within 1 s 195 MB from 21:00:03\.980$/,
    );
    // A slow decline: 100 MB over 2 s is at most ~50 MB within any 1 s.
    const slow = summarizeFlushes(dirtyMb.slice(300).map((mb, i) => ({ beganAt: START + i * 20, ms: 0.5, dirtyKb: mb * 1024 })));
    assert.ok(slow.dirty && slow.dirty.largestFallMb >= 49 && slow.dirty.largestFallMb <= 51, JSON.stringify(slow.dirty));
    // Samples without the figure (a kernel that does not say): no dirty clause at all.
    assert.equal(summarizeFlushes([{ beganAt: START, ms: 1 }]).dirty, undefined);
    assert.doesNotMatch(describeFlushes('/x', summarizeFlushes([{ beganAt: START, ms: 1 }])), /dirty/);
  });

  it('flushes in its directory off the caller\'s thread while the caller goes on, and leaves no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-flush-'));
    try {
      const probe = startFlushProbe(dir, { intervalMs: 5 });
      // A worker thread starts in its own time, slower on a loaded machine (the whole suite in parallel
      // took over 200 ms once): wait for its file first, up to 5 s.
      const deadline = Date.now() + 5_000;
      while (readdirSync(dir).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(readdirSync(dir).length, 1, 'the probe writes one file');
      // This thread's own timers keep running while the worker flushes.
      const ticks = await new Promise<number>((resolve) => {
        let n = 0;
        const timer = setInterval(() => {
          if (++n === 20) {
            clearInterval(timer);
            resolve(n);
          }
        }, 10);
      });
      const summary = await probe.stop();
      assert.equal(ticks, 20);
      assert.ok(summary.flushes >= 3, `flushes in 200 ms at one per 5 ms or more: ${summary.flushes}`);
      assert.ok(summary.p50 >= 0 && summary.maxMs >= summary.p99 && summary.p99 >= summary.p50, JSON.stringify(summary));
      assert.equal(summary.slowest.length, 3);
      if (existsSync('/proc/meminfo')) {
        assert.ok(summary.dirty, 'on Linux the probe reads the dirty page cache');
        assert.ok(summary.dirty.peakMb >= 0 && summary.dirty.largestFallMb >= 0 && summary.dirty.largestFallMb <= summary.dirty.peakMb, JSON.stringify(summary.dirty));
      }
      assert.deepEqual(readdirSync(dir), [], 'the probe removes its file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a directory that does not exist and options out of range, before it writes anything', () => {
    const dir = mkdtempSync(join(tmpdir(), 'railyard-flush-'));
    try {
      assert.throws(() => startFlushProbe(join(dir, 'missing')), /flush probe: .*missing is not a directory/);
      assert.throws(() => startFlushProbe(dir, { intervalMs: 1 }), /the interval must be 5–1000 ms, not 1/);
      assert.throws(() => startFlushProbe(dir, { bytes: 4 << 20 }), /the write must be 512 B–1 MiB/);
      assert.deepEqual(readdirSync(dir), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes the bench refuse a --flush-probe that is not a directory before it starts a server', async () => {
    const missing = join(tmpdir(), `railyard-no-such-dir-${process.pid}`);
    const bench = fileURLToPath(new URL('../../../../bench/run.ts', import.meta.url));
    const failed = await run(process.execPath, ['--import', 'tsx', bench, '--flush-probe', missing, 'transfers.create'], { timeout: 60_000 }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    assert.ok(failed, 'the bench exits with an error');
    assert.equal(failed.code, 2);
    assert.match(failed.stderr ?? '', new RegExp(`--flush-probe: ${missing} is not a directory`));
  });
});

describe('what the backends waited for (bench/tools/pg-waits.ts)', () => {
  it('counts the waits sampled within a window, most seen first, and says so when none was active', () => {
    const samples = [
      { at: START, waits: ['Lock:transactionid'] }, // before the window
      { at: START + 100, waits: ['IO:WALSync', 'LWLock:WALWrite', 'LWLock:WALWrite'] },
      { at: START + 110, waits: ['LWLock:WALWrite', 'IO:WALSync', 'LWLock:WALWrite', 'running'] },
      { at: START + 250, waits: [] },
      { at: START + 251, waits: ['ClientRead:x'] }, // after it
    ];
    const waits = waitsDuring(samples, START + 100, START + 250);
    assert.deepEqual(waits, {
      samples: 3,
      longestGapMs: 140, // from the sample at 110 ms to the one at 250 ms
      counts: [
        ['LWLock:WALWrite', 4],
        ['IO:WALSync', 2],
        ['running', 1],
      ],
    });
    assert.equal(describeWaits(waits), '[3 samples, gap 140 ms: LWLock:WALWrite 4, IO:WALSync 2, running 1]');
    // The window's edges count as gaps too: nothing sampled from 260 ms to its end at 400 ms.
    assert.equal(describeWaits(waitsDuring(samples, START + 200, START + 400)), '[2 samples, gap 149 ms: ClientRead:x 1]');
    assert.equal(describeWaits(waitsDuring(samples, START + 240, START + 250)), '[1 sample, gap 10 ms: no active backend seen]');
  });

  it('answers the samples and the error, without throwing, when the server cannot be reached', async () => {
    const result = await startWaitSampler('postgres://nobody@127.0.0.1:1/none').stop();
    assert.deepEqual(result.samples, []);
    assert.match(result.error ?? '', /ECONNREFUSED|connect/);
  });

  it('refuses an interval out of range', () => {
    assert.throws(() => startWaitSampler('postgres://nobody@127.0.0.1:1/none', 0), /the interval must be 1–1000 ms, not 0/);
  });

  it('makes the bench refuse --pg-waits without PostgreSQL before it starts a server', async () => {
    const bench = fileURLToPath(new URL('../../../../bench/run.ts', import.meta.url));
    const failed = await run(process.execPath, ['--import', 'tsx', bench, '--pg-waits', 'transfers.create'], { timeout: 60_000 }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    assert.ok(failed, 'the bench exits with an error');
    assert.equal(failed.code, 2);
    assert.match(failed.stderr ?? '', /--pg-waits needs --db postgres/);
  });

  it('sees what an active backend of its database waits for', { skip: postgres ? false : 'PostgreSQL is not among the stores under test' }, async () => {
    const sleeper = new pg.Client({ connectionString: POSTGRES_URL });
    await sleeper.connect();
    try {
      const sampler = startWaitSampler(POSTGRES_URL, 5);
      await sleeper.query('SELECT pg_sleep(0.3)');
      const { samples, error } = await sampler.stop();
      assert.equal(error, undefined);
      assert.ok(samples.length >= 5, `samples taken every 5 ms over 300 ms: ${samples.length}`);
      const seen = waitsDuring(samples, 0, Date.now()).counts;
      assert.ok(
        seen.some(([wait, n]) => wait === 'Timeout:PgSleep' && n >= 3),
        `the sleeping backend seen waiting in pg_sleep: ${JSON.stringify(seen)}`,
      );
    } finally {
      await sleeper.end();
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
