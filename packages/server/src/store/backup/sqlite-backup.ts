import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Backup files hold every platform's data (sealed values too): their owner's only, as the database (decisions/0504). */
const PRIVATE_FILE_MODE = 0o600;

/** better-sqlite3's largest step: the whole database at once. */
const ALL_PAGES = 0x7fffffff;

export class BackupError extends Error {}

/**
 * Copies a live SQLite database to `to` with SQLite's online backup API
 * (better-sqlite3's `db.backup`) from a connection of its own, all pages in
 * one step, so the copy is one consistent moment of the database, taken while
 * the server goes on writing (WAL mode: the server's writer is never blocked). Written under a
 * temporary name and renamed, so `to` is never a half-written copy; checked
 * with `PRAGMA integrity_check` before the rename. Answers the copy's size.
 */
export async function backupSqlite(path: string, to: string, options: { force?: boolean } = {}): Promise<{ bytes: number }> {
  if (!existsSync(path)) throw new BackupError(`no database at ${path}`);
  if (existsSync(to) && !options.force) throw new BackupError(`${to} exists; choose another file or pass --force`);
  const partial = `${to}.partial`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
  const source = new Database(path, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step, inside one read transaction: a step-by-step copy starts over whenever the
    // server commits between steps, which under load can be for ever. A WAL reader never blocks the writer.
    await source.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new Database(partial, { fileMustExist: true });
  try {
    // The copy is a rollback-journal database on its own: no -wal beside it to lose.
    copy.pragma('journal_mode = DELETE');
    const [check] = copy.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (check?.integrity_check !== 'ok') throw new BackupError(`the copy failed its integrity check: ${check?.integrity_check}`);
  } finally {
    copy.close();
  }
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, to);
  return { bytes: statSync(to).size };
}

/**
 * Puts a backup in place as the database at `path`, for a server that is
 * stopped. An existing database is replaced only with `force`; its -wal and
 * -shm go with it, since SQLite would otherwise replay the old database's WAL
 * over the restored file. Copied under a temporary name, checked, renamed.
 */
export async function restoreSqlite(from: string, path: string, options: { force?: boolean } = {}): Promise<{ bytes: number }> {
  if (!existsSync(from)) throw new BackupError(`no backup at ${from}`);
  if (existsSync(path) && !options.force) throw new BackupError(`${path} exists; stop the server and pass --force to replace it`);
  const partial = `${path}.restoring`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
  const backup = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
  const copy = new Database(partial, { fileMustExist: true });
  try {
    const [check] = copy.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (check?.integrity_check !== 'ok') throw new BackupError(`the backup failed its integrity check: ${check?.integrity_check}`);
  } finally {
    copy.close();
  }
  for (const stale of [`${path}-wal`, `${path}-shm`]) rmSync(stale, { force: true });
  renameSync(partial, path);
  return { bytes: statSync(path).size };
}
