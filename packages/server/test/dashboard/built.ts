import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The dashboard workspace (packages/dashboard) and what its build reads. */
export const DASHBOARD_ROOT = fileURLToPath(new URL('../../../dashboard/', import.meta.url));
export const DASHBOARD_DIST = join(DASHBOARD_ROOT, 'dist');
const SOURCES = ['src', 'docs-page', 'index.html', 'vite.config.mjs', 'scripts'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * The browser tests run what `npm install` built; a checkout whose sources are
 * newer than that build (an edit since) is built again first (under a second),
 * so a test never passes against stale pages.
 */
export function ensureDashboardBuilt(): void {
  const stamp = join(DASHBOARD_DIST, 'build-info.json');
  const fresh = existsSync(stamp) && existsSync(join(DASHBOARD_DIST, 'app', 'index.html')) && statSync(stamp).mtimeMs >= Math.max(...SOURCES.map((s) => newestMtime(join(DASHBOARD_ROOT, s))));
  if (!fresh) execFileSync(process.execPath, [join(DASHBOARD_ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
}
