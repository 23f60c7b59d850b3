// What the built CLI was built from: the number of files under the packages' src/ folders
// (and their package.json files) and the newest modification time among them. The bin runs the
// build only while the stamp it recorded still matches (docs/decisions/0209-cli-start-up.md),
// so an edited, added or removed source never runs stale. Plain JavaScript: the bin loads it
// before any TypeScript loader. About 400 stat calls, a few milliseconds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PACKAGES = ['contract', 'server', 'client', 'cli'];

function walk(dir, stamp) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, stamp);
    else {
      stamp.files += 1;
      stamp.newest = Math.max(stamp.newest, statSync(path).mtimeMs);
    }
  }
}

/** The stamp of the sources of the repository at `root`. */
export function sourcesStamp(root) {
  const stamp = { files: 0, newest: 0 };
  for (const name of PACKAGES) {
    walk(join(root, 'packages', name, 'src'), stamp);
    try {
      stamp.newest = Math.max(stamp.newest, statSync(join(root, 'packages', name, 'package.json')).mtimeMs);
      stamp.files += 1;
    } catch {
      // a package without a manifest is not part of the build
    }
  }
  return stamp;
}
