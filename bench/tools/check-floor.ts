// Bench check for the ledger floor (servers/ledger-floor.ts): how many transfers
// it holds, and whether its money is conserved (the two balances add up to the
// funding, every transfer's postings sum to zero and match its amount).
// Prints one JSON object: {"transfers":N,"conserved":true|false}.
//   node --import tsx bench/tools/check-floor.ts --db FILE
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { FLOOR_DESTINATION, FLOOR_FUNDS } from '../servers/ledger-floor.ts';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
if (!values.db) throw new Error('usage: check-floor --db FILE');
const db = new Database(values.db, { readonly: true, fileMustExist: true });
try {
  const transfers = (db.prepare('SELECT COUNT(*) AS n FROM floor_transfers').get() as { n: number }).n;
  const held = (db.prepare('SELECT SUM(balance) AS n FROM floor_wallets').get() as { n: number }).n;
  const unbalanced = (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM floor_transfers t
         WHERE (SELECT COUNT(*) FROM floor_postings p WHERE p.transfer_id = t.transfer_id) <> 2
            OR (SELECT SUM(amount) FROM floor_postings p WHERE p.transfer_id = t.transfer_id) <> 0
            OR (SELECT amount FROM floor_postings p WHERE p.transfer_id = t.transfer_id AND p.wallet_id = t.destination) <> t.amount`,
      )
      .get() as { n: number }
  ).n;
  const moved = (db.prepare('SELECT COALESCE(SUM(amount), 0) AS n FROM floor_postings WHERE amount > 0').get() as { n: number }).n;
  const destination = (db.prepare('SELECT balance AS n FROM floor_wallets WHERE wallet_id = ?').get(FLOOR_DESTINATION) as { n: number }).n;
  process.stdout.write(JSON.stringify({ transfers, conserved: held === FLOOR_FUNDS && unbalanced === 0 && moved === destination }) + '\n');
} finally {
  db.close();
}
