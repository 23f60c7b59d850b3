#!/usr/bin/env node
// Builds the `railyard` command into packages/cli/dist with esbuild, so it starts without
// transpiling TypeScript (docs/decisions/0209-cli-start-up.md). `npm install` and `npm ci` run it
// (the root package's prepare script); `npm run build` runs it by hand.
//   dist/main.js                 the entry, with each command in a chunk of its own (splitting),
//                                so `--help` loads ~2 KB and `admin verify-ledger` no HTTP server
//   dist/checkpoint-worker.mjs   the SQLite checkpoint worker, loaded by URL beside its chunk
//   dist/build-info.json         the stamp of the sources it was built from (sources-stamp.mjs)
// The workspace packages (@railyard/*, #contract) are bundled from their TypeScript sources;
// every other package stays an import resolved from node_modules at run time.
// `--out DIR` builds elsewhere (the build test uses a temporary folder inside the repository, so
// the bundle still finds node_modules).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesStamp } from './sources-stamp.mjs';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(cli, '..', '..');
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 && process.argv[outFlag + 1] ? resolve(process.argv[outFlag + 1]) : join(cli, 'dist');

/** Files the bundle loads by URL (`new URL('./x', import.meta.url)`), copied beside it. */
const ASSETS = [join(root, 'packages/server/src/store/sqlite/checkpoint-worker.mjs')];

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  // Without esbuild (an install that left out dev dependencies) the bin runs the sources through tsx.
  process.stdout.write('railyard: esbuild is not installed; the CLI will run its TypeScript sources through tsx\n');
  process.exit(0);
}

/** Bundles the workspace's own sources; leaves every third-party package to node_modules. */
const workspaceOnly = {
  name: 'workspace-only',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, (args) => (args.path.startsWith('@railyard/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
const stamp = sourcesStamp(root); // before bundling: a source edited during the build makes it stale
const staging = `${out}.tmp-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
try {
  await esbuild.build({
    entryPoints: { main: join(cli, 'src/main.ts') },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Class names survive bundling, so errors and logs name the same classes as from the sources.
    keepNames: true,
    sourcemap: 'linked',
    chunkNames: '[name]-[hash]',
    plugins: [workspaceOnly],
    logLevel: 'warning',
  });
  for (const asset of ASSETS) cpSync(asset, join(staging, asset.split('/').pop()));
  // Every file the bundle loads by URL must be there: a new worker needs a line in ASSETS.
  for (const file of readdirSync(staging).filter((name) => name.endsWith('.js'))) {
    for (const [, name] of readFileSync(join(staging, file), 'utf8').matchAll(/new URL\(["']\.\/([^"']+)["'],\s*import\.meta\.url\)/g)) {
      if (!existsSync(join(staging, name))) throw new Error(`${file} loads ./${name}, which the build does not copy (add it to ASSETS)`);
    }
  }
  writeFileSync(join(staging, 'build-info.json'), JSON.stringify({ stamp, builtAt: new Date().toISOString() }, null, 2) + '\n');
  rmSync(out, { recursive: true, force: true });
  renameSync(staging, out);
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  throw error;
}
process.stdout.write(`railyard: built the CLI into ${out} in ${Math.round(performance.now() - started)} ms\n`);
