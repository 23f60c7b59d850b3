import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/compose/open-store.ts';
import { backupSqlite } from '../../src/store/backup/sqlite-backup.ts';
import { storeKinds } from '../support/stores.ts';
import { basicAuth, killAllChildren, runCli, startServe, type ServeChild } from '../support/harness-child.ts';
import { createChildDatabase, type ChildDatabase } from '../support/harness-databases.ts';
import { call, Journal, setUpParties, startLoad } from '../support/harness-workload.ts';

/**
 * Backups (issue 14, item 3; docs/operations.md "Backups"): `railyard admin
 * backup` copies the database while the server takes transfers, `railyard
 * admin restore` puts the copy in place, and the restored ledger verifies.
 * The copy holds every transfer acknowledged before the backup began and
 * nothing the server never wrote; a server started on it with the same
 * encryption key reads the sealed bank account numbers.
 */

after(() => killAllChildren());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of await storeKinds()) {
  describe(`admin backup and restore (${kind})`, () => {
    it('backs up under load; the restored copy verifies and holds every write acknowledged before the backup', { timeout: 180_000 }, async () => {
      const databases: ChildDatabase[] = [];
      const servers: ServeChild[] = [];
      try {
        const source = await createChildDatabase(kind, 'backup');
        databases.push(source);
        const key = `pk_backup_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
        const auth = basicAuth(key);
        const env = { RAILYARD_BOOTSTRAP_KEY: key, RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
        const server = await startServe(['--db', source.url, '--log-level', 'silent', '--job-poll-ms', '20'], env);
        servers.push(server);
        const parties = await setUpParties(server.url, auth, server.platformID, source.url);
        const journal = new Journal();
        const load = startLoad(server.url, auth, parties, journal);
        await pause(1_000);

        const backupFile = join(source.dir, kind === 'sqlite' ? 'backup.db' : 'backup.dump');
        const acknowledgedBefore = new Map(journal.acknowledged);
        const requestsBefore = journal.requests;
        const backup = await runCli(['admin', 'backup', '--db', source.url, '--to', backupFile]);
        const requestsDuring = journal.requests - requestsBefore;
        await load.stop();
        assert.equal(backup.code, 0, backup.stderr);
        const report = JSON.parse(backup.stdout) as { backup: string; bytes: number };
        assert.equal(report.backup, backupFile);
        assert.ok(report.bytes > 0 && statSync(backupFile).size === report.bytes);
        assert.equal(statSync(backupFile).mode & 0o777, 0o600, 'the backup is readable by its owner only');
        assert.ok(!existsSync(`${backupFile}.partial`), 'no partial file left');
        assert.deepEqual(journal.unexpected, []);
        // A second backup to the same file is refused rather than overwritten.
        const again = await runCli(['admin', 'backup', '--db', source.url, '--to', backupFile]);
        assert.equal(again.code, 1);
        assert.match(again.stderr, /exists/);

        const copy = await createChildDatabase(kind, 'restored');
        databases.push(copy);
        const restored = await runCli(['admin', 'restore', '--from', backupFile, '--db', copy.url]);
        assert.equal(restored.code, 0, restored.stderr + restored.stdout);
        assert.match(restored.stdout, /verify-ledger: ok/);
        const verified = await runCli(['admin', 'verify-ledger', '--db', copy.url]);
        assert.equal(verified.stdout.trim(), 'ok');

        const store = openStore(copy.url);
        let copied: Array<{ transfer_id: string; idempotency_key: string }>;
        try {
          copied = await store.read((sql) => sql.all('SELECT transfer_id, idempotency_key FROM transfers WHERE platform_id = ?', [parties.platformID]));
        } finally {
          await store.close();
        }
        const inCopy = new Map(copied.map((row) => [row.idempotency_key, row.transfer_id]));
        const missing = [...acknowledgedBefore.values()].filter((sent) => inCopy.get(sent.key) !== sent.transferID);
        assert.deepEqual(missing.map((sent) => sent.key), [], 'every transfer acknowledged before the backup began is in the copy');
        const strangers = copied.filter((row) => !journal.acknowledged.has(row.idempotency_key) && !journal.uncertain.has(row.idempotency_key));
        assert.deepEqual(strangers, [], 'the copy holds no transfer the load did not send');

        // The same encryption key opens the copy's sealed values: a server on it answers the bank account.
        const onCopy = await startServe(['--db', copy.url, '--log-level', 'silent'], env);
        servers.push(onCopy);
        const banks = await call(onCopy.url, auth, 'GET', `/accounts/${parties.payer.accountID}/bank-accounts`);
        assert.equal(banks.status, 200, banks.text);
        assert.equal(banks.json[0].lastFourAccountNumber, '7000');
        process.stdout.write(
          `# backup ${kind}: ${report.bytes} bytes, ${requestsDuring} requests answered while it ran, ${acknowledgedBefore.size} acknowledged before it, ${copied.length} transfers in the copy\n`,
        );
      } finally {
        for (const server of servers) await server.kill();
        for (const database of databases) await database.drop();
      }
    });
  });
}

describe('admin backup (sqlite): what is only in the WAL', () => {
  it('copies commits not yet checkpointed into the database file, and writes made while it runs do not tear the copy', async () => {
    // Under load the server's checkpoint thread copies the WAL back every 100 ms, so a test through
    // the server can hardly catch a backup that copies the database file alone. Here nothing is
    // checkpointed: every row lives only in the WAL until the backup copies it.
    const dir = mkdtempSync(join(tmpdir(), 'railyard-backup-wal-'));
    const db = new Database(join(dir, 'live.db'));
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
      const insert = db.prepare('INSERT INTO t (payload) VALUES (?)');
      for (let i = 0; i < 2_000; i++) insert.run(`row ${i} ${'x'.repeat(200)}`);
      // Writes keep coming while the backup runs (between its event-loop turns).
      let writing = true;
      const writer = (async () => {
        while (writing) {
          insert.run('during the backup');
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await backupSqlite(join(dir, 'live.db'), join(dir, 'copy.db'));
      writing = false;
      await writer;
      const copy = new Database(join(dir, 'copy.db'), { readonly: true });
      try {
        const rows = (copy.prepare("SELECT COUNT(*) AS n FROM t WHERE payload LIKE 'row %'").get() as { n: number }).n;
        assert.equal(rows, 2_000, 'every commit made before the backup, all still in the WAL, is in the copy');
        assert.equal((copy.pragma('integrity_check') as Array<{ integrity_check: string }>)[0]?.integrity_check, 'ok');
        assert.equal(copy.pragma('journal_mode', { simple: true }), 'delete', 'the copy is one file, no WAL beside it');
      } finally {
        copy.close();
      }
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
