// The ledger floor: the least a durable, idempotent, double-entry wallet→wallet
// transfer can write, through Fastify and Railyard's own SQLite store (group
// commit, WAL fdatasynced before any answer, checkpoints on the worker thread).
// No auth, no validation, no payment methods, no events, no transfer record
// beyond one row: whatever Railyard does on top of this is the price of its
// API. Measured in the same run as the bare route, it says how close to that
// route any SQLite-backed ledger can get on this machine (bench/README.md).
//   node --import tsx bench/servers/ledger-floor.ts <port> <database file>
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { SqliteStore } from '../../packages/server/src/store/sqlite/sqlite-store.ts';
import { UniqueViolation } from '../../packages/server/src/store/port.ts';

export const FLOOR_SOURCE = 'floor-source';
export const FLOOR_DESTINATION = 'floor-destination';
/** Both wallets together always hold this much; the bench checks it after the runs. */
export const FLOOR_FUNDS = 100_000_000;

const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS floor_wallets (wallet_id TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0))',
  `CREATE TABLE IF NOT EXISTS floor_transfers (
     transfer_id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE,
     source TEXT NOT NULL, destination TEXT NOT NULL, amount INTEGER NOT NULL CHECK (amount > 0), created_on TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS floor_postings (
     transfer_id TEXT NOT NULL, wallet_id TEXT NOT NULL, amount INTEGER NOT NULL, PRIMARY KEY (transfer_id, wallet_id))`,
];

class Refused extends Error {}

export async function openFloor(file: string): Promise<SqliteStore> {
  const store = new SqliteStore(file);
  await store.write(async (sql) => {
    for (const statement of SCHEMA) await sql.run(statement);
    await sql.run('INSERT OR IGNORE INTO floor_wallets (wallet_id, balance) VALUES (?, ?), (?, 0)', [FLOOR_SOURCE, FLOOR_FUNDS, FLOOR_DESTINATION]);
  });
  return store;
}

async function main(): Promise<void> {
  const [portArg, file] = process.argv.slice(2);
  if (!file) throw new Error('usage: ledger-floor.ts <port> <database file>');
  const store = await openFloor(file);
  const app = Fastify({ logger: false });
  app.post('/transfers', async (request, reply) => {
    const key = request.headers['x-idempotency-key'];
    const amount = (request.body as { amount?: { value?: unknown } } | null)?.amount?.value;
    if (typeof key !== 'string' || !Number.isSafeInteger(amount) || (amount as number) <= 0) return reply.code(400).send({ error: 'bad request' });
    const transferID = randomUUID();
    const createdOn = new Date().toISOString();
    try {
      await store.write(async (sql) => {
        await sql.run('INSERT INTO floor_transfers VALUES (?, ?, ?, ?, ?, ?)', [transferID, key, FLOOR_SOURCE, FLOOR_DESTINATION, amount as number, createdOn]);
        const debited = await sql.run('UPDATE floor_wallets SET balance = balance - ? WHERE wallet_id = ? AND balance >= ?', [amount as number, FLOOR_SOURCE, amount as number]);
        if (debited.changes !== 1) throw new Refused('insufficient funds');
        await sql.run('UPDATE floor_wallets SET balance = balance + ? WHERE wallet_id = ?', [amount as number, FLOOR_DESTINATION]);
        await sql.run('INSERT INTO floor_postings VALUES (?, ?, ?), (?, ?, ?)', [transferID, FLOOR_SOURCE, -(amount as number), transferID, FLOOR_DESTINATION, amount as number]);
      });
    } catch (error) {
      if (error instanceof UniqueViolation) return reply.code(409).send({ error: 'duplicate idempotency key' });
      if (error instanceof Refused) return reply.code(422).send({ error: error.message });
      throw error;
    }
    return { transferID, createdOn };
  });
  const address = await app.listen({ port: Number(portArg ?? 0), host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${address}\n`);
  const stop = async () => {
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
