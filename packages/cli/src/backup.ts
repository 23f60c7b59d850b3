// The light entry, as verify-ledger: no Fastify, contract or domain to load (decisions/0209).
import { BackupError, DEFAULT_DB, openStore, backupDatabase, restoreDatabase, verifyLedger } from '@railyard/server/stores';
import { databaseUrlFrom, parseFlags, UsageError } from './args.ts';

/**
 * `railyard admin backup --db URL --to FILE [--force]`: a consistent copy of
 * the database while the server runs (SQLite's online backup API; PostgreSQL:
 * pg_dump's custom format). `railyard admin restore --from FILE --db URL
 * [--force]`: puts a backup in place (the server stopped) and checks the
 * ledger of the result. docs/operations.md "Backups"; the encryption key is
 * not in the backup and must be kept apart (decision 1402).
 */

async function usageOnBackupError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A refusal the operator can act on (the file exists, no such database): their words, exit 1.
    if (error instanceof BackupError) throw new Error(error.message);
    throw error;
  }
}

export async function backupCommand(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, { db: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean' } });
  if (!values.to) throw new UsageError('admin backup needs --to FILE');
  const databaseUrl = databaseUrlFrom(values.db, DEFAULT_DB);
  const started = Date.now();
  const { bytes } = await usageOnBackupError(() => backupDatabase(databaseUrl, values.to!, { force: values.force === true }));
  process.stdout.write(JSON.stringify({ backup: values.to, bytes, milliseconds: Date.now() - started }) + '\n');
}

export async function restoreCommand(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, { db: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean' } });
  if (!values.from) throw new UsageError('admin restore needs --from FILE');
  const databaseUrl = databaseUrlFrom(values.db, DEFAULT_DB);
  await usageOnBackupError(() => restoreDatabase(values.from!, databaseUrl, { force: values.force === true }));
  // The restored ledger is checked at once: a backup that does not add up is no backup.
  const store = openStore(databaseUrl);
  try {
    await store.migrate();
    const result = await verifyLedger(store);
    if (result.ok) {
      process.stdout.write('restored; verify-ledger: ok\n');
    } else {
      process.stdout.write(`restored; ledger violation: ${result.violation}\n`);
      process.exitCode = 1;
    }
  } finally {
    await store.close();
  }
}
