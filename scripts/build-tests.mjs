// Bundles test files for `npm test` (scripts/run-tests.mjs), so that each test
// process loads a few JavaScript chunks instead of ~500 TypeScript modules
// through tsx's loader hooks (docs/testing.md, "Running the suite": the tests run bundled).
// What the bundle changes for the code in it: nothing a test can tell apart.
// - Every `import.meta.url` (and `import.meta.dirname`/`filename`) in code is
//   written in as the source file's own, so paths built from it (static pages,
//   the checkpoint worker, fixtures, `createRequire`) point where they did.
// - Workspace packages (`@railyard/*`) are bundled; every other package stays an
//   import from node_modules, loaded by Node as usual.
// - Shared modules land in shared chunks (`splitting`), so a module is still one
//   instance per process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * Where the bundles go: inside the repository (so that Node finds the packages
 * they import in node_modules above them), one directory per run, so that two
 * runs at once do not rebuild each other's files. Ignored by git.
 */
const CACHE_DIR = resolve('node_modules/.cache/railyard-tests');

/** Run directories of runs that are no longer alive (killed before they could clean up). */
async function removeStaleRuns() {
  const entries = await readdir(CACHE_DIR).catch(() => []);
  for (const name of entries) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      await rm(join(CACHE_DIR, name), { recursive: true, force: true });
    }
  }
}

const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    // Bare specifiers: our workspace packages and `#` subpath imports are bundled; the rest stay imports.
    build.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@railyard/') ? undefined : { path: args.path, external: true }));
    build.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const loader = /\.m?ts$/.test(args.path) ? 'ts' : 'js';
      // Handed over as read, so that esbuild does not read the file a second time.
      if (!text.includes('import.meta')) return { contents: text, loader, resolveDir: dirname(args.path) };
      // Replaced in the syntax tree (esbuild's define), never inside a string or a comment; the inline
      // source map carries the source's lines through to the bundle's.
      const { code } = await esbuild.transform(text, {
        loader,
        format: 'esm',
        target: 'node20',
        sourcemap: 'inline',
        sourcefile: args.path,
        define: {
          'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
          'import.meta.dirname': JSON.stringify(dirname(args.path)),
          'import.meta.filename': JSON.stringify(args.path),
        },
      });
      return { contents: code, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * Bundles `files` (test files, relative to the repository root): answers the
 * bundle of each, in the same order, and `remove`, which deletes them when the run is over.
 */
export async function buildTests(files) {
  await removeStaleRuns();
  const dir = join(CACHE_DIR, `run-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: files.map((file) => ({ in: file, out: file.replace(/\.ts$/, '') })),
    outdir: dir,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Failure locations and stack traces name the TypeScript sources (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [sourcePaths],
  });
  return {
    files: files.map((file) => relative('.', join(dir, file.replace(/\.ts$/, '.mjs')))),
    dir,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Builds the `railyard` command from the sources as they are now into `dir`/cli, with the build
 * `npm install` makes (packages/cli/scripts/build.mjs, decision 0209), and answers its entry's path.
 * The child processes the tests start (`railyard serve`, `admin`, `mcp start`, `events tail`) run it
 * (test support's railyardCommand) instead of loading ~500 modules through tsx each: about half the
 * CPU per child (docs/testing.md). Throws when the build fails, so no test runs a missing command.
 */
export function buildCli(dir) {
  const out = join(dir, 'cli');
  const built = spawnSync(process.execPath, [resolve('packages/cli/scripts/build.mjs'), '--out', out], { encoding: 'utf8' });
  const entry = join(out, 'main.js');
  if (built.status !== 0 || !existsSync(entry)) {
    throw new Error(`building the CLI for the tests failed (exit ${built.status}): ${built.stderr || built.stdout}`);
  }
  return entry;
}
