/**
 * The storage port. Domain services see only this: a way to read, and a way to
 * run a unit of work atomically. Adapters (SQLite, PostgreSQL) hold no business
 * rules; SQL is written once, portably, in `repos/`, with `?` placeholders.
 */
export type SqlValue = string | number | bigint | null;

export interface Sql {
  /** Every row of a query. */
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A statement that changes rows; answers how many it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /**
   * A write whose outcome the unit of work does not read (an event, a posting, a
   * savepoint): the adapter may hold it and send it, in order, with the unit's next
   * statement or its COMMIT, saving a round trip (PostgreSQL, decision 2001). Every
   * later statement of the unit sees it. Its failure (a constraint, a deadlock)
   * surfaces from that later statement or from the commit and fails the unit, so
   * defer only statements nobody catches an error of. SQLite runs it at once.
   */
  defer(sql: string, params?: readonly SqlValue[]): Promise<void>;
  /**
   * Several statements whose results the unit reads, run in order: answers each
   * one's rows (those a `RETURNING` or `SELECT` gives) and changed-row count.
   * PostgreSQL sends them in ONE message, with anything deferred before them
   * (decision 2001, amendment "Batches"). Every statement runs even when an
   * earlier one changed nothing, so a caller that acts on a result must be able
   * to undo the later ones: run them in a savepoint it rolls back. An error in
   * one fails the call.
   */
  batch(statements: readonly BatchStatement[]): Promise<BatchResult[]>;
  /**
   * Every row of a read that takes no lock, made before the unit writes anything
   * (a create's first look at its clock and parties). Under READ COMMITTED it
   * sees what the same read as the unit's first statement would: PostgreSQL
   * sends it alone, prepared, before the transaction begins, and BEGIN then
   * travels with the unit's next message (decision 2001, amendment "The start
   * read"). Once the unit has sent or deferred anything it is an ordinary `all`.
   * Never for a read that locks (`FOR UPDATE`, advisory locks): outside a
   * transaction its lock would end with the statement. SQLite runs it as `all`.
   */
  readBeforeWrites<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /**
   * Runs `task` at the end of the unit of work: after its work returned and
   * before its commit, in the same transaction, tasks in the order given; a
   * task's error fails the unit like any other. Writes that several parts of a
   * unit contribute to gather this way into one statement (the events a unit
   * records: kernel/events.ts). Outside a unit of work (a read) it runs at once.
   */
  beforeCommit(task: () => Promise<void>): Promise<void>;
  /**
   * Whether the unit holds no lock yet: PostgreSQL, while it has sent nothing
   * inside its transaction (its `readBeforeWrites` aside, and deferred writes
   * wait for its next message). Only then may it wait on another unit of work
   * without risking a deadlock no database would see (chained forecasts:
   * domain/transfers/forecast-offer.ts). SQLite's unit holds the write lock from
   * its start: false. Outside a unit of work (a read): true.
   */
  holdsNoLock(): boolean;
  /**
   * Offers the unit's COMMIT to the units of this process offered under the same
   * key (every transfer create: domain/transfers/forecast-offer.ts). PostgreSQL:
   * if the unit still holds no lock at its end, its writes join the one
   * transaction of that key now gathering, which the first of them sends, on its
   * own connection, once the key's transaction before it has ended: one COMMIT
   * and one WAL flush for them all (decision 2001, amendments "Commits shared
   * down a queue" and "One shared transaction per process"). `locks` names the
   * rows its writes lock: a transaction whose units lock different rows locks
   * them all first, in one order. A statement that fails there fails its own
   * unit, and the transaction is sent again without it. Resolves once the unit's
   * writes have their place in the key's order (joined a transaction of the key,
   * or the unit ended): a unit of the same key may then join behind them. Where
   * nothing is shared (SQLite, a read): at once.
   */
  shareCommit(key: string, locks?: LocksFirst): Promise<void>;
}

/**
 * The rows a unit's deferred writes lock (by key), and the statement that locks
 * such rows in the one global order. A shared transaction whose units lock
 * different rows sends that statement first, for all of their rows: its locks
 * are then taken in that order, as one unit's own writes take theirs, so two
 * such transactions (of two processes) cannot deadlock each other.
 */
export interface LocksFirst {
  ids: readonly string[];
  statement: (ids: readonly string[]) => BatchStatement;
}

export interface BatchStatement {
  sql: string;
  params: readonly SqlValue[];
}

export interface BatchResult {
  rows: unknown[];
  changes: number;
}

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly dialect: Dialect;
  /** Reads committed data. */
  read<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction; resolves only once the commit is durable.
   * A thrown error rolls back everything `work` wrote and is rethrown.
   */
  write<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** Applies pending forward-only migrations; answers the IDs it applied. */
  migrate(): Promise<number[]>;
  /** What an operator should hear about the store, found when it was opened (a database file others can read). */
  readonly warnings?: readonly string[];
  close(): Promise<void>;
}

/** Raised by adapters when a unique constraint refuses a row, so domain code can answer 409. */
export class UniqueViolation extends Error {
  constructor(readonly detail: string) {
    super(`unique constraint violated: ${detail}`);
    this.name = 'UniqueViolation';
  }
}
