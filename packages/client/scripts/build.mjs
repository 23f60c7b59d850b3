#!/usr/bin/env node
// Builds a self-contained, publishable @railyard/client into dist/:
//   dist/client/src/**    the client (and the MCP server), compiled by tsc
//   dist/contract/src/**  the contract it is derived from, compiled alongside
//   dist/package.json     exports for ".", "./mcp"; "#contract" mapped to the compiled contract;
//                         dependencies: zod; the MCP SDK an optional peer (only ./mcp needs it)
// The sources import the contract as "#contract" (package.json "imports"): in the
// workspace that names @railyard/contract, in dist/ the copy next to it. So no
// import is rewritten and no bundler is needed. Pack with `npm pack ./dist`.
// `--out DIR` builds elsewhere (the build test uses a temporary folder).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
const dist = outFlag > 0 && process.argv[outFlag + 1] ? resolve(process.argv[outFlag + 1]) : join(root, 'dist');
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dist], {
  stdio: 'inherit',
});
for (const entry of ['client/src/index.js', 'client/src/mcp/index.js', 'contract/src/index.js']) {
  if (!existsSync(join(dist, entry))) throw new Error(`build: ${entry} was not emitted`);
}

const entry = (path) => ({ types: `./${path}.d.ts`, default: `./${path}.js` });
const { '@railyard/contract': _workspaceOnly, ...dependencies } = source.dependencies;
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  type: 'module',
  engines: { node: '>=20' },
  exports: {
    '.': entry('client/src/index'),
    './mcp': entry('client/src/mcp/index'),
    './package.json': './package.json',
  },
  imports: { '#contract': entry('contract/src/index') },
  sideEffects: false,
  dependencies,
  // The MCP SDK is needed by `@railyard/client/mcp` alone: an optional peer, so the client does not install it.
  ...(source.peerDependencies ? { peerDependencies: source.peerDependencies, peerDependenciesMeta: source.peerDependenciesMeta } : {}),
};
writeFileSync(join(dist, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
const readme = join(root, '..', '..', 'docs', 'client.md');
if (existsSync(readme)) cpSync(readme, join(dist, 'README.md'));
process.stdout.write(`built ${manifest.name}@${manifest.version} into ${dist}\n`);
