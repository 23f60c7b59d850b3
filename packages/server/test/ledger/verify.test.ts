import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { railyardCommand } from '../support/railyard-command.ts';
import { createPlatform, openAccount, outsideWorld, steppingClock } from './fixtures.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../src/store/port.ts';
import { holdFunds, moveFunds, settleHold, verifyLedger, type LedgerAccount, type LedgerEntry } from '../../src/ledger/index.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface Book {
  platformID: string;
  world: LedgerAccount;
  wallet: LedgerAccount;
  other: LedgerAccount;
  funding: LedgerEntry;
}

/** A small, healthy ledger: funding, a move, and a hold that settled. */
async function writeBook(store: Store): Promise<Book> {
  const clock = steppingClock();
  const platformID = await createPlatform(store, clock);
  const world = await outsideWorld(store, clock, platformID);
  const wallet = await openAccount(store, clock, platformID, 'wallet');
  const other = await openAccount(store, clock, platformID, 'wallet');
  const ref = { platformID, referenceType: 'transfer', description: 'test' };
  const funding = await store.write((sql) =>
    moveFunds(sql, { ...ref, referenceID: randomUUID(), fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet.ledgerAccountID, amount: 1_000, currency: 'USD' }, clock),
  );
  const transferID = randomUUID();
  await store.write((sql) => holdFunds(sql, { ...ref, referenceID: transferID, ledgerAccountID: wallet.ledgerAccountID, amount: 400, currency: 'USD' }, clock));
  await store.write((sql) =>
    settleHold(sql, { ...ref, referenceID: transferID, ledgerAccountID: wallet.ledgerAccountID, amount: 400, currency: 'USD', credits: [{ ledgerAccountID: other.ledgerAccountID, amount: 400 }] }, clock),
  );
  return { platformID, world, wallet, other, funding: funding.entry };
}

/** Ways to damage a healthy ledger behind the ledger's back, and what verify must say about each. */
const corruptions: Array<[string, (store: Store, book: Book) => Promise<unknown>, RegExp]> = [
  [
    'a cached available balance that differs from the postings',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_accounts SET available = available + 1 WHERE ledger_account_id = ?', [book.other.ledgerAccountID])),
    /ledger account .* caches available 401 .* postings sum to available 400/,
  ],
  [
    'a cached pending balance that differs from the postings',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_accounts SET pending = 5 WHERE ledger_account_id = ?', [book.wallet.ledgerAccountID])),
    /caches available 600 and pending 5/,
  ],
  [
    'an unbalanced posting inserted directly',
    (store, book) =>
      store.write((sql) =>
        sql.run(
          `INSERT INTO ledger_postings (entry_id, line, platform_id, ledger_account_id, bucket, amount, currency, account_seq, available_after, pending_after, created_on)
           VALUES (?, 2, ?, ?, 'available', 5, 'USD', 99, 0, 0, '2026-01-01T00:00:00.000Z')`,
          [book.funding.entryID, book.platformID, book.other.ledgerAccountID],
        ),
      ),
    /entry .* is unbalanced: its USD postings sum to 5, not 0/,
  ],
  [
    'a changed posting amount',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_postings SET amount = 900 WHERE entry_id = ? AND line = 1', [book.funding.entryID])),
    /is unbalanced: its USD postings sum to -100/,
  ],
  [
    'a negative wallet (balances and postings edited together)',
    async (store, book) => {
      await store.write(async (sql) => {
        await sql.run('UPDATE ledger_postings SET amount = -1000, available_after = -1000 WHERE entry_id = ? AND line = 1', [book.funding.entryID]);
        await sql.run('UPDATE ledger_postings SET amount = 1000, available_after = 1000 WHERE entry_id = ? AND line = 0', [book.funding.entryID]);
        const after = (seq: number) => `UPDATE ledger_postings SET available_after = available_after - 2000 WHERE ledger_account_id = ? AND account_seq = ${seq}`;
        for (const seq of [2, 3, 4]) await sql.run(after(seq), [book.wallet.ledgerAccountID]);
        await sql.run('UPDATE ledger_accounts SET available = available - 2000 WHERE ledger_account_id = ?', [book.wallet.ledgerAccountID]);
        await sql.run('UPDATE ledger_accounts SET available = available + 2000 WHERE ledger_account_id = ?', [book.world.ledgerAccountID]);
      });
    },
    /ledger account .* went negative \(available -1000\) at posting #1 by entry .*, which is not a platform settlement/,
  ],
  [
    'a wallet marked as allowed to go negative',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_accounts SET allow_negative = 1 WHERE ledger_account_id = ?', [book.wallet.ledgerAccountID])),
    /wallet ledger account .* is marked as allowed to go negative/,
  ],
  [
    'a wrong balance-after on a posting',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_postings SET available_after = 7 WHERE ledger_account_id = ? AND account_seq = 1', [book.wallet.ledgerAccountID])),
    /posting #1 records balances after it that differ/,
  ],
  [
    'a posting in another currency than its account',
    (store, book) => store.write((sql) => sql.run("UPDATE ledger_accounts SET currency = 'EUR' WHERE ledger_account_id = ?", [book.other.ledgerAccountID])),
    /does not match the currency of ledger account/,
  ],
  [
    'an entry without postings',
    (store, book) =>
      store.write((sql) =>
        sql.run(
          `INSERT INTO ledger_entries (entry_id, platform_id, entry_type, reference_type, reference_id, description, created_on)
           VALUES (?, ?, 'movement', 'adjustment', 'x', 'hollow', '2026-01-01T00:00:00.000Z')`,
          [randomUUID(), book.platformID],
        ),
      ),
    /has 0 posting\(s\); an entry needs at least 2/,
  ],
  [
    'a hold settled twice over',
    (store, book) =>
      store.write((sql) => sql.run("UPDATE ledger_entries SET reference_id = 'another' WHERE entry_type = 'hold' AND platform_id = ?", [book.platformID])),
    /reference .* released or settled 400 more than it held/,
  ],
];

/**
 * Damage that a foreign key refuses on SQLite and, since migration 25, nothing
 * refuses on PostgreSQL (decision 2001, "No foreign-key locks on the write
 * path"): there verify must report it; on SQLite the write itself must fail.
 */
const orphans: Array<[string, (store: Store, book: Book) => Promise<unknown>, RegExp]> = [
  [
    'a posting of an entry that does not exist',
    (store, book) =>
      store.write(async (sql) => {
        const ghost = randomUUID();
        // A balanced pair, so only the missing entry is wrong.
        for (const [line, amount, account] of [[0, -5, book.world.ledgerAccountID], [1, 5, book.other.ledgerAccountID]] as const) {
          await sql.run(
            `INSERT INTO ledger_postings (entry_id, line, platform_id, ledger_account_id, bucket, amount, currency, account_seq, available_after, pending_after, created_on)
             VALUES (?, ?, ?, ?, 'available', ?, 'USD', ?, 0, 0, '2026-01-01T00:00:00.000Z')`,
            [ghost, line, book.platformID, account, amount, 1000 + line],
          );
        }
      }),
    /^posting 0 of entry .* belongs to no existing entry$/,
  ],
  [
    'a posting of a ledger account that does not exist',
    (store, book) =>
      store.write((sql) => sql.run('UPDATE ledger_postings SET ledger_account_id = ? WHERE entry_id = ? AND line = 1', ['no-such-account', book.funding.entryID])),
    /^posting 1 of entry .* \(ledger account no-such-account\) belongs to no existing ledger account$/,
  ],
  [
    'an entry of a platform that does not exist',
    (store, book) => store.write((sql) => sql.run('UPDATE ledger_entries SET platform_id = ? WHERE entry_id = ?', ['no-such-platform', book.funding.entryID])),
    /^entry .* belongs to platform no-such-platform, which does not exist$/,
  ],
];

for (const kind of await storeKinds()) {
  describe(`verifyLedger (${kind})`, () => {
    let t: TestStore;
    let book: Book;
    beforeEach(async () => {
      if (t) await t.destroy();
      t = await createTestStore(kind);
      book = await writeBook(t.store);
    });
    after(async () => {
      await t.destroy();
    });

    it('answers ok with counts on an empty and on a healthy ledger', async () => {
      assert.deepEqual(await verifyLedger(t.store), { ok: true, accounts: 3, entries: 3, postings: 6 });
      const empty = await createTestStore(kind);
      try {
        assert.deepEqual(await verifyLedger(empty.store), { ok: true, accounts: 0, entries: 0, postings: 0 });
      } finally {
        await empty.destroy();
      }
    });

    for (const [what, corrupt, message] of orphans) {
      if (kind === 'sqlite') {
        it(`cannot store ${what}: a foreign key refuses it`, async () => {
          await assert.rejects(corrupt(t.store, book), /FOREIGN KEY constraint failed/);
          assert.equal((await verifyLedger(t.store)).ok, true);
        });
      } else {
        it(`reports ${what}`, async () => {
          await corrupt(t.store, book);
          const result = await verifyLedger(t.store);
          assert.equal(result.ok, false);
          assert.match((result as { violation: string }).violation, message);
        });
      }
    }

    for (const [what, corrupt, message] of corruptions) {
      it(`reports ${what}`, async () => {
        await corrupt(t.store, book);
        const result = await verifyLedger(t.store);
        assert.equal(result.ok, false);
        assert.match((result as { violation: string }).violation, message);
      });
    }
  });
}

describe('railyard admin verify-ledger', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'railyard-verify-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = (dbPath: string) =>
    run(process.execPath, [...railyardCommand(), 'admin', 'verify-ledger', '--db', `sqlite:${dbPath}`], { cwd: repoRoot }).then(
      (output) => ({ code: 0, stdout: output.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it('prints ok and exits 0 on a healthy ledger, the violation and 1 once it is damaged', async () => {
    const path = join(dir, 'ledger.db');
    const store = new SqliteStore(path);
    await store.migrate();
    const book = await writeBook(store);
    await store.close();
    assert.deepEqual(await cli(path), { code: 0, stdout: 'ok\n' });

    const damaged = new SqliteStore(path);
    await damaged.write((sql) =>
      sql.run(
        `INSERT INTO ledger_postings (entry_id, line, platform_id, ledger_account_id, bucket, amount, currency, account_seq, available_after, pending_after, created_on)
         VALUES (?, 2, ?, ?, 'available', -3, 'USD', 99, 0, 0, '2026-01-01T00:00:00.000Z')`,
        [book.funding.entryID, book.platformID, book.world.ledgerAccountID],
      ),
    );
    await damaged.close();
    const result = await cli(path);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^ledger violation: entry .* is unbalanced: its USD postings sum to -3, not 0\n$/);
  });
});
