import { createRequire } from 'node:module';
import type pg from 'pg';
import { migrations, migrationSql } from '../migrations.ts';
import { type BatchResult, type BatchStatement, type LocksFirst, type Sql, type SqlValue, type Store, UniqueViolation } from '../port.ts';
import { EndOfUnitTasks } from '../end-of-unit.ts';
import { type PipelinedStatement, runPipeline } from './pipeline.ts';
import { SharedCommits } from './shared-commit.ts';
import { isRetryable } from './sqlstate.ts';

let driver: typeof pg | undefined;

/**
 * The pg driver, loaded with the first PostgresStore: a process on SQLite (and the CLI's
 * migrate or verify-ledger on SQLite) never pays the ~50 ms of loading it (decisions/0209).
 */
function loadDriver(): typeof pg {
  if (!driver) {
    driver = createRequire(import.meta.url)('pg') as typeof pg;
    // BIGINT (money in minor units, counts) fits a JS number safely for any amount we accept.
    driver.types.setTypeParser(20, (value) => Number(value));
  }
  return driver;
}

const MAX_SERIALIZATION_RETRIES = 5;
const MIGRATION_LOCK_KEY = 7_202_411;

/** A portable statement in PostgreSQL's form: `?` placeholders become `$1, $2, …`, counted once. */
interface Converted {
  text: string;
  placeholders: number;
}

const conversions = new Map<string, Converted>();

/** Our SQL never has a literal `?`. */
function convert(sql: string): Converted {
  let converted = conversions.get(sql);
  if (converted === undefined) {
    let placeholders = 0;
    converted = { text: sql.replace(/\?/g, () => `$${++placeholders}`), placeholders };
    conversions.set(sql, converted);
  }
  return converted;
}

/**
 * Statement names, so PostgreSQL parses and plans each statement once per
 * connection instead of on every call (pipeline.ts parses a named statement on
 * its first use on a connection and binds it after). Bounded: SQL built from
 * optional filters has many shapes, and past the bound a text runs unnamed.
 */
const MAX_NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>();

/** The name of a statement's prepared form, or undefined past the bound (it then runs unnamed). */
function statementName(converted: string): string | undefined {
  let name = statementNames.get(converted);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `railyard_${statementNames.size + 1}`;
    statementNames.set(converted, name);
  }
  return name;
}

/**
 * A statement for a pipeline (pipeline.ts), prepared under its text's name,
 * whether it travels alone or with others. Its placeholders must match its
 * values: a mismatch is refused here, before anything of the unit is sent.
 */
function pipelined(sql: string, params: readonly SqlValue[]): PipelinedStatement {
  const { text, placeholders } = convert(sql);
  if (placeholders !== params.length) throw new Error(`statement has ${placeholders} placeholders for ${params.length} values`);
  return { text, name: statementName(text), values: params };
}

function pipelinedBatch({ sql, params }: BatchStatement): PipelinedStatement {
  return pipelined(sql, params);
}

function translateError(error: unknown): unknown {
  if ((error as { code?: string }).code === '23505') return new UniqueViolation((error as Error).message);
  return error;
}

/** Runs one statement, sent alone, as a pipeline of one (pipeline.ts); answers its results. */
type RunAlone = (statement: PipelinedStatement) => Promise<pg.QueryResult[]>;

/** Counts messages sent to PostgreSQL (each one waits a round trip); bench/tools/transfer-cpu.ts prints it per create. */
export const roundTrips = { count: 0 };

/** The last statement's result of a message that may hold several (the simple query protocol answers one result per statement). */
function lastResult(results: pg.QueryResult | pg.QueryResult[]): pg.QueryResult {
  if (!Array.isArray(results)) return results;
  const last = results[results.length - 1];
  if (last === undefined) throw new Error('PostgreSQL answered no result');
  return last;
}

/**
 * Statements outside a unit of work (reads), each on a pooled connection taken for it; and the
 * base of a unit, whose statements sent alone run on its own connection. Either way a statement is
 * a pipeline of one: prepared under its name, answered with the row shapes kept in pipeline.ts,
 * and without the driver's copy of a query config.
 */
class PostgresSql implements Sql {
  constructor(private readonly runAlone: RunAlone) {}

  protected async send(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult> {
    const statement = pipelined(sql, params);
    roundTrips.count++;
    try {
      return lastResult(await this.runAlone(statement));
    } catch (error) {
      throw translateError(error);
    }
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.send(sql, params)).rows as T[];
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.send(sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: (await this.send(sql, params)).rowCount ?? 0 };
  }

  /** Outside a unit of work (a read) there is nothing to send it with: it runs at once. */
  async defer(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    await this.run(sql, params);
  }

  /** Outside a unit of work there is no transaction to stay out of. */
  async readBeforeWrites<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.all<T>(sql, params);
  }

  /** Outside a unit of work there is no commit to wait for: at once. */
  async beforeCommit(task: () => Promise<void>): Promise<void> {
    await task();
  }

  /** Outside a unit of work a read takes no lock. */
  holdsNoLock(): boolean {
    return true;
  }

  /** Outside a unit of work there is no commit to share. */
  async shareCommit(_key: string, _locks?: LocksFirst): Promise<void> {}

  /** Outside a unit of work: one statement after the other, each prepared. */
  async batch(statements: readonly BatchStatement[]): Promise<BatchResult[]> {
    const results: BatchResult[] = [];
    for (const { sql, params } of statements) results.push(batchResult(await this.send(sql, params)));
    return results;
  }
}

function batchResult(result: pg.QueryResult): BatchResult {
  return { rows: result.rows, changes: result.rowCount ?? 0 };
}

/**
 * One unit of work on its own connection, in one transaction (decision 2001).
 * BEGIN and every deferred write wait in `pending` and leave with the unit's
 * next statement, in one pipeline closed by one Sync (pipeline.ts): the
 * statements run in order, each bound to its prepared plan, and the answer is
 * the last one's. The COMMIT leaves the same way. So a unit costs one round
 * trip per statement whose result it reads, plus one for the COMMIT, and a row
 * lock taken by a guarded update is held across fewer round trips. A statement
 * sent alone (nothing pending) is a pipeline of one.
 */
export class PostgresUnit extends PostgresSql {
  private pending: PipelinedStatement[];
  /** Whether anything reached PostgreSQL: a unit that sent nothing has no transaction to end. */
  private sent = false;
  /** What the unit left for its end (`beforeCommit`). */
  private readonly atEnd = new EndOfUnitTasks();
  /** The key the unit offered its COMMIT under (`shareCommit`), and who hears that its writes have their place. */
  private offered: { key: string; locks: LocksFirst | undefined; placed: () => void; hasPlace: Promise<void> } | undefined;

  constructor(
    private readonly connection: pg.PoolClient | pg.Client,
    private readonly ends: UnitEnds = TRANSACTION,
    /** Where the unit may share its COMMIT, and how it gives its connection back once another unit sends it. */
    private readonly sharing?: { commits: SharedCommits; leave: () => void },
  ) {
    super((statement) => runPipeline(loadDriver(), connection, [statement]));
    this.pending = [ends.open];
  }

  protected override async send(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult> {
    if (this.pending.length === 0) return super.send(sql, params);
    return lastResult(await this.sendPipeline([...this.pending, pipelined(sql, params)]));
  }

  override async defer(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    this.pending.push(pipelined(sql, params));
  }

  /**
   * While nothing has been sent or deferred (BEGIN alone pending), the read goes
   * alone and prepared, outside the transaction: READ COMMITTED would give it a
   * fresh snapshot as the transaction's first statement too, and it takes no
   * lock (the port's contract). Otherwise it is an ordinary read.
   */
  override async readBeforeWrites<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    if (this.nothingYet()) return (await super.send(sql, params)).rows as T[];
    return this.all<T>(sql, params);
  }

  /** The statements in one pipeline, after what is pending (decision 2001, amendment "Batches"). */
  override async batch(statements: readonly BatchStatement[]): Promise<BatchResult[]> {
    if (statements.length === 0) return [];
    const results = await this.sendPipeline([...this.pending, ...statements.map(pipelinedBatch)]);
    if (results.length < statements.length) throw new Error(`PostgreSQL answered ${results.length} results for ${statements.length} statements`);
    return results.slice(results.length - statements.length).map(batchResult);
  }

  override async beforeCommit(task: () => Promise<void>): Promise<void> {
    this.atEnd.add(task);
  }

  /** Nothing sent inside the transaction yet: BEGIN and the deferred writes still wait here. */
  override holdsNoLock(): boolean {
    return !this.sent;
  }

  /**
   * Offered by a transfer create (the port's contract): at its end it joins the
   * key's shared transaction if it still holds no lock.
   * Only a unit in a transaction of its own shares (not the bench's savepoints).
   */
  override shareCommit(key: string, locks?: LocksFirst): Promise<void> {
    if (!this.sharing || this.ends !== TRANSACTION) return Promise.resolve();
    if (this.offered) {
      this.offered.key = key;
      this.offered.locks = locks;
      return this.offered.hasPlace;
    }
    let placed: () => void = () => undefined;
    const hasPlace = new Promise<void>((resolve) => (placed = resolve));
    this.offered = { key, locks, placed, hasPlace };
    return hasPlace;
  }

  /** Runs the tasks left for the end (their writes deferred), then sends what is pending with the COMMIT. */
  async commit(): Promise<void> {
    await this.atEnd.run();
    try {
      if (this.nothingYet()) return; // the unit wrote and read nothing
      if (this.offered && this.sharing && !this.sent) return await this.commitShared(this.offered, this.sharing.commits);
      await this.sendPipeline([...this.pending, this.ends.close]);
    } finally {
      this.ended();
    }
  }

  /**
   * Hands what is pending, BEGIN aside, to the key's shared transaction
   * (shared-commit.ts): sent by this unit on its connection if it is the first,
   * else by the first, and this unit's connection goes back to the pool at once.
   */
  private async commitShared({ key, locks }: { key: string; locks: LocksFirst | undefined }, commits: SharedCommits): Promise<void> {
    const pending = this.pending;
    if (pending[0] !== this.ends.open) throw new Error('a unit that sent nothing has BEGIN first among its pending statements');
    this.pending = [];
    try {
      await commits.commit(
        key,
        {
          statements: pending.slice(1),
          ...(locks && { locks: { ids: locks.ids, statement: (ids) => pipelinedBatch(locks.statement(ids)) } }),
        },
        {
          send: (statements) => this.sendShared(statements),
          placed: () => this.offered?.placed(),
          leave: () => this.sharing?.leave(),
        },
      );
    } catch (error) {
      throw translateError(error);
    }
  }

  /** The shared transaction on this unit's connection: BEGIN, every unit's statements, COMMIT, in one message. */
  private async sendShared(statements: readonly PipelinedStatement[]): Promise<void> {
    this.sent = true;
    roundTrips.count++;
    try {
      await runPipeline(loadDriver(), this.connection, [this.ends.open, ...statements, this.ends.close]);
    } catch (error) {
      // The failed statement left the transaction open and aborted: ended here, as it may be sent again.
      await this.connection.query(this.ends.undo).catch(() => undefined);
      // Untranslated: the shared transaction reads the error's SQLSTATE and statement to find whose it is.
      throw error;
    }
  }

  async rollback(): Promise<void> {
    this.pending = [];
    this.ended();
    if (this.sent) await this.connection.query(this.ends.undo);
  }

  /** BEGIN alone waits in `pending`: the unit has sent and deferred nothing yet. */
  private nothingYet(): boolean {
    return !this.sent && this.pending.length === 1;
  }

  /** The unit ended: nothing waits for its writes' place any longer. */
  private ended(): void {
    this.offered?.placed();
  }

  /** One pipeline of one or more statements; answers every statement's result, in order. */
  private async sendPipeline(statements: readonly PipelinedStatement[]): Promise<pg.QueryResult[]> {
    this.pending = [];
    this.sent = true;
    roundTrips.count++;
    try {
      return await runPipeline(loadDriver(), this.connection, statements);
    } catch (error) {
      throw translateError(error);
    }
  }
}

/**
 * How a unit of work opens, closes and undoes: a transaction of its own. The
 * bench's group-commit measurement (bench/tools/group-commit.ts) runs units as
 * savepoints of one shared transaction instead; nothing else does.
 */
export interface UnitEnds {
  open: PipelinedStatement;
  close: PipelinedStatement;
  undo: string;
}

const TRANSACTION: UnitEnds = { open: pipelined('BEGIN', []), close: pipelined('COMMIT', []), undo: 'ROLLBACK' };

/** The error each pooled connection reported, if it did: such a connection is dead. */
const connectionErrors = new WeakMap<pg.PoolClient, Error>();

/**
 * Connections one process opens at most (`serve --db-connections`, docs/deploy.md). Five: a
 * process's Node thread feeds about 1,000 to 2,000 creates/s at most (by the machine), each holding
 * its connection for a few milliseconds, so five carry it; more only add backends that contend for
 * the same cores, WAL and row locks. Measured: five against ten, 2026-11-27 (bench/README.md,
 * "Connections per process"), and against eight on a faster machine, 2026-11-28 ("A faster machine").
 */
export const DEFAULT_MAX_CONNECTIONS = 5;

export interface PostgresOptions {
  connectionString: string;
  /** A schema to use instead of `public`: tests isolate themselves this way. */
  schema?: string;
  /** The pool's bound; a unit of work past it waits for a connection to come back. */
  maxConnections?: number;
}

/**
 * PostgreSQL adapter for several stateless server processes on one database.
 * Each write is one transaction on its own pooled connection; deadlocks and
 * serialization failures are retried a bounded number of times.
 */
export class PostgresStore implements Store {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly schema: string | undefined;
  /** The transactions this store's units share, by key (shared-commit.ts). */
  readonly sharedCommits = new SharedCommits();

  constructor(options: PostgresOptions) {
    this.schema = options.schema;
    if (this.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(this.schema)) {
      throw new Error(`invalid schema name: ${this.schema}`);
    }
    this.pool = new (loadDriver().Pool)({
      connectionString: options.connectionString,
      max: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
      ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}),
    });
    // An idle client's error (database restart) must not crash the process.
    this.pool.on('error', () => undefined);
    // Every connection is listened to from its first moment to its last. The pool listens to idle
    // connections only, and a unit can start listening only once its `connect()` resolves: one
    // microtask later. PostgreSQL's "terminating connection" (57P01, a restart) can come in the
    // same packet as the ReadyForQuery that completes a new connection; the parser then reads it
    // inside that gap, and an 'error' nobody hears ends the process (found by the crash test with
    // 24 clients and 12 restarts). The error is kept: a connection that reported one is dead.
    this.pool.on('connect', (client) => {
      client.on('error', (error) => connectionErrors.set(client, error));
    });
  }

  async read<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return work(new PostgresSql((statement) => this.runOnPooledConnection(statement)));
  }

  /**
   * One statement on a connection taken from the pool for it, as the pool's own `query` does: a
   * connection that reported an error, or whose statement failed, is closed rather than handed on.
   */
  private async runOnPooledConnection(statement: PipelinedStatement): Promise<pg.QueryResult[]> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    try {
      return await runPipeline(loadDriver(), client, [statement]);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(failure ?? connectionErrors.get(client));
    }
  }

  async write<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool.connect();
      let released = false;
      // A broken connection is closed, not handed to the next unit of work.
      const release = () => {
        if (released) return;
        released = true;
        client.release(connectionErrors.get(client));
      };
      // A connection that dies under the unit (PostgreSQL restarting) reported it through the
      // listener every connection has (constructor); the next query fails, and the unit answers 503.
      const unit = new PostgresUnit(client, TRANSACTION, { commits: this.sharedCommits, leave: release });
      try {
        const value = await work(unit);
        await unit.commit();
        return value;
      } catch (error) {
        await unit.rollback().catch(() => undefined);
        if (isRetryable(error) && attempt < MAX_SERIALIZATION_RETRIES) continue;
        throw error;
      } finally {
        release();
      }
    }
  }

  async migrate(): Promise<number[]> {
    const client = await this.pool.connect();
    const applied: number[] = [];
    try {
      await client.query('BEGIN');
      if (this.schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`);
      // Several processes may start at once: one migrates, the others wait and find nothing to do.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_on TEXT NOT NULL)',
      );
      const done = new Set((await client.query('SELECT id FROM schema_migrations')).rows.map((row) => Number(row.id)));
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        await client.query(migrationSql(migration, 'postgres'));
        await client.query('INSERT INTO schema_migrations (id, name, applied_on) VALUES ($1, $2, $3)', [
          migration.id,
          migration.name,
          new Date().toISOString(),
        ]);
        applied.push(migration.id);
      }
      await client.query('COMMIT');
      return applied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Drops the schema this store was opened on; for tests only. */
  async dropSchema(): Promise<void> {
    if (this.schema) await this.pool.query(`DROP SCHEMA IF EXISTS ${this.schema} CASCADE`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
