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
