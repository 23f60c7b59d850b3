import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { storeKinds } from '../support/stores.ts';
import { basicAuth, killAllChildren, runCli, startServe, type ServeChild } from '../support/harness-child.ts';
import { createChildDatabase, type ChildDatabase } from '../support/harness-databases.ts';
import { awaitJobsDone, checkBalances, checkDatabase, checkReplays, resolveUncertain } from '../support/harness-guarantees.ts';
import { Journal, setUpParties, startLoad } from '../support/harness-workload.ts';

/**
 * `railyard serve --workers 2` on one PostgreSQL database (issue 20, decision
 * 2000): two server processes behind one port take concurrent transfer creates
 * (wallet moves and ACH credits that the background jobs of either process
 * settle, replays of answered keys), one of them is killed mid-load and
 * started again by the primary, and afterwards: no idempotency key has two
 * transfers, every acknowledged write exists, no job failed, ran twice in
 * effect or was left due, balances add up, `verify-ledger` is ok.
 */

const postgres = (await storeKinds()).includes('postgres');

function workerPids(primary: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return [];
  }
}

/** CPU ticks a process has used (utime + stime, /proc/PID/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('serve --workers', () => {
  after(() => killAllChildren());

  it('refuses SQLite and a count outside 1 to 16 as usage errors (exit 2)', async () => {
    const sqlite = await runCli(['serve', '--port', '0', '--workers', '2', '--db', 'sqlite::memory:']);
    assert.equal(sqlite.code, 2);
    assert.match(sqlite.stderr, /--workers above 1 needs a PostgreSQL database/);
    const answer = await runCli(['serve', '--port', '0', '--workers=17']);
    assert.equal(answer.code, 2);
    assert.match(answer.stderr, /--workers must be 1 to 16, not 17/);
  });

  it('two processes on one PostgreSQL database share the load, survive one being killed, and keep every guarantee', { skip: postgres ? false : 'PostgreSQL does not answer' }, async () => {
    const database: ChildDatabase = await createChildDatabase('postgres', 'workers');
    const key = `pk_workers_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    const auth = basicAuth(key);
    const env = { RAILYARD_BOOTSTRAP_KEY: key, RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const args = ['--db', database.url, '--log-level', 'silent', '--job-poll-ms', '20', '--rail-pacing', 'fast', '--workers', '2'];
    const journal = new Journal();
    let server: ServeChild | undefined;
    try {
      server = await startServe(args, env);
      assert.match(server.output(), /\(2 worker processes\)/);
      const primary = server.child.pid!;
      const first = workerPids(primary);
      assert.equal(first.length, 2, 'two worker processes under the primary');
      const cpuBefore = first.map(cpuTicks);

      const parties = await setUpParties(server.url, auth, server.platformID, database.url);
      let load = startLoad(server.url, auth, parties, journal, 8);
      await sleep(3_000);
      // Both took requests: each worker's CPU grew (the kernel spreads connections).
      first.forEach((pid, i) => assert.ok(cpuTicks(pid) - cpuBefore[i]! > 10, `worker ${pid} served requests`));

      // One worker dies mid-load; the primary starts another, and the load goes on through both.
      process.kill(first[0]!, 'SIGKILL');
      let now: number[] = [];
      for (let i = 0; i < 100; i++) {
        await sleep(100);
        now = workerPids(primary);
        if (now.length === 2 && !now.includes(first[0]!)) break;
      }
      assert.equal(now.length, 2, 'the primary started a new worker');
      assert.ok(now.includes(first[1]!) && !now.includes(first[0]!));
      await load.stop();
      load = startLoad(server.url, auth, parties, journal, 8);
      await sleep(2_000);
      await load.stop();

      assert.deepEqual(journal.unexpected.slice(0, 10), [], `${journal.unexpected.length} answers were neither a success nor a cut-off`);
      assert.ok(journal.acknowledged.size >= 50, `${journal.acknowledged.size} transfers acknowledged`);
      await resolveUncertain(server.url, auth, parties, journal);
      await checkReplays(server.url, auth, parties, journal, 50);
      await awaitJobsDone(server.url, auth, parties, journal);
      await checkBalances(server.url, auth, parties, journal);
      await server.stop();
      assert.deepEqual(workerPids(primary), [], 'stopping the primary stops its workers');
      server = undefined;
      await checkDatabase(database.url, parties, journal);
    } finally {
      await server?.kill();
      await database.drop();
    }
  });
});
