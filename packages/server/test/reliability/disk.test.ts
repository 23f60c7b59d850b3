import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { createServices, type Services } from '../../src/compose/services.ts';
import { ephemeralSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { WalFile } from '../../src/store/sqlite/wal-sync.ts';
import { basicAuth, killAllChildren, startServe } from '../support/harness-child.ts';
import { awaitJobsDone, checkBalances, checkDatabase, checkReplays, resolveUncertain } from '../support/harness-guarantees.ts';
import { mountSmallDisk } from './tmpfs.ts';
import { call, Journal, newTransfer, send, setUpParties, startLoad } from '../support/harness-workload.ts';

/**
 * Disk faults on SQLite (issue 14, item 2; docs/operations.md "Disk faults").
 * A full disk and a failed fsync make writes answer 503 in the API's shape,
 * never a 500, never half a change, and lose nothing acknowledged before; a
 * full disk heals by itself once space is back, a failed fsync after a restart.
 */

after(() => killAllChildren());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 503 in the API's `{"error"}` shape with Retry-After, naming no SQL, file or driver. */
function assertUnavailableShape(answer: { text: string; retryAfter: string | null } | undefined): void {
  assert.ok(answer, 'a 503 was answered');
  const body = JSON.parse(answer.text) as { error?: unknown };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.match(String(body.error), /unavailable/);
  assert.doesNotMatch(answer.text, /SQLITE|INSERT|UPDATE|SELECT|\.db|\bat \w+ \(/);
  assert.equal(answer.retryAfter, '1');
}

describe('a full disk (sqlite on a small tmpfs)', () => {
  it('answers 503 while full, keeps everything acknowledged, and takes writes again once space is back, without a restart', async (t) => {
    // 128 MiB, not less: at full speed on a quiet two-core machine the WAL file reaches ~30 MB
    // between two passive checkpoints (its high-water mark stays), and the database file grows
    // while a checkpoint copies pages back. On a 48 MiB disk the space freed after the fault was
    // smaller than that, so WAL and database filled it again and no write could ever succeed.
    const disk = mountSmallDisk(128);
    if (!disk) return t.skip('needs root to mount a tmpfs');
    const key = `pk_disk_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    const auth = basicAuth(key);
    const databaseUrl = `sqlite:${join(disk.dir, 'railyard.db')}`;
    const env = { RAILYARD_BOOTSTRAP_KEY: key, RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const args = ['--db', databaseUrl, '--log-level', 'silent', '--job-poll-ms', '20', '--rail-pacing', 'fast'];
    let server = await startServe(args, env);
    try {
      const parties = await setUpParties(server.url, auth, server.platformID, databaseUrl);
      const journal = new Journal();
      const load = startLoad(server.url, auth, parties, journal);
      await pause(1_000);
      const acknowledgedBeforeFull = journal.acknowledged.size;
      const filler = disk.fill();
      await pause(2_500);
      const unavailableWhileFull = journal.unavailable;
      assert.ok(unavailableWhileFull > 0, `writes answered 503 while the disk was full (${journal.requests} requests)`);
      assert.deepEqual(journal.unexpected.slice(0, 5), [], 'no 500 or other answer while the disk was full');
      assert.ok(server.child.exitCode === null && server.child.signalCode === null, 'the server is still running');
      assertUnavailableShape(journal.lastUnavailable);
      // Reads still answer from what is stored.
      const read = await call(server.url, auth, 'GET', `/accounts/${parties.payer.accountID}/wallets/${parties.payer.walletID}`);
      assert.equal(read.status, 200, read.text);

      rmSync(filler);
      const acknowledgedWhileFull = journal.acknowledged.size;
      const deadline = Date.now() + 15_000;
      while (journal.acknowledged.size <= acknowledgedWhileFull + 5 && Date.now() < deadline) await pause(100);
      await load.stop();
      assert.ok(journal.acknowledged.size > acknowledgedWhileFull + 5, 'writes were acknowledged again once space was back, by the same process');
      assert.deepEqual(journal.unexpected.slice(0, 5), []);

      await resolveUncertain(server.url, auth, parties, journal);
      await checkReplays(server.url, auth, parties, journal);
      await awaitJobsDone(server.url, auth, parties, journal);
      await checkBalances(server.url, auth, parties, journal);
      await server.stop();
      // Started again: nothing acknowledged before, during or after the full disk was lost.
      server = await startServe(args, env);
      await checkBalances(server.url, auth, parties, journal);
      await server.stop();
      await checkDatabase(databaseUrl, parties, journal);
      process.stdout.write(
        `# disk full: ${journal.requests} requests, ${acknowledgedBeforeFull} acknowledged before, ${unavailableWhileFull} answered 503 while full, ${journal.acknowledged.size} acknowledged in all\n`,
      );
    } finally {
      await server.kill();
      disk.unmount();
    }
  });
});

/** Railyard in this process on a SQLite file whose fsyncs fail while `failing` is set (the store's `syncFile` seam). */
async function startInProcess(path: string, sourceSecrets: ReturnType<typeof ephemeralSourceSecrets>, fault: { failing: boolean; failed: number }) {
  const store = new SqliteStore(path, {
    syncFile: async (walPath) => {
      if (fault.failing) {
        fault.failed++;
        throw Object.assign(new Error(`EIO: i/o error, fdatasync '${walPath}'`), { code: 'EIO', errno: -5 });
      }
      const wal = new WalFile(walPath);
      await wal.sync();
      await wal.close();
    },
  });
  await store.migrate();
  const services: Services = createServices(store, systemClock, { sourceSecrets, jobs: { pollIntervalMs: 20 } });
  const app: FastifyInstance = await buildApp({ services, rateLimit: { kind: 'off' }, logLevel: 'silent' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  services.jobs.start();
  return {
    url,
    services,
    async close() {
      await app.close();
      await services.jobs.stop();
      await services.webhookDelivery.stop();
      await store.close();
    },
  };
}

describe('a failed fsync (sqlite, injected through the store seam)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'railyard-fsync-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 503 for every write from then on, loses nothing acknowledged, and takes writes again after a restart', async () => {
    const path = join(dir, 'railyard.db');
    const secrets = ephemeralSourceSecrets();
    const fault = { failing: false, failed: 0 };
    let server = await startInProcess(path, secrets, fault);
    try {
      const platform = await server.services.platforms.create({ name: 'fsync test' });
      const auth = basicAuth(`${platform.publicKey}:${platform.secret}`);
      const parties = await setUpParties(server.url, auth, platform.accountID, `sqlite:${path}`);
      const journal = new Journal();
      const load = startLoad(server.url, auth, parties, journal);
      await pause(800);
      fault.failing = true;
      await pause(1_000);
      await load.stop();
      assert.ok(fault.failed > 0, 'an fsync failed');
      assert.ok(journal.unavailable > 0, 'writes answered 503 once the fsync failed');
      assert.deepEqual(journal.unexpected.slice(0, 5), [], 'no 500 or other answer');
      assertUnavailableShape(journal.lastUnavailable);
      // The store refuses every later write, even once the disk would work again (the kernel may have dropped the pages).
      fault.failing = false;
      const refused = await send(server.url, auth, parties, newTransfer(parties, 'wallet'));
      assert.equal(refused.kind, 'unavailable', JSON.stringify(refused));
      const read = await call(server.url, auth, 'GET', `/accounts/${parties.payer.accountID}/wallets/${parties.payer.walletID}`);
      assert.equal(read.status, 200, 'reads still answer');

      await server.close();
      server = await startInProcess(path, secrets, fault);
      await resolveUncertain(server.url, auth, parties, journal);
      await checkReplays(server.url, auth, parties, journal);
      await awaitJobsDone(server.url, auth, parties, journal);
      await checkBalances(server.url, auth, parties, journal);
      await server.close();
      await checkDatabase(`sqlite:${path}`, parties, journal);
      process.stdout.write(`# fsync: ${journal.requests} requests, ${fault.failed} fsyncs failed, ${journal.unavailable} answered 503, ${journal.acknowledged.size} acknowledged in all\n`);
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
