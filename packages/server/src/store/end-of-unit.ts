import type { Sql } from './port.ts';

/**
 * The tasks a unit of work leaves for its end (`Sql.beforeCommit`), held by
 * each adapter's unit: run after the unit's work returned and before its
 * commit, in the order given, including tasks that a running task leaves.
 */
export class EndOfUnitTasks {
  private readonly tasks: Array<() => Promise<void>> = [];

  add(task: () => Promise<void>): void {
    this.tasks.push(task);
  }

  async run(): Promise<void> {
    // By index: a task may add another, which runs after the ones already there.
    for (let i = 0; i < this.tasks.length; i++) await this.tasks[i]!();
  }
}

/**
 * What units of work gather and write at their end, one value per unit, keyed by
 * its `Sql` (the unit's events, its new transfers). The first `hold` of a unit
 * starts its value and leaves `write` for the unit's end (`Sql.beforeCommit`;
 * outside a unit that is at once); later holds join the same value. The end
 * takes the value before writing it, so a hold from a later end task starts
 * anew. A failed unit's `Sql` is dropped, and its value with it.
 */
export class HeldUntilEnd<T> {
  private readonly held = new WeakMap<Sql, T>();

  constructor(private readonly write: (sql: Sql, value: T) => Promise<void>) {}

  /** The unit's value not written yet, if it holds one. */
  of(sql: Sql): T | undefined {
    return this.held.get(sql);
  }

  async hold(sql: Sql, start: () => T, join: (value: T) => void): Promise<void> {
    const current = this.held.get(sql);
    if (current !== undefined) {
      join(current);
      return;
    }
    const value = start();
    // Held before the task is left: outside a unit the task runs at once and writes it.
    this.held.set(sql, value);
    await sql.beforeCommit(async () => {
      this.held.delete(sql);
      await this.write(sql, value);
    });
  }
}
