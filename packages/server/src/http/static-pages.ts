import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from './root-page.ts';

/*
 * The pages a person opens in a browser: the dashboard at /dashboard/ and the
 * API reference at /docs/, both built into packages/dashboard/dist by
 * `npm install` (docs/decisions/1900-dashboard-stack-and-session.md). Every
 * file comes from that folder: no CDN, nothing fetched at run time.
 */

export const DASHBOARD_PATH = '/dashboard/';
export const REFERENCE_PATH = '/docs/';

/**
 * Headers every page and asset carries. The pages load scripts and styles only
 * from this origin and never inline, so the CSP can forbid inline code; no
 * page may be framed (clickjacking); the Referer stays on this origin (the
 * dashboard's `GET /tos-token` needs it, other sites never see a path).
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
    "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Swagger UI sets `style` attributes in the markup it renders (syntax
 * highlighting, model trees), which `style-src 'self'` would strip; the
 * reference page alone allows inline styles. Scripts stay `'self'` only.
 */
const REFERENCE_CSP = PAGE_SECURITY_HEADERS['content-security-policy']!.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/** Where the built pages are: packages/dashboard/dist, found through node_modules (the CLI bundle lives elsewhere). */
export function defaultDashboardDist(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@railyard/dashboard/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

function setPageHeaders(reply: FastifyReply, csp?: string): FastifyReply {
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) reply.header(name, value);
  if (csp) reply.header('content-security-policy', csp);
  return reply;
}

function notBuiltPage(what: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Railyard: ${escapeHtml(what)} not built</title></head>
<body>
<h1>The ${escapeHtml(what)} is not built</h1>
<p>Run <code>npm install</code> (it builds the dashboard) or <code>npm run build -w packages/dashboard</code> in Railyard's folder, then reload this page.</p>
<p>The API itself works: its OpenAPI document is at <a href="/openapi.json">/openapi.json</a>.</p>
</body>
</html>
`;
}

/** Serves dist/app at /dashboard/ and dist/docs at /docs/, or a page saying how to build them. */
export async function registerStaticPages(app: FastifyInstance, dist: string | undefined = defaultDashboardDist()): Promise<void> {
  // Without the trailing slash the pages' relative URLs would resolve against `/`.
  app.get('/dashboard', async (_request, reply) => setPageHeaders(reply).redirect(DASHBOARD_PATH, 301));
  app.get('/docs', async (_request, reply) => setPageHeaders(reply).redirect(REFERENCE_PATH, 301));

  const sites = [
    { prefix: DASHBOARD_PATH, folder: dist ? join(dist, 'app') : undefined, what: 'dashboard', csp: undefined },
    { prefix: REFERENCE_PATH, folder: dist ? join(dist, 'docs') : undefined, what: 'API reference', csp: REFERENCE_CSP },
  ];
  let decorated = false;
  for (const site of sites) {
    if (!site.folder || !existsSync(join(site.folder, 'index.html'))) {
      app.get(site.prefix, async (_request, reply) => setPageHeaders(reply).code(503).type('text/html; charset=utf-8').send(notBuiltPage(site.what)));
      continue;
    }
    await app.register(fastifyStatic, {
      root: site.folder,
      prefix: site.prefix,
      decorateReply: !decorated,
      redirect: false,
      // Our own Cache-Control (setHeaders below), not the plugin's max-age=0 for everything.
      cacheControl: false,
      index: ['index.html'],
      // Source maps are built for local debugging; they are not served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, path) => {
        for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
        if (site.csp) res.setHeader('content-security-policy', site.csp);
        // Vite names assets by content hash, so they never change; the pages themselves are always revalidated.
        res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    decorated = true;
  }
}
