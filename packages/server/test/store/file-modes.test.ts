import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/compose/open-store.ts';
import { loadSourceSecrets } from '../../src/domain/sources/source-secrets.ts';
import type { Store } from '../../src/store/port.ts';

/*
 * The SQLite database holds everything a platform has (decisions/0504): the
 * files Railyard creates are its owner's only, whatever the umask: the folder
 * 0700, the database and its -wal and -shm files 0600 (the key file beside it
 * already was). A folder or file that exists is left as the operator made it,
 * with a warning when others can read or write it.
 */

function modeOf(path: string): number {
  return statSync(path).mode & 0o777;
}

async function writeSomething(store: Store): Promise<void> {
  await store.migrate();
  await store.write((sql) => sql.run("INSERT INTO platforms (platform_id, name, created_on) VALUES ('p', 'P', '2026-01-01T00:00:00.000Z')"));
}

describe('SQLite file modes', () => {
  let root: string;
  let umask: number;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'railyard-modes-'));
    // The usual umask: without care, files would be 0644 and folders 0755.
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates the folders 0700 and the database, -wal and -shm 0600', async () => {
    const path = join(root, 'fresh', 'data', 'railyard.db');
    const store = openStore(`sqlite:${path}`);
    try {
      await writeSomething(store);
      assert.equal(modeOf(join(root, 'fresh')).toString(8), '700');
      assert.equal(modeOf(join(root, 'fresh', 'data')).toString(8), '700');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file).toString(8), '600', file);
      assert.deepEqual(store.warnings ?? [], []);
      loadSourceSecrets({ databaseUrl: `sqlite:${path}` });
      assert.equal(modeOf(`${path}.key`).toString(8), '600', 'the key file beside it');
    } finally {
      await store.close();
    }
  });

  it('leaves an existing folder and database as they are, and warns when others can reach them', async () => {
    const folder = join(root, 'shared');
    mkdirSync(folder, { mode: 0o777 });
    chmodSync(folder, 0o777);
    const path = join(folder, 'old.db');
    closeSync(openSync(path, 'w', 0o644));
    chmodSync(path, 0o644);
    const store = openStore(`sqlite:${path}`);
    try {
      await writeSomething(store);
      assert.equal(modeOf(folder).toString(8), '777', 'an existing folder is not changed');
      assert.equal(modeOf(path).toString(8), '644', 'an existing database is not changed');
      const warnings = store.warnings ?? [];
      assert.ok(warnings.some((w) => w.includes(path) && /others/.test(w)), warnings.join('\n'));
      assert.ok(warnings.some((w) => w.includes(folder) && /writ/.test(w)), warnings.join('\n'));
    } finally {
      await store.close();
    }
  });

  it('an existing private folder draws no warning, and its new database is 0600', async () => {
    const folder = join(root, 'private');
    mkdirSync(folder, { mode: 0o755 });
    const path = join(folder, 'new.db');
    const store = openStore(`sqlite:${path}`);
    try {
      await writeSomething(store);
      assert.equal(modeOf(folder).toString(8), '755', 'a folder others may list but not write is fine');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file).toString(8), '600', file);
      assert.deepEqual(store.warnings ?? [], []);
    } finally {
      await store.close();
    }
  });
});
