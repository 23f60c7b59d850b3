#!/usr/bin/env node
// Builds the dashboard into packages/dashboard/dist (docs/decisions/1900-dashboard-stack-and-session.md):
//   dist/app/    the Preact app, bundled by Vite (served at /dashboard/)
//   dist/docs/   the API reference page: Swagger UI's prebuilt files from the swagger-ui-dist
//                package plus our page and its start-up script (served at /docs/)
//   dist/build-info.json   what was built and when
// `npm install` runs it (the root package's prepare script), as `npm run build` does.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(here, 'dist');
const started = performance.now();

let vite;
try {
  vite = await import('vite');
} catch {
  // An install without this workspace's dependencies: the server answers /dashboard with how to build it.
  process.stdout.write('railyard: vite is not installed; the dashboard is not built (npm install, then npm run build -w packages/dashboard)\n');
  process.exit(0);
}

// Built beside dist/ and swapped in whole, so a server (or a parallel test) never reads half a build.
const staging = `${dist}.tmp-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
await vite.build({ configFile: join(here, 'vite.config.mjs'), logLevel: 'warn', build: { outDir: join(staging, 'app'), emptyOutDir: true } });

const docs = join(staging, 'docs');
mkdirSync(docs, { recursive: true });
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE']) cpSync(join(swaggerDir, file), join(docs, file));
for (const file of ['index.html', 'init.js', 'docs.css']) cpSync(join(here, 'docs-page', file), join(docs, file));

const swaggerVersion = createRequire(import.meta.url)('swagger-ui-dist/package.json').version;
writeFileSync(join(staging, 'build-info.json'), JSON.stringify({ builtAt: new Date().toISOString(), swaggerUi: swaggerVersion }, null, 2) + '\n');
const previous = `${dist}.old-${process.pid}`;
if (existsSync(dist)) renameSync(dist, previous);
try {
  renameSync(staging, dist);
} catch (error) {
  // Another build swapped its own in meanwhile (two test files at once): theirs stands.
  if (!existsSync(dist)) throw error;
  rmSync(staging, { recursive: true, force: true });
}
rmSync(previous, { recursive: true, force: true });
process.stdout.write(`railyard: built the dashboard into ${dist} in ${Math.round(performance.now() - started)} ms\n`);
