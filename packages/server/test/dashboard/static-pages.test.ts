import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serverPerSuite } from '../support/server.ts';
import { buildApp } from '../../src/http/app.ts';
import { PAGE_SECURITY_HEADERS } from '../../src/http/static-pages.ts';
import { DASHBOARD_DIST, ensureDashboardBuilt } from './built.ts';

/** The dashboard and API reference files as the server sends them: headers, caching, what is not served. */
/** Status of a GET, its body read so the connection is free when the server closes. */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe('the dashboard and API reference pages', () => {
  before(() => ensureDashboardBuilt());
  const s = serverPerSuite('sqlite');

  it('serves the dashboard page with the security headers and no caching of the page itself', async () => {
    const response = await fetch(`${s.url}/dashboard/`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) assert.equal(response.headers.get(name), value, name);
    const csp = response.headers.get('content-security-policy')!;
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const html = await response.text();
    assert.ok(!/<script(?![^>]*\bsrc=)[^>]*>/.test(html), 'no inline script');
    assert.ok(!/https?:\/\//.test(html), 'nothing from another origin');
  });

  it('serves the hashed assets for a year, and never the source maps', async () => {
    const assets = readdirSync(join(DASHBOARD_DIST, 'app', 'assets'));
    const script = assets.find((name) => name.endsWith('.js'))!;
    const response = await fetch(`${s.url}/dashboard/assets/${script}`);
    await response.arrayBuffer();
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /javascript/);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const map = assets.find((name) => name.endsWith('.map'));
    if (map) assert.equal(await statusOf(`${s.url}/dashboard/assets/${map}`), 404);
    assert.equal(await statusOf(`${s.url}/dashboard/assets/none.js`), 404);
    assert.equal(await statusOf(`${s.url}/dashboard/../package.json`), 404);
  });

  it('serves the API reference from the package, scripts from this origin only', async () => {
    const response = await fetch(`${s.url}/docs/`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /swagger-ui-bundle\.js/);
    assert.ok(!/https?:\/\//.test(html), 'no CDN');
    const csp = response.headers.get('content-security-policy')!;
    assert.match(csp, /script-src 'self';/);
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(await statusOf(`${s.url}/docs/swagger-ui-bundle.js`), 200);
    assert.equal(await statusOf(`${s.url}/docs/init.js`), 200);
  });

  it('answers 503 with how to build when the pages are not built; the API still answers', async () => {
    const app = await buildApp({ services: s.services, rateLimit: { kind: 'off' }, logLevel: 'silent', dashboardDist: join(DASHBOARD_DIST, 'missing') });
    try {
      for (const path of ['/dashboard/', '/docs/']) {
        const response = await app.inject({ method: 'GET', url: path });
        assert.equal(response.statusCode, 503, path);
        assert.match(response.body, /npm install/);
        assert.equal(response.headers['x-frame-options'], 'DENY');
      }
      assert.equal((await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
