import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small tmpfs of its own, mounted for one test (root only): a disk that
 * really fills up, without filling the machine's. `undefined` when this
 * process may not mount (not root, no mount(8)), so the test can say why it
 * skipped.
 */
export interface SmallDisk {
  dir: string;
  /** Writes a file of zeros until the disk refuses a single byte more; answers its path. */
  fill(): string;
  unmount(): void;
}

export function mountSmallDisk(sizeMiB: number): SmallDisk | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'railyard-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    fill() {
      const path = join(dir, `filler-${Date.now()}`);
      const fd = openSync(path, 'w');
      try {
        // Big blocks first, then single pages, then bytes: the disk ends with no free block at all.
        for (const size of [1 << 20, 4096, 1]) {
          const block = Buffer.alloc(size);
          for (;;) {
            try {
              writeSync(fd, block);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
      return path;
    },
    unmount() {
      // Lazy: a server killed a moment ago may still hold a file open for a few milliseconds.
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
