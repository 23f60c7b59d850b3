import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { operations, operationToolName, type OperationDef } from '@railyard/contract';
import { McpHttpConfigError, selectTools, startHttpMcpServer, type RunningHttpServer } from '../src/mcp/index.ts';
import type { RailyardTool } from '../src/mcp/index.ts';
import { jsonResponse, scriptedFetch } from './support/fixtures.ts';

const registry = operations as readonly OperationDef[];
const TOKEN_TOOLS = ['authentication_create_access_token', 'authentication_revoke_access_token'];
const client = (fetch = scriptedFetch([() => jsonResponse(200, undefined)]).fetch) => ({
  serverURL: 'http://railyard.test',
  username: 'pk',
  password: 'sk',
  fetch,
  retries: { maxAttempts: 1 },
});

/** POST initialize to the endpoint, with the given Authorization header (or none). */
function initialize(url: string, authorization?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization !== undefined ? { authorization } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }),
  });
}

async function listToolNames(url: string, secret: string): Promise<string[]> {
  const mcp = new Client({ name: 'railyard-test', version: '0.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  try {
    return (await mcp.listTools()).tools.map((tool) => tool.name);
  } finally {
    await mcp.close();
  }
}

describe('MCP over HTTP: the bearer secret (issue 12)', () => {
  let generated: RunningHttpServer & { tools: RailyardTool[] };
  const logs: string[] = [];
  before(async () => {
    generated = await startHttpMcpServer({ client: client(), http: { port: 0, log: (line) => logs.push(line) } });
  });
  after(() => generated?.close());

  it('generates a 256-bit secret when none is given', () => {
    assert.equal(generated.secretGenerated, true);
    assert.match(generated.secret, /^[A-Za-z0-9_-]{43}$/);
  });

  it('no bearer, a wrong one or another scheme: 401 before the body is read; the right one: 200', async () => {
    for (const authorization of [undefined, '', 'Bearer', 'Bearer wrong-secret-of-some-length', `Bearer ${generated.secret}x`, `Basic ${generated.secret}`, generated.secret]) {
      const response = await initialize(generated.url, authorization);
      assert.equal(response.status, 401, String(authorization));
      assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/);
      assert.match(await response.text(), /Authorization: Bearer/);
    }
    assert.equal((await initialize(generated.url, `Bearer ${generated.secret}`)).status, 200);
    assert.equal((await initialize(generated.url, `bearer ${generated.secret}`)).status, 200);
  });

  it('an SDK client that sends the secret lists the tools; one without it cannot connect', async () => {
    const names = await listToolNames(generated.url, generated.secret);
    assert.ok(names.includes('ping_ping'));
    const mcp = new Client({ name: 'railyard-test', version: '0.0.0' });
    await assert.rejects(mcp.connect(new StreamableHTTPClientTransport(new URL(generated.url))), /401|Unauthorized|Bearer/);
  });

  it('a given secret is used as is; a short one is refused', async () => {
    const secret = 'a-chosen-secret-0123456789';
    const given = await startHttpMcpServer({ client: client(), http: { port: 0, secret } });
    try {
      assert.equal(given.secret, secret);
      assert.equal(given.secretGenerated, false);
      assert.equal((await initialize(given.url, `Bearer ${secret}`)).status, 200);
      assert.equal((await initialize(given.url)).status, 401);
    } finally {
      await given.close();
    }
    await assert.rejects(startHttpMcpServer({ client: client(), http: { port: 0, secret: 'short' } }), McpHttpConfigError);
    await assert.rejects(startHttpMcpServer({ client: client(), http: { port: 0, secret: 'has a space in it, 16+' } }), McpHttpConfigError);
  });

  it('refuses a non-loopback host unless the secret was given, and warns when it was', async () => {
    await assert.rejects(
      startHttpMcpServer({ client: client(), http: { port: 0, host: '0.0.0.0' } }),
      (error: unknown) => error instanceof McpHttpConfigError && /non-loopback/.test(error.message),
    );
    const warnings: string[] = [];
    const open = await startHttpMcpServer({
      client: client(),
      http: { port: 0, host: '0.0.0.0', secret: 'a-chosen-secret-0123456789', log: (line) => warnings.push(line) },
    });
    try {
      assert.match(warnings.join('\n'), /warning: serving on the non-loopback address 0\.0\.0\.0/);
      const port = new URL(open.url).port;
      assert.equal((await initialize(`http://127.0.0.1:${port}/mcp`)).status, 401);
      assert.equal((await initialize(`http://127.0.0.1:${port}/mcp`, 'Bearer a-chosen-secret-0123456789')).status, 200);
    } finally {
      await open.close();
    }
  });
});

describe('MCP token tools are opt-in (issue 12)', () => {
  it('absent by default, over stdio and HTTP alike (selectTools)', () => {
    const names = selectTools(registry).map((tool) => tool.name);
    for (const name of TOKEN_TOOLS) assert.ok(!names.includes(name), name);
    assert.deepEqual(names.sort(), registry.map(operationToolName).filter((name) => !TOKEN_TOOLS.includes(name)).sort());
  });

  it('present when named or with tokenTools', () => {
    assert.deepEqual(selectTools(registry, { names: ['authentication_create_access_token'] }).map((t) => t.name), ['authentication_create_access_token']);
    const all = selectTools(registry, { tokenTools: true }).map((tool) => tool.name);
    assert.deepEqual(all.sort(), registry.map(operationToolName).sort());
    // A name list still limits: tokenTools adds nothing that was not named.
    assert.deepEqual(selectTools(registry, { names: ['ping_ping'], tokenTools: true }).map((t) => t.name), ['ping_ping']);
  });

  it('an HTTP server lists them only when asked', async () => {
    const plain = await startHttpMcpServer({ client: client(), http: { port: 0 } });
    const withTokens = await startHttpMcpServer({ client: client(), tools: { tokenTools: true }, http: { port: 0 } });
    try {
      const plainNames = await listToolNames(plain.url, plain.secret);
      for (const name of TOKEN_TOOLS) assert.ok(!plainNames.includes(name), name);
      const tokenNames = await listToolNames(withTokens.url, withTokens.secret);
      for (const name of TOKEN_TOOLS) assert.ok(tokenNames.includes(name), name);
    } finally {
      await Promise.all([plain.close(), withTokens.close()]);
    }
  });
});
