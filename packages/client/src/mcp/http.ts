import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isAllowedOrigin, isLoopbackAddress, isLoopbackHost, normalizeOrigin } from './origin.ts';

export const MCP_HTTP_PATH = '/mcp';
/** Largest JSON-RPC request body accepted; tool inputs are small. */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;
/** Shortest bearer secret accepted when one is given; a generated one has 256 bits. */
export const MIN_MCP_SECRET_LENGTH = 16;

export interface HttpOptions {
  port: number;
  /** Defaults to 127.0.0.1: the tools act with the server's credentials, so only this machine may call them. */
  host?: string;
  /** Origins allowed besides absent and localhost ones, e.g. `https://app.example.com`. */
  allowedOrigins?: readonly string[];
  /**
   * The bearer secret every request to `/mcp` must carry (`Authorization: Bearer <secret>`),
   * at least 16 characters. Absent: one is generated and answered in `RunningHttpServer.secret`;
   * a non-loopback `host` then refuses to start, as nobody chose who may call.
   */
  secret?: string;
  log?: (line: string) => void;
}

export interface RunningHttpServer {
  url: string;
  /** The bearer secret clients must send: the one given, or the one generated. */
  secret: string;
  /** Whether `secret` was generated here (the caller must show it to whoever configures the client). */
  secretGenerated: boolean;
  close(): Promise<void>;
}

export class McpHttpConfigError extends Error {
  override name = 'McpHttpConfigError';
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `Authorization` carries the secret as a Bearer token. The digests are
 * compared, in constant time, so neither the content nor the length of the
 * secret leaks through response timing.
 */
function holdsBearerSecret(authorization: string | undefined, secretDigest: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  const given = digest(match?.[1] ?? '');
  // Always compare, so an absent header costs the same as a wrong one.
  return timingSafeEqual(given, secretDigest) && match !== null;
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MCP_BODY_BYTES) return { ok: false, status: 413, message: `request body larger than ${MAX_MCP_BODY_BYTES} bytes` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'request body is not JSON' };
  }
}

/**
 * Serves MCP over Streamable HTTP at `/mcp`, statelessly: each POST gets a fresh
 * server and transport, so there is no session table to bound or leak and any
 * number of clients can call at once.
 */
export async function startHttpServer(makeServer: () => Server, options: HttpOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const allowed = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
  const checkHost = isLoopbackAddress(host);
  const log = options.log ?? (() => {});
  if (options.secret !== undefined && options.secret.length < MIN_MCP_SECRET_LENGTH) {
    throw new McpHttpConfigError(`the MCP bearer secret must be at least ${MIN_MCP_SECRET_LENGTH} characters`);
  }
  if (options.secret !== undefined && !/^[\x21-\x7e]+$/.test(options.secret)) {
    throw new McpHttpConfigError('the MCP bearer secret must be printable ASCII without spaces');
  }
  if (!checkHost && options.secret === undefined) {
    throw new McpHttpConfigError(
      `refusing to serve MCP on the non-loopback address ${host} with a generated secret: choose the secret yourself ` +
        '(RAILYARD_MCP_SECRET) so that only the clients you give it to can call the tools',
    );
  }
  if (!checkHost) {
    log(
      `warning: serving on the non-loopback address ${host}: anyone who can reach it and holds the secret acts with ` +
        'these credentials, over plain HTTP; put TLS in front of it or bind to 127.0.0.1',
    );
  }
  const secretGenerated = options.secret === undefined;
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const secretDigest = digest(secret);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_HTTP_PATH) return sendJsonRpcError(res, 404, `MCP is served at ${MCP_HTTP_PATH}`);
    const origin = req.headers.origin;
    if (!isAllowedOrigin(origin, allowed)) {
      log(`refused a request from origin ${origin ?? '?'}`);
      return sendJsonRpcError(res, 403, 'origin not allowed');
    }
    if (checkHost && !isLoopbackHost(req.headers.host)) return sendJsonRpcError(res, 403, 'host not allowed');
    if (!holdsBearerSecret(req.headers.authorization, secretDigest)) {
      res.setHeader('www-authenticate', 'Bearer realm="railyard-mcp"');
      return sendJsonRpcError(res, 401, 'send the MCP secret as Authorization: Bearer <secret>');
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return sendJsonRpcError(res, 405, 'this stateless server takes POST only');
    }
    const body = await readJson(req);
    if (!body.ok) return sendJsonRpcError(res, body.status, body.message);

    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body.value);
  };

  const httpServer: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`MCP HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${MCP_HTTP_PATH}`,
    secret,
    secretGenerated,
    close: () =>
      new Promise((resolve, reject) => {
        httpServer.closeAllConnections();
        httpServer.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
