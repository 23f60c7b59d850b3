import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it, before, after } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { operations, operationToolName, type OperationDef } from '@railyard/contract';
import { startTestServer } from './support/fixtures.ts';
import { resultText, runCli, startHttpMcp, startStdioMcp, type McpSession } from './support/mcp.ts';
import type { TestServer } from '../../server/test/support/server.ts';

const registry = operations as readonly OperationDef[];

/** A loopback port nothing listens on: bound, then released. */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// These flags shape the tool list or the transport; they touch no store, so they run once (on SQLite).
describe('MCP start-up options', () => {
  let server: TestServer;
  let readOnly: McpSession;
  let named: McpSession;
  let bearer: McpSession;
  before(async () => {
    server = await startTestServer('sqlite');
    const token = await server.request('POST', '/oauth2/token', { body: { grant_type: 'client_credentials', scope: '/ping.read' } });
    assert.equal(token.status, 200);
    // Started together: each spawn costs a process start-up.
    [readOnly, named, bearer] = await Promise.all([
      startStdioMcp([
        '--server-url', `http://127.0.0.1:${await deadPort()}`,
        '--username', 'pk', '--password', 'sk', '--read-only', '--timeout-ms', '2000',
      ]),
      startStdioMcp(['--tool', 'ping_ping', '--tool', 'accounts_list'], {
        RAILYARD_SERVER_URL: server.url,
        RAILYARD_USERNAME: server.platform.publicKey,
        RAILYARD_PASSWORD: server.platform.secret,
      }),
      startStdioMcp(['--server-url', server.url], { RAILYARD_ACCESS_TOKEN: token.json.access_token }),
    ]);
  });
  after(async () => {
    await Promise.all([readOnly?.close(), named?.close(), bearer?.close()]);
    await server?.close();
  });

  it('--read-only mounts only read-only tools; an unreachable server is a tool error and the server keeps answering', async () => {
    const mcp = readOnly;
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), registry.filter((op) => op.readOnly).map(operationToolName).sort());
    for (let i = 0; i < 2; i++) {
      const result = await mcp.callTool('ping_ping');
      assert.equal(result.isError, true);
      assert.match(resultText(result), /unreachable/);
    }
    assert.deepEqual(mcp.transportErrors, []);
  });

  it('--tool mounts only the named tools; credentials may come from the environment', async () => {
    const mcp = named;
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['accounts_list', 'ping_ping']);
    assert.equal((await mcp.callTool('ping_ping')).isError, undefined);
    await assert.rejects(mcp.callTool('accounts_create', { body: {} }), /unknown tool/);
  });

  it('an access token from the environment is sent as Bearer', async () => {
    const mcp = bearer;
    assert.equal((await mcp.callTool('ping_ping')).isError, undefined);
    const forbidden = await mcp.callTool('accounts_list');
    assert.equal(forbidden.isError, true);
    assert.match(resultText(forbidden), /403/);
  });

  it('refuses to start with an unknown tool, without credentials, or with both kinds of credentials', async () => {
    const [unknown, missing, both, noUrl] = await Promise.all([
      runCli(['mcp', 'start', '--server-url', server.url, '--access-token', 't', '--tool', 'nope']),
      runCli(['mcp', 'start', '--server-url', server.url]),
      runCli(['mcp', 'start', '--server-url', server.url, '--access-token', 't', '--username', 'u', '--password', 'p']),
      runCli(['mcp', 'start', '--access-token', 't']),
    ]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown tool nope; known tools: /);
    assert.equal(unknown.stdout, '');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /credentials are required/);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /not both/);
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /--server-url/);
  });

  describe('Streamable HTTP transport', () => {
    let http: { url: string; secret: string; stderr(): string; stop(): Promise<void> };
    before(async () => {
      http = await startHttpMcp(
        ['--server-url', server.url, `--username=${server.platform.publicKey}`, '--allowed-origin', 'https://app.example.com'],
        { RAILYARD_PASSWORD: server.platform.secret },
      );
    });
    after(() => http?.stop());

    it('binds to loopback and answers tools/list and tools/call through the SDK client', async () => {
      assert.match(http.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: 'railyard-test', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${http.secret}` } } }));
      try {
        const { tools } = await client.listTools();
        // The token tools are opt-in: absent unless named or --allow-token-tools.
        assert.deepEqual(tools.map((t) => t.name).sort(), registry.filter((op) => op.auth !== 'client').map(operationToolName).sort());
        const ping = await client.callTool({ name: 'ping_ping', arguments: {} });
        assert.equal(ping.isError, undefined);
      } finally {
        await client.close();
      }
    });

    it('prints a generated bearer secret once and answers 401 without it or with a wrong one', async () => {
      assert.match(http.secret, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(http.stderr().split(http.secret).length - 1, 1, 'the secret is printed exactly once');
      for (const authorization of [null, 'Bearer not-the-secret', `Basic ${http.secret}`]) {
        const response = await initialize(undefined, authorization);
        assert.equal(response.status, 401, String(authorization));
      }
      assert.equal((await initialize()).status, 200);
    });

    /** `authorization` null sends none. */
    const initialize = (origin?: string, authorization: string | null = `Bearer ${http.secret}`) =>
      fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(origin ? { origin } : {}),
          ...(authorization !== null ? { authorization } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '0' } },
        }),
      });

    it('refuses a foreign Origin, allows localhost and --allowed-origin ones', async () => {
      const foreign = await initialize('https://evil.example');
      assert.equal(foreign.status, 403);
      assert.match(await foreign.text(), /origin not allowed/);
      assert.equal((await initialize('http://localhost:5173')).status, 200);
      assert.equal((await initialize('https://app.example.com')).status, 200);
      assert.equal((await initialize('https://app.example.com.evil.example')).status, 403);
    });

    it('refuses other paths, other methods and bodies that are not JSON', async () => {
      const authorization = `Bearer ${http.secret}`;
      assert.equal((await fetch(http.url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status, 404);
      assert.equal((await fetch(http.url, { method: 'GET', headers: { authorization } })).status, 405);
      assert.equal((await fetch(http.url, { method: 'POST', body: 'not json', headers: { 'content-type': 'application/json', authorization } })).status, 400);
    });
  });
});
