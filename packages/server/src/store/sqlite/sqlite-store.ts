import { closeSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import { EndOfUnitTasks } from '../end-of-unit.ts';
import { migrations, migrationSql } from '../migrations.ts';
import { type Sql, type SqlValue, type Store, UniqueViolation, type BatchResult, type BatchStatement, type LocksFirst } from '../port.ts';
import { StoreUnavailable } from '../unavailable.ts';
import { WalCheckpointer } from './checkpointer.ts';
import { WalFile, WalSync } from './wal-sync.ts';

/** Modes of the files Railyard creates: the database holds every platform's data (decisions/0504). */
const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the database file, empty, readable and writable by its owner only,
 * before SQLite opens it: SQLite gives the -wal and -shm files the mode of the
 * database file, so they are 0600 too, whatever the umask. An existing file is
 * left as it is (an operator may have chosen a group for backups).
 */
function createPrivately(path: string): void {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Warnings about files others can reach: the database (and its -wal, -shm) readable or writable by group or others, its folder writable by them. */
function accessWarnings(path: string): string[] {
  const warnings: string[] = [];
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    const mode = modeOf(file);
    if (mode !== undefined && (mode & 0o077) !== 0) {
      warnings.push(`${file} is readable or writable by others (mode ${mode.toString(8)}); chmod 600 it`);
    }
  }
  const folder = dirname(path);
  const folderMode = modeOf(folder);
  if (folderMode !== undefined && (folderMode & 0o022) !== 0) {
    warnings.push(`${folder} is writable by others (mode ${folderMode.toString(8)}), who could replace the database; chmod 700 it`);
  }
  return warnings;
}

function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** At most this many units of work share one commit; the rest wait for the next. */
const MAX_GROUP_SIZE = 512;

interface PendingWrite {
  work: (sql: Sql) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function translateError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new UniqueViolation((error as Error).message);
  }
  return error;
}

/** A `Sql` over one better-sqlite3 connection, with a statement cache. */
class SqliteSql implements Sql {
  private readonly statements = new Map<string, Statement>();
  constructor(private readonly db: Db) {}

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // Reads translate errors too: an INSERT or UPDATE … RETURNING is read with all/get, and its
  // constraint violation must surface as UniqueViolation like run's.
  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    try {
      return this.prepare(sql).all(...params) as T[];
    } catch (error) {
      throw translateError(error);
    }
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    try {
      return this.prepare(sql).get(...params) as T | undefined;
    } catch (error) {
      throw translateError(error);
    }
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    try {
      return { changes: this.prepare(sql).run(...params).changes };
    } catch (error) {
      throw translateError(error);
    }
  }

  /** A statement costs no round trip here: deferring would only move its error away from its cause. */
  async defer(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    await this.run(sql, params);
  }

  /** The unit's write lock is already held: an ordinary read. */
  async readBeforeWrites<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.all<T>(sql, params);
  }

  /** Outside a unit of work there is no commit to wait for: at once (SqliteUnit holds them). */
  async beforeCommit(task: () => Promise<void>): Promise<void> {
    await task();
  }

  /** Outside a unit of work: a read, which in WAL mode holds nothing a writer waits on. */
  holdsNoLock(): boolean {
    return true;
  }

  /** SQLite's units share their commits already, by the writer's group (decision 0005): nothing to offer. */
  async shareCommit(_key: string, _locks?: LocksFirst): Promise<void> {}

  /** One after the other: nothing to save here. */
  async batch(statements: readonly BatchStatement[]): Promise<BatchResult[]> {
    const results: BatchResult[] = [];
    for (const { sql, params } of statements) {
      if (this.prepare(sql).reader) {
        const rows = await this.all(sql, params);
        results.push({ rows, changes: rows.length });
      } else {
        results.push({ rows: [], changes: (await this.run(sql, params)).changes });
      }
    }
    return results;
  }
}

/**
 * One unit of work of a group: the writer's statements (and their cache),
 * plus the tasks it leaves for its end (`beforeCommit`). One per unit, so a
 * unit that fails takes its tasks, and whatever they gathered, with it.
 */
class SqliteUnit implements Sql {
  private readonly atEnd = new EndOfUnitTasks();
  constructor(private readonly sql: SqliteSql) {}

  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]> {
    return this.sql.all<T>(text, params);
  }

  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    return this.sql.get<T>(text, params);
  }

  run(text: string, params?: readonly SqlValue[]): Promise<{ changes: number }> {
    return this.sql.run(text, params);
  }

  defer(text: string, params?: readonly SqlValue[]): Promise<void> {
    return this.sql.defer(text, params);
  }

  readBeforeWrites<T>(text: string, params?: readonly SqlValue[]): Promise<T[]> {
    return this.sql.readBeforeWrites<T>(text, params);
  }

  batch(statements: readonly BatchStatement[]): Promise<BatchResult[]> {
    return this.sql.batch(statements);
  }

  /** The unit runs inside the writer's transaction, which holds the write lock. */
  holdsNoLock(): boolean {
    return false;
  }

  shareCommit(key: string, locks?: LocksFirst): Promise<void> {
    return this.sql.shareCommit(key, locks);
  }

  async beforeCommit(task: () => Promise<void>): Promise<void> {
    this.atEnd.add(task);
  }

  /** Runs the tasks left for the end. */
  end(): Promise<void> {
    return this.atEnd.run();
  }
}

/**
 * SQLite adapter. Writes are group-committed: every unit of work queued during
 * one event-loop turn runs in its own savepoint inside one transaction, and one
 * fsync serves them all. A unit that throws rolls back to its savepoint only.
 * A write resolves only once its commit is on disk: the COMMIT writes the WAL
 * (`synchronous = NORMAL`) and `WalSync` fsyncs it off the event loop before
 * any answer of the group is released (see wal-sync.ts). WAL checkpoints run
 * in a worker thread (checkpointer.ts). Reads use a second connection, so they
 * never see a group before its COMMIT.
 */
export interface SqliteStoreOptions {
  /** Replaces the fsync of the WAL file; for tests that hold or fail it. */
  syncFile?: (path: string) => Promise<void>;
}

export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
  private readonly writer: Db;
  private readonly reader: Db;
  private readonly writeSql: SqliteSql;
  private readonly readSql: SqliteSql;
  /** Transaction control, prepared once: `exec` would parse the SQL again for every unit of work. */
  private readonly control: Record<'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit', Statement>;
  private queue: PendingWrite[] = [];
  private flushing = false;
  private scheduled = false;
  private closed = false;
  readonly warnings: readonly string[];
  /** Copies the WAL back from a worker thread; absent for `:memory:`, which has no WAL. */
  readonly checkpointer: WalCheckpointer | undefined;

  /** Releases a group's answers once its commit is durable; absent for `:memory:`, which has no disk. */
  private readonly walSync: WalSync | undefined;
  private readonly walFile: WalFile | undefined;

  constructor(
    readonly path: string,
    options: SqliteStoreOptions = {},
  ) {
    if (path !== ':memory:') createPrivately(path);
    this.writer = new Database(path);
    this.writer.pragma('journal_mode = WAL');
    // NORMAL: the COMMIT writes the WAL without an fsync; WalSync makes it durable
    // before anyone is told. Checkpoints still sync the WAL and the database file.
    this.writer.pragma('synchronous = NORMAL');
    this.writer.pragma('busy_timeout = 5000');
    this.writer.pragma('foreign_keys = ON');
    // Savepoints (one per unit of work, one per ledger entry) keep a statement
    // journal of the pages they change; on a temp file that costs a write per
    // page. In memory it halves the cost of an INSERT here (bench/README.md).
    this.writer.pragma('temp_store = MEMORY');
    if (path !== ':memory:') {
      const walFile = new WalFile(`${path}-wal`);
      this.walFile = walFile;
      const syncFile = options.syncFile;
      this.walSync = new WalSync(syncFile ? () => syncFile(walFile.path) : () => walFile.sync());
      this.writer.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new WalCheckpointer(path, () => {
        // Without the worker the WAL would only grow: SQLite checkpoints inside commits again.
        if (!this.closed) this.writer.pragma('wal_autocheckpoint = 1000');
      });
    }
    // An in-memory database cannot be opened twice; it then reads through the writer.
    this.reader = path === ':memory:' ? this.writer : new Database(path);
    if (this.reader !== this.writer) this.reader.pragma('busy_timeout = 5000');
    this.control = {
      begin: this.writer.prepare('BEGIN IMMEDIATE'),
      savepoint: this.writer.prepare('SAVEPOINT unit'),
      release: this.writer.prepare('RELEASE unit'),
      rollbackTo: this.writer.prepare('ROLLBACK TO unit'),
      commit: this.writer.prepare('COMMIT'),
    };
    this.writeSql = new SqliteSql(this.writer);
    this.readSql = this.reader === this.writer ? this.writeSql : new SqliteSql(this.reader);
    this.warnings = path === ':memory:' ? [] : accessWarnings(path);
  }

  async read<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return work(this.readSql);
  }

  write<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    // 503 at the edge (unavailable.ts): only a restart makes the WAL trustworthy again (wal-sync.ts, docs/operations.md).
    if (this.walSync?.failure !== undefined) return Promise.reject(new StoreUnavailable('store refuses writes after a failed fsync', { cause: this.walSync.failure }));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    const batch = this.queue.splice(0, MAX_GROUP_SIZE);
    const settled: Array<() => void> = [];
    try {
      this.control.begin.run();
      for (const item of batch) {
        this.control.savepoint.run();
        try {
          const unit = new SqliteUnit(this.writeSql);
          const value = await item.work(unit);
          await unit.end();
          this.control.release.run();
          settled.push(() => item.resolve(value));
        } catch (error) {
          this.control.rollbackTo.run();
          this.control.release.run();
          settled.push(() => item.reject(error));
        }
      }
      this.control.commit.run();
      if (this.walSync) {
        this.walSync.committedGroup(settled, (error) => {
          for (const item of batch) item.reject(error);
        });
      } else {
        for (const settle of settled) settle();
      }
    } catch (error) {
      if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
      for (const item of batch) item.reject(error);
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  async migrate(): Promise<number[]> {
    this.writer.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)',
    );
    const applied: number[] = [];
    const run = this.writer.transaction(() => {
      const done = new Set(
        (this.writer.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((row) => row.id),
      );
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        this.writer.exec(migrationSql(migration, 'sqlite'));
        this.writer
          .prepare('INSERT INTO schema_migrations (id, name, applied_on) VALUES (?, ?, ?)')
          .run(migration.id, migration.name, new Date().toISOString());
        applied.push(migration.id);
      }
    });
    run.immediate();
    if (this.walSync) await this.walSync.syncNow();
    return applied;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.flushing || this.queue.length > 0 || this.scheduled) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.walSync?.drained();
    await this.walFile?.close();
    await this.checkpointer?.stop();
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}
