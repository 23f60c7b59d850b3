#!/usr/bin/env node
// Runs the CLI built into ../dist (npm install builds it: packages/cli/scripts/build.mjs) while
// that build matches the sources; otherwise, or with RAILYARD_FROM_SOURCE=1, the TypeScript
// sources through tsx, so a fresh clone, an edited source or a failed build still works
// (docs/decisions/0209-cli-start-up.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sourcesStamp } from '../scripts/sources-stamp.mjs';

const root = new URL('../../../', import.meta.url);
const dist = new URL('../dist/', import.meta.url);

function builtFromTheseSources() {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(new URL('build-info.json', dist), 'utf8')).stamp;
  } catch {
    return false; // never built
  }
  const current = sourcesStamp(fileURLToPath(root));
  return recorded.files === current.files && recorded.newest === current.newest;
}

if (process.env.RAILYARD_FROM_SOURCE !== '1' && builtFromTheseSources()) {
  await import(new URL('main.js', dist).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
