import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUPPORTED_VERSIONS } from '@railyard/contract';
import serverPackage from '../../package.json' with { type: 'json' };

/** The version of this server: packages/server/package.json's. */
export const SERVER_VERSION: string = serverPackage.version;


/** What the root URL says about the server: nothing secret, so no credentials are asked for. */
export interface RootDocument {
  name: 'Railyard';
  description: string;
  version: string;
  apiVersions: string[];
  /** Served when a request has no X-Moov-Version. */
  defaultApiVersion: string;
  links: { openapi: string; ping: string };
  docs: string;
  /** Where a browser finds the dashboard and the API reference (static-pages.ts). */
  dashboard: string;
  reference: string;
}

export function rootDocument(): RootDocument {
  return {
    name: 'Railyard',
    description: 'A self-hostable payments platform that speaks the Moov HTTP API.',
    version: SERVER_VERSION,
    apiVersions: [...SUPPORTED_VERSIONS],
    defaultApiVersion: SUPPORTED_VERSIONS[0],
    links: { openapi: '/openapi.json', ping: '/ping' },
    docs: "The guides are the docs/ folder of Railyard's source repository (README.md first); they are not served.",
    dashboard: '/dashboard/',
    reference: '/docs/',
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export function rootHtml(document: RootDocument = rootDocument()): string {
  const e = escapeHtml;
  const versions = document.apiVersions
    .map((version) => `<code>${e(version)}</code>${version === document.defaultApiVersion ? ' (when X-Moov-Version is absent)' : ''}`)
    .join(', ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(document.name)} ${e(document.version)}</title>
</head>
<body>
<h1>${e(document.name)}</h1>
<p>${e(document.description)}</p>
<dl>
<dt>Server version</dt><dd><code>${e(document.version)}</code></dd>
<dt>API versions (<code>X-Moov-Version</code>)</dt><dd>${versions}</dd>
</dl>
<ul>
<li><a href="${e(document.links.openapi)}">${e(document.links.openapi)}</a>: the OpenAPI 3.1 document of every operation, no credentials needed.</li>
<li><code>${e(document.links.ping)}</code>: answers 200 with an API key (HTTP Basic, <code>PUBLIC_KEY:SECRET</code>) or an OAuth2 token.</li>
<li>Guides: ${e(document.docs)}</li>
<li><a href="${e(document.dashboard)}">Dashboard</a> and <a href="${e(document.reference)}">API reference</a></li>
</ul>
</body>
</html>
`;
}

/**
 * Whether a request's Accept header asks for HTML before JSON. Browsers send
 * `text/html,…,*\/*;q=0.8`; curl and API clients send `*\/*` or JSON, and get JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (type === 'text/html') html = Math.max(html, weight);
    if (type === 'application/json') json = Math.max(json, weight);
  }
  return html > 0 && html >= json;
}

/**
 * `GET /`: a browser is sent to the dashboard; anything else (curl, an API
 * client) gets the JSON document. `?about` shows a browser the HTML page.
 */
export function registerRootPage(app: FastifyInstance): void {
  const document = rootDocument();
  const html = rootHtml(document);
  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Accept');
    if (prefersHtml(request.headers.accept)) {
      if (!('about' in (request.query as Record<string, unknown>))) return reply.redirect(document.dashboard, 302);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'DENY')
        .send(html);
    }
    return reply.type('application/json').send(document);
  });
}
