import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

/** `/accounts/:accountID/wallets` → a pattern that matches it with any one segment for each parameter. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Every route the app serves, by path, to tell a request for a path no route
 * serves (`unknown-route`) from one that names a served path with a method it
 * does not take (`method-not-allowed`). Fed by Fastify's `onRoute` hook, so it
 * holds the registry's operations, the OpenAPI document, the root page and any
 * route a test mounts.
 */
export class RouteIndex {
  private readonly paths = new Map<string, KnownPath>();

  /** Call before any route is registered. */
  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const known = this.paths.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
      for (const method of methods) known.methods.add(method.toUpperCase());
      this.paths.set(route.url, known);
    });
  }

  /** The methods served at this path (without its query), empty when no route serves it. */
  methodsAt(path: string): string[] {
    const methods = new Set<string>();
    for (const known of this.paths.values()) {
      if (known.pattern.test(path)) for (const method of known.methods) methods.add(method);
    }
    return [...methods].sort();
  }

  /**
   * The not-found handler: an empty 404 as Moov answers, with `Railyard-Reason`
   * and, for a wrong method, `Allow` naming the methods the path takes
   * (docs/decisions/0208-diagnosable-404s.md).
   */
  answer(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?')[0]!;
    const allowed = this.methodsAt(path);
    if (allowed.length > 0) {
      return sendNotFound(reply.header('allow', allowed.join(', ')), 'method-not-allowed', `${path} takes ${allowed.join(', ')}`);
    }
    // A trailing slash names no route (0208); say so in the log when the path without it would.
    const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : undefined;
    const hint = trimmed && this.methodsAt(trimmed).length > 0 ? `no route ends with a slash: ${trimmed} is served` : undefined;
    return sendNotFound(reply, 'unknown-route', hint);
  }
}
