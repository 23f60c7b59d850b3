import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { buildCli, buildTests } from '../../../../scripts/build-tests.mjs';
import { sourcesStamp } from '../../../cli/scripts/sources-stamp.mjs';
import { railyardCommand } from '../support/railyard-command.ts';

// `npm test` runs bundles of the test files (scripts/build-tests.mjs), not the
// sources through tsx. What a test may rely on must hold in the bundle too:
// its own file's URL (in code; a string saying it stays as it is), our sources and workspace packages without any loader,
// failure locations that name the TypeScript source, nothing left behind.

const repoRoot = resolve(import.meta.dirname, '../../../..');

interface Bundle {
  files: string[];
  remove: () => Promise<void>;
}

describe('test files bundled for npm test (scripts/build-tests.mjs)', () => {
  let dir: string;
  let source: string;
  before(() => {
    // Inside the package, so that its relative imports of the sources resolve as a test's do.
    dir = mkdtempSync(join(repoRoot, 'packages/server/test/runner/bundle-fixture-'));
    // Not named *.test.ts: a directory left by a killed run is never taken for a test file.
    source = join(dir, 'cases.ts');
    writeFileSync(
      source,
      [
        "import { it } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { fileURLToPath } from 'node:url';",
        "import { operations } from '@railyard/contract';",
        "import { newRowID } from '../../../src/kernel/ids.ts';",
        "it('sees its own source as import.meta.url', () => {",
        `  assert.equal(fileURLToPath(import.meta.url), ${JSON.stringify(source)});`,
        '});',
        "it('runs our sources and workspace packages without a loader', () => {",
        "  assert.match(newRowID(), /^[0-9a-f-]{36}$/, 'a row ID');",
        "  assert.ok(operations.length > 100, 'the contract registry');",
        '});',
        "it('fails where the source says', () => {",
        "  assert.equal(1 + 1, 3, 'planned failure');",
        '});',
        "it('leaves the same words in a string alone', () => {",
        "  assert.equal('import.meta.url'.length, 15, 'a string is not code');",
        '});',
        '',
      ].join('\n'),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with node alone, each test as in the source, and a failure located in the .ts file', async () => {
    const bundle = (await buildTests([relative(repoRoot, source)])) as Bundle;
    try {
      assert.equal(bundle.files.length, 1);
      assert.match(bundle.files[0]!, /\.mjs$/, 'a JavaScript bundle');
      const run = spawnSync(process.execPath, ['--enable-source-maps', '--test', '--test-reporter=tap', bundle.files[0]!], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, NODE_TEST_CONTEXT: undefined },
      });
      assert.match(run.stdout, /# pass 3\n/, `three cases pass: ${run.stdout}${run.stderr}`);
      assert.match(run.stdout, /# fail 1\n/, 'the planned failure fails');
      assert.match(run.stdout, /planned failure/);
      assert.ok(run.stdout.includes(`${source}:13:`), `the failure names cases.ts line 13: ${run.stdout}`);
    } finally {
      await bundle.remove();
    }
    assert.equal(existsSync(bundle.files[0]!), false, 'remove() deletes the bundles');
  });

  it('clears the bundles a killed run left behind, and keeps those of a live one', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const cache = join(repoRoot, 'node_modules/.cache/railyard-tests');
    const stale = join(cache, `run-${gone}`);
    const live = join(cache, `run-${process.ppid}`);
    mkdirSync(stale, { recursive: true });
    mkdirSync(live, { recursive: true });
    const bundle = (await buildTests([relative(repoRoot, source)])) as Bundle;
    await bundle.remove();
    assert.equal(existsSync(stale), false, 'the dead run’s directory is removed');
    assert.equal(existsSync(live), true, 'a live process’s directory stays');
    rmSync(live, { recursive: true, force: true });
  });
});

describe('the CLI built for the tests (scripts/build-tests.mjs, buildCli; support/railyard-command.ts)', () => {
  it('is built from the sources as they are now, and its entry runs with node alone', () => {
    const cache = join(repoRoot, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'railyard-cli-fixture-'));
    try {
      const entry = buildCli(dir) as string;
      assert.equal(entry, join(dir, 'cli', 'main.js'));
      const info = JSON.parse(readFileSync(join(dir, 'cli', 'build-info.json'), 'utf8')) as { stamp: unknown };
      assert.deepEqual(info.stamp, sourcesStamp(repoRoot), 'the stamp of the sources as they are now');
      const help = spawnSync(process.execPath, [entry, '--help'], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
      assert.match(help.stdout, /^usage: railyard <command>/, help.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is what a test starts when the run built one; otherwise the sources run through tsx', () => {
    const built = process.env.RAILYARD_TEST_CLI;
    try {
      process.env.RAILYARD_TEST_CLI = '/run/cli/main.js';
      assert.deepEqual(railyardCommand(), ['/run/cli/main.js']);
      delete process.env.RAILYARD_TEST_CLI;
      assert.deepEqual(railyardCommand(), ['--import', 'tsx', join(repoRoot, 'packages/cli/src/main.ts')]);
      assert.ok(existsSync(railyardCommand()[2]!), 'the source entry exists');
    } finally {
      if (built === undefined) delete process.env.RAILYARD_TEST_CLI;
      else process.env.RAILYARD_TEST_CLI = built;
    }
    // Under npm test (bundled), the runner's build is there for the whole run.
    if (built !== undefined) assert.ok(existsSync(built), `RAILYARD_TEST_CLI names ${built}, which exists`);
  });
});
