// The light entry: no Fastify, contract or domain to load for a check (decisions/0209).
import { DEFAULT_DB, openStore, verifyLedger } from '@railyard/server/stores';
import { databaseUrlFrom, parseFlags } from './args.ts';

/**
 * `railyard admin verify-ledger [--db URL]`: recomputes every balance from the
 * postings and checks the ledger's invariants. Prints `ok` and exits 0, or
 * prints the first violation and exits 1, so it can gate a deploy or a backup.
 */
export async function verifyLedgerCommand(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, { db: { type: 'string' } });
  const store = openStore(databaseUrlFrom(values.db, DEFAULT_DB));
  try {
    // Brings an older database up to the schema the checks read; a no-op when current.
    await store.migrate();
    const result = await verifyLedger(store);
    if (result.ok) {
      process.stdout.write('ok\n');
    } else {
      process.stdout.write(`ledger violation: ${result.violation}\n`);
      process.exitCode = 1;
    }
  } finally {
    await store.close();
  }
}
