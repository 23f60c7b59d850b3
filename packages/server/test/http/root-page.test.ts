import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SUPPORTED_VERSIONS } from '@railyard/contract';
import { startTestServer, type TestServer } from '../support/server.ts';
import { escapeHtml, prefersHtml, rootHtml, rootDocument, SERVER_VERSION } from '../../src/http/root-page.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const PACKAGE_VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version as string;

describe('the root URL', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('sqlite');
  });
  after(async () => server.close());

  test('/ sends a browser to the dashboard; /?about shows it a small HTML page, without credentials', async () => {
    const redirect = await fetch(`${server.url}/`, { headers: { accept: BROWSER_ACCEPT }, redirect: 'manual' });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), '/dashboard/');
    assert.match(redirect.headers.get('vary') ?? '', /accept/i);
    const response = await server.request('GET', '/?about', { auth: null, headers: { accept: BROWSER_ACCEPT } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'");
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.match(response.text, /^<!doctype html>/);
    assert.match(response.text, /<h1>Railyard<\/h1>/);
    assert.ok(response.text.includes(`<code>${PACKAGE_VERSION}</code>`), 'the server version');
    for (const version of SUPPORTED_VERSIONS) assert.ok(response.text.includes(`<code>${version}</code>`), version);
    assert.ok(response.text.includes('<a href="/openapi.json">'), 'links the OpenAPI document');
    assert.ok(response.text.includes('<a href="/dashboard/">'), 'links the dashboard');
    assert.ok(response.text.includes('docs/'), 'names the docs folder');
    assert.ok(response.text.length < 4096, 'small');
  });

  test('/ answers a JSON client (or curl\'s */*) with a small JSON document', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const response = await server.request('GET', '/', { auth: null, ...(accept ? { headers: { accept } } : {}) });
      assert.equal(response.status, 200, String(accept));
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/, String(accept));
      assert.deepEqual(response.json, {
        name: 'Railyard',
        description: rootDocument().description,
        version: PACKAGE_VERSION,
        apiVersions: [...SUPPORTED_VERSIONS],
        defaultApiVersion: SUPPORTED_VERSIONS[0],
        links: { openapi: '/openapi.json', ping: '/ping' },
        docs: rootDocument().docs,
        dashboard: '/dashboard/',
        reference: '/docs/',
      });
    }
  });

  for (const [path, target] of [['/dashboard', '/dashboard/'], ['/docs', '/docs/']]) {
    test(`${path} redirects to ${target}, for a browser and for curl alike`, async () => {
      for (const accept of [BROWSER_ACCEPT, '*/*']) {
        const response = await fetch(`${server.url}${path}`, { headers: { accept }, redirect: 'manual' });
        assert.equal(response.status, 301, accept);
        assert.equal(response.headers.get('location'), target);
        assert.equal(response.headers.get('x-frame-options'), 'DENY');
      }
    });
  }

  test('the link it names answers', async () => {
    const response = await server.request('GET', (await server.request('GET', '/', { auth: null })).json.links.openapi, { auth: null });
    assert.equal(response.status, 200);
    assert.equal(response.json.openapi, '3.1.0');
  });

  test('HEAD answers the headers alone; other methods are 404 method-not-allowed', async () => {
    const head = await server.request('HEAD', '/', { auth: null });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    const post = await server.request('POST', '/', { auth: null, body: {} });
    assert.equal(post.status, 404);
    assert.equal(post.text, '');
    assert.equal(post.headers.get('railyard-reason'), 'method-not-allowed');
  });

  test('a malformed X-Moov-Version is still the 404 every route answers', async () => {
    const response = await server.request('GET', '/', { auth: null, headers: { 'x-moov-version': 'latest' } });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('railyard-reason'), 'malformed-version');
  });

  test('the version is packages/server/package.json’s', () => {
    assert.equal(SERVER_VERSION, PACKAGE_VERSION);
  });

  test('everything on the page is escaped', () => {
    assert.equal(escapeHtml(`<script>alert("x" & 'y')</script>`), '&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;');
    const html = rootHtml({
      ...rootDocument(),
      version: '<img src=x onerror=alert(1)>',
      description: '"><script>1</script>',
      apiVersions: ['<b>v</b>'],
      links: { openapi: '" onclick="x', ping: '<p>' },
    });
    assert.ok(!html.includes('<img'), html);
    assert.ok(!html.includes('<script>'), html);
    assert.ok(!html.includes('<b>'), html);
    assert.ok(!html.includes('" onclick'), html);
    assert.ok(html.includes('<code>&lt;p&gt;</code>'), html);
  });

  test('Accept negotiation: HTML only when it is preferred to JSON', () => {
    assert.equal(prefersHtml(BROWSER_ACCEPT), true);
    assert.equal(prefersHtml('text/html'), true);
    assert.equal(prefersHtml(undefined), false);
    assert.equal(prefersHtml(''), false);
    assert.equal(prefersHtml('*/*'), false);
    assert.equal(prefersHtml('application/json'), false);
    assert.equal(prefersHtml('application/json, text/html;q=0.9'), false);
    assert.equal(prefersHtml('text/html;q=0'), false);
    assert.equal(prefersHtml('text/html;q=junk'), false);
  });
});
