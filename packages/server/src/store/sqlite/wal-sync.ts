import { open, type FileHandle } from 'node:fs/promises';

/**
 * The WAL file, held open for fsyncs. Its own descriptor: fdatasync makes the
 * file's written pages durable whichever descriptor wrote them. Opened on the
 * first sync (the WAL exists once something was written) and kept: SQLite
 * deletes the WAL only when its last connection closes, which the writer's
 * connection prevents while the store is open, so the file is the same inode
 * for the store's lifetime. Saves an open and a close per group commit.
 */
export class WalFile {
  private handle: FileHandle | undefined;

  constructor(readonly path: string) {}

  async sync(): Promise<void> {
    if (!this.handle) {
      try {
        this.handle = await open(this.path, 'r');
      } catch (error) {
        // No WAL yet (nothing written since the database was opened): nothing to make durable.
        if ((error as { code?: string }).code === 'ENOENT') return;
        throw error;
      }
    }
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/**
 * Acknowledges group commits once they are on disk, without stopping the event
 * loop for the fsync. The writer commits with `synchronous = NORMAL` (WAL
 * frames written, not synced), hands the group's answers here, and goes on
 * with the next group while this fsyncs the WAL file on libuv's thread pool.
 * A group's answers are released only by an fsync that began after its commit;
 * the WAL is appended in commit order, so that fsync also covers every earlier
 * group: nothing is acknowledged that a crash could take back. At most two
 * fsyncs at a time; groups committed while both run share the next one.
 *
 * An fsync that fails leaves the pages' fate unknown (the kernel may drop them
 * and report clean later), so every waiting answer is rejected and the store
 * refuses writes from then on: the process must be restarted, as PostgreSQL does.
 */
export class WalSync {
  /** Groups committed so far, numbered from 1. */
  private committed = 0;
  /** The highest group number already covered by a started fsync. */
  private requested = 0;
  /** The highest group number known durable. */
  private durable = 0;
  private inFlight = 0;
  private waiting: Array<{ group: number; settle: Array<() => void>; fail: (error: unknown) => void }> = [];
  private idle: Array<() => void> = [];
  failure: unknown = undefined;

  constructor(
    /** Makes everything written to the WAL so far durable. */
    private readonly sync: () => Promise<void>,
    /**
     * fsyncs allowed at once. Two: a group committed while an fsync runs starts
     * its own at once instead of waiting for that one to end, so its wait is
     * one fsync, not up to two; more would only queue in the kernel.
     */
    private readonly maxInFlight = 2,
  ) {}

  /** Called right after a COMMIT: `settle` runs once the commit is durable, `fail` if it cannot be made so. */
  committedGroup(settle: Array<() => void>, fail: (error: unknown) => void): void {
    if (this.failure !== undefined) return fail(this.failure);
    this.committed++;
    this.waiting.push({ group: this.committed, settle, fail });
    this.startSyncs();
  }

  /** Makes everything written so far durable (migrations, which commit outside the groups). */
  async syncNow(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.committedGroup([resolve], reject));
  }

  /** Resolves when every group handed over so far is durable (or failed). */
  async drained(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private startSyncs(): void {
    while (this.failure === undefined && this.requested < this.committed && this.inFlight < this.maxInFlight) {
      void this.syncOnce(this.committed);
    }
  }

  /** One fsync that began after group `covered` committed: it makes that group and every earlier one durable. */
  private async syncOnce(covered: number): Promise<void> {
    this.requested = covered;
    this.inFlight++;
    try {
      await this.sync();
      this.durable = Math.max(this.durable, covered);
    } catch (error) {
      if (this.failure === undefined) this.failure = error;
    } finally {
      this.inFlight--;
    }
    if (this.failure !== undefined) {
      for (const entry of this.waiting.splice(0)) entry.fail(this.failure);
    } else {
      while (this.waiting.length > 0 && this.waiting[0]!.group <= this.durable) {
        for (const settle of this.waiting.shift()!.settle) settle();
      }
      this.startSyncs();
    }
    if (this.inFlight === 0 && this.waiting.length === 0) {
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }
}
