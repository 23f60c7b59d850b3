import { backupPostgres, restorePostgres } from './postgres-backup.ts';
import { backupSqlite, BackupError, restoreSqlite } from './sqlite-backup.ts';
import { isPostgresUrl } from '../database-url.ts';

export { BackupError };

function sqlitePath(url: string): string {
  const path = url.slice('sqlite:'.length);
  if (!url.startsWith('sqlite:') || path === '' || path === ':memory:') throw new BackupError(`cannot back up ${url}: use sqlite:PATH or postgres://…`);
  return path;
}

/** A consistent copy of the live database of `url` in the file `to` (docs/operations.md "Backups"). */
export async function backupDatabase(url: string, to: string, options: { force?: boolean } = {}): Promise<{ bytes: number }> {
  return isPostgresUrl(url) ? backupPostgres(url, to, options) : backupSqlite(sqlitePath(url), to, options);
}

/** Puts the backup `from` in place as the database of `url` (the server stopped). */
export async function restoreDatabase(from: string, url: string, options: { force?: boolean } = {}): Promise<void> {
  if (isPostgresUrl(url)) await restorePostgres(from, url, options);
  else await restoreSqlite(from, sqlitePath(url), options);
}
