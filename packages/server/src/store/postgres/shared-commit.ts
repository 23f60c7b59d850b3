import type { PipelinedStatement } from './pipeline.ts';
import { failedStatementOf } from './pipeline.ts';
import { isConnectionError, isRetryable } from './sqlstate.ts';

/**
 * Commits shared down a queue (decision 2001, amendment "Commits shared down a
 * queue"). The creates of one process on one wallet run one after another
 * anyway: each one's update waits for the row lock of the one ahead until that
 * one's COMMIT is flushed to disk, so the wallet moves at most once per WAL
 * flush. Units offered under one key (`Sql.shareCommit`) that hold no lock at
 * their end instead gather into one transaction: the first of them sends it on
 * its own connection, with every unit that joined meanwhile, once the key's
 * transaction before it has ended; those that join later gather into the next
 * one. So the wallet moves as many times per flush as creates waited for it,
 * and a unit that joined sends no message of its own. Every transfer create of
 * a process offers under one key (amendment "One shared transaction per
 * process"), so creates on different wallets share too; a transaction whose
 * units lock different rows (`SharedUnit.locks`) locks them all first, in the
 * one global order, so that two processes' transactions cannot deadlock.
 *
 * All or nothing per attempt: if a statement fails, nothing of the transaction
 * commits. The unit whose statement failed gets its error, and the transaction
 * is sent again at once without it, on the same connection; a deadlock's victim
 * or a serialization failure sends it again whole (a bounded number of times).
 * An error that no statement answered (the connection lost, the server shutting
 * down) reaches every unit left as it came: whether the COMMIT was done is not
 * known, as for a unit alone. No unit of a shared transaction ever needs a
 * connection of its own again: a unit that waits for one while the creates
 * behind it in its wallets' queues hold the pool's others would never get it.
 */

/** The most units one transaction carries: a bound on its message and on how long its first unit waits. */
export const MAX_SHARED_UNITS = 16;

/** A unit's writes, as it hands them to its key's transaction. */
export interface SharedUnit {
  /** Its statements after its BEGIN, in order; the COMMIT is the transaction's. */
  statements: readonly PipelinedStatement[];
  /** The rows its statements lock, and the statement that locks such rows in the one global order (`Sql.shareCommit`). */
  locks?: { ids: readonly string[]; statement: (ids: readonly string[]) => PipelinedStatement };
}

/**
 * Sends BEGIN, the statements and COMMIT as one pipeline on the first unit's
 * connection, and on failure ends the transaction there, so that it can be sent again.
 */
export type SendShared = (statements: readonly PipelinedStatement[]) => Promise<void>;

/** How many times a shared transaction is sent again whole after a deadlock or a serialization failure. */
const MAX_WHOLE_RETRIES = 5;

interface Joined {
  unit: SharedUnit;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One key's transaction while it gathers units. */
interface Gathering {
  joined: Joined[];
}

/** The transactions of one store's units, by key. */
export class SharedCommits {
  /** Each key's transaction gathering units now, if one is. */
  private readonly gathering = new Map<string, Gathering>();
  /** Each key's last transaction (gathering or sent): settles once it ended. The next one is sent after it. */
  private readonly last = new Map<string, Promise<void>>();

  /**
   * How many times a transaction was sent again whole after a deadlock or a
   * serialization failure (tests check that the one lock order leaves none).
   */
  sentAgainWhole = 0;

  /** Keys with a transaction gathering or in flight (tests check that every one ends). */
  get size(): number {
    return this.last.size;
  }

  /** How many units gather now for the key's next transaction (tests wait for them). */
  gatheringFor(key: string): number {
    return this.gathering.get(key)?.joined.length ?? 0;
  }

  /**
   * Hands the unit's writes to its key's transaction. `placed` is called as soon
   * as they have their place; `leave` when the unit's own connection is no longer
   * needed (it joined a transaction another unit sends); `send` only when this
   * unit sends it. Resolves once the transaction committed.
   */
  commit(key: string, unit: SharedUnit, hooks: { send: SendShared; placed: () => void; leave: () => void }): Promise<void> {
    const open = this.gathering.get(key);
    if (open && open.joined.length < MAX_SHARED_UNITS) {
      const committed = new Promise<void>((resolve, reject) => open.joined.push({ unit, resolve, reject }));
      hooks.placed();
      hooks.leave();
      return committed;
    }
    const gathering: Gathering = { joined: [] };
    const committed = new Promise<void>((resolve, reject) => gathering.joined.push({ unit, resolve, reject }));
    const before = this.last.get(key);
    let ended: () => void = () => undefined;
    const end = new Promise<void>((resolve) => (ended = resolve));
    this.gathering.set(key, gathering);
    this.last.set(key, end);
    hooks.placed();
    void this.sendAfter(key, gathering, before, hooks.send).finally(() => {
      if (this.last.get(key) === end) this.last.delete(key);
      ended();
    });
    return committed;
  }

  private async sendAfter(key: string, gathering: Gathering, before: Promise<void> | undefined, send: SendShared): Promise<void> {
    // The transaction ahead holds the key's rows until it ends; meanwhile this one gathers.
    if (before) await before;
    if (this.gathering.get(key) === gathering) this.gathering.delete(key);
    // Every unit is told only once the transaction is done with: the first unit's connection is in use until then.
    const outcomes = new Map<Joined, unknown>();
    const left = [...gathering.joined];
    for (let wholeRetries = 0; left.length > 0; ) {
      const { statements, starts } = pipelineOf(left);
      try {
        await send(statements);
        break;
      } catch (error) {
        const owner = isConnectionError(error) || isRetryable(error) ? undefined : ownerOf(error, starts, statements.length);
        if (owner !== undefined) {
          outcomes.set(left[owner]!, error);
          left.splice(owner, 1);
        } else if (!isRetryable(error) || ++wholeRetries > MAX_WHOLE_RETRIES) {
          for (const member of left.splice(0)) outcomes.set(member, error);
        } else {
          this.sentAgainWhole++;
        }
      }
    }
    for (const member of gathering.joined) {
      if (outcomes.has(member)) member.reject(outcomes.get(member));
      else member.resolve();
    }
  }
}

/**
 * The pipeline of the units' statements after BEGIN, and where each unit
 * begins. When the units lock different rows, the statement that locks them all
 * in the one global order goes first: each unit's own statements lock its rows
 * in that order, but one after another, two units would not (A's wallets 5 and
 * 7, then B's 2 and 9), and another process's transaction could then hold one
 * of them while waiting for another.
 */
function pipelineOf(units: readonly Joined[]): { statements: PipelinedStatement[]; starts: number[] } {
  const statements: PipelinedStatement[] = [];
  const lockFirst = lockStatementOf(units);
  if (lockFirst) statements.push(lockFirst);
  const starts: number[] = [];
  for (const { unit } of units) {
    const start = 1 + statements.length; // BEGIN is the pipeline's first statement
    starts.push(start);
    statements.push(...unit.statements);
  }
  return { statements, starts };
}

/** The statement locking every unit's rows in order, if the units lock rows and not all the same ones. */
function lockStatementOf(units: readonly Joined[]): PipelinedStatement | undefined {
  const withLocks = units.flatMap(({ unit }) => (unit.locks ? [unit.locks] : []));
  if (withLocks.length === 0) return undefined;
  const ids = [...new Set(withLocks.flatMap((locks) => locks.ids))].sort();
  if (withLocks.every((locks) => locks.ids.length === ids.length && ids.every((id) => locks.ids.includes(id)))) return undefined;
  return withLocks[0]!.statement(ids);
}

/** Which unit's statement an error came from, or undefined (BEGIN's, the lock taken first, or COMMIT's). */
function ownerOf(error: unknown, starts: readonly number[], statementCount: number): number | undefined {
  const failed = failedStatementOf(error);
  if (failed === undefined || failed < starts[0]! || failed > statementCount) return undefined;
  let owner = 0;
  while (owner + 1 < starts.length && starts[owner + 1]! <= failed) owner++;
  return owner;
}
