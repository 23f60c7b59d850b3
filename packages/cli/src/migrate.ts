import { databaseUrlFrom, parseFlags } from './args.ts';

export async function migrate(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, { db: { type: 'string' } });
  // Loaded after the flags are checked, so a usage error answers at once.
  const { DEFAULT_DB, openStore } = await import('@railyard/server/stores');
  const store = openStore(databaseUrlFrom(values.db, DEFAULT_DB));
  try {
    const applied = await store.migrate();
    process.stdout.write(applied.length ? `applied migrations: ${applied.join(', ')}\n` : 'database is up to date\n');
  } finally {
    await store.close();
  }
}
