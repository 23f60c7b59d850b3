import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { postgresCpuSeconds, reapedChildrenCpuSeconds } from '../../../../bench/tools/postgres-cpu.ts';

// The bench's CPU split per unit of work (bench/README.md, "Where the CPU goes") rests on
// these two readings: the PostgreSQL server's CPU, exited backends included, and what this
// process's finished children spent. /proc counts in 10 ms ticks, so each case burns ~0.3 s.

const BURN_SECONDS = 0.1;

describe('CPU readings for the bench (bench/tools/postgres-cpu.ts)', () => {
  it('counts a child process that has exited and been waited for', () => {
    const before = reapedChildrenCpuSeconds();
    assert.equal(typeof before, 'number', 'this process reads its own /proc entry');
    const child = spawnSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
    assert.equal(child.status, 0, `the busy child failed: ${child.stderr}`);
    const after = reapedChildrenCpuSeconds()!;
    assert.ok(after - before! >= BURN_SECONDS, `the reaped children's CPU grew by ${after - before!} s, expected at least ${BURN_SECONDS} s`);
  });
});

const postgres = (await storeKinds()).includes('postgres');
const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(POSTGRES_URL).hostname);

describe('CPU readings of the PostgreSQL server', { skip: !postgres ? 'PostgreSQL is not among the stores under test' : !local ? 'PostgreSQL runs on another machine: /proc here does not see it' : false }, () => {
  it('include the work of a backend whose connection has ended', async () => {
    const before = postgresCpuSeconds();
    assert.equal(typeof before, 'number', 'a postmaster is found among the processes');
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0]!.pid;
    // ~0.3 s of one backend's CPU; then the connection ends and its process exits.
    await client.query('SELECT count(*) FROM generate_series(1, 3000000)');
    await client.end();
    // Read only once the backend is gone (and reaped): its CPU must still be counted.
    for (let wait = 0; wait < 100 && existsSync(`/proc/${backend}`); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(existsSync(`/proc/${backend}`), false, `backend ${backend} still runs 2 s after its connection ended`);
    const after = postgresCpuSeconds()!;
    assert.ok(after - before! >= BURN_SECONDS, `the server's CPU grew by ${(after - before!).toFixed(2)} s, expected at least ${BURN_SECONDS} s`);
  });

  it('never go down while backends exit and are reaped during a reading', async () => {
    // Connections that each burn a little CPU and close, three at a time, for 2 s: backends exit
    // and are reaped all along, some of them while a reading scans /proc.
    let churning = true;
    let closed = 0;
    const churn = async () => {
      while (churning) {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query('SELECT count(*) FROM generate_series(1, 200000)');
        await client.end();
        closed++;
      }
    };
    const churners = Array.from({ length: 3 }, churn);
    const readings: number[] = [];
    // 2 s, and at least 20 readings while 20 connections closed (on a loaded machine the readings,
    // which hold this thread, leave the churn less time), within 10 s.
    const started = Date.now();
    try {
      while ((Date.now() - started < 2_000 || readings.length < 20 || closed < 20) && Date.now() - started < 10_000) {
        const reading = postgresCpuSeconds();
        assert.notEqual(reading, undefined, 'a reading settles within its scans');
        readings.push(reading!);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      churning = false;
      await Promise.all(churners);
    }
    const dips = readings.flatMap((reading, i) => (i > 0 && reading < readings[i - 1]! ? [`${readings[i - 1]} → ${reading}`] : []));
    assert.ok(readings.length >= 20 && closed >= 20, `${readings.length} readings while ${closed} connections closed`);
    assert.deepEqual(dips, [], `readings that went down (a reaped backend missed): ${dips.join(', ')}`);
  });
});
