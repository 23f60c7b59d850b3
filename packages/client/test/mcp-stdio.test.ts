import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { randomUUID } from 'node:crypto';
import { operations, operationToolName, type OperationDef } from '@railyard/contract';
import { individualAccountBody, startTestServer, storeKinds } from './support/fixtures.ts';
import { resultText, startStdioMcp, type McpSession } from './support/mcp.ts';
import type { TestServer } from '../../server/test/support/server.ts';

const registry = operations as readonly OperationDef[];
const hasOperation = (id: string) => registry.some((op) => op.id === id);

for (const kind of await storeKinds()) {
  describe(`MCP over stdio against a real server (${kind})`, () => {
    let server: TestServer;
    let mcp: McpSession;
    let badCredentials: McpSession;
    before(async () => {
      server = await startTestServer(kind);
      const flags = ['--server-url', server.url, '--username', server.platform.publicKey];
      // Started together: each spawn costs a process start-up.
      // `--password=…`: a value may start with a dash. allSettled: if one fails to start, the other is still closed.
      const [good, bad] = await Promise.allSettled([
        startStdioMcp([...flags, `--password=${server.platform.secret}`]),
        startStdioMcp([...flags, '--password=wrong-secret']),
      ]);
      if (good.status === 'fulfilled') mcp = good.value;
      if (bad.status === 'fulfilled') badCredentials = bad.value;
      if (good.status === 'rejected') throw good.reason;
      if (bad.status === 'rejected') throw bad.reason;
    });
    after(async () => {
      await mcp?.close();
      await badCredentials?.close();
      await server?.close();
    });

    it('lists a tool for every registry operation but the opt-in token tools, with a description and an object input schema', async () => {
      const { tools } = await mcp.client.listTools();
      const expected = registry.filter((op) => op.auth !== 'client').map(operationToolName);
      assert.deepEqual(tools.map((t) => t.name).sort(), expected.sort());
      for (const tool of tools) {
        const op = registry.find((o) => operationToolName(o) === tool.name)!;
        assert.ok(tool.description?.startsWith(op.summary), tool.name);
        assert.equal(tool.inputSchema.type, 'object');
        assert.equal(tool.annotations?.readOnlyHint, op.readOnly);
      }
    });

    it('creates an account with a tool, lists it with another, and the API sees it', { skip: !hasOperation('accounts.create') }, async () => {
      const tag = randomUUID().slice(0, 8);
      const created = await mcp.callTool('accounts_create', { body: individualAccountBody(tag) });
      assert.equal(created.isError, undefined, resultText(created));
      const account = JSON.parse(resultText(created)) as { accountID: string };
      const listed = await mcp.callTool('accounts_list', { foreignID: `fid-${tag}` });
      assert.deepEqual((JSON.parse(resultText(listed)) as { accountID: string }[]).map((a) => a.accountID), [account.accountID]);
      const seen = await server.request('GET', `/accounts/${account.accountID}`);
      assert.equal(seen.status, 200);
      assert.equal(seen.json.accountID, account.accountID);
    });

    it('a 422 is a tool error with the field map, and the server keeps answering', { skip: !hasOperation('accounts.create') }, async () => {
      const result = await mcp.callTool('accounts_create', { body: { accountType: 'individual', profile: { individual: { name: { firstName: '', lastName: 'X' } } } } });
      assert.equal(result.isError, true);
      const text = resultText(result);
      assert.match(text, /422/);
      assert.match(text, /"fields"/);
      assert.match(text, /firstName/);
      const ping = await mcp.callTool('ping_ping');
      assert.equal(ping.isError, undefined);
    });

    it('bad input shapes are tool errors too', async () => {
      const result = await mcp.callTool('ping_ping', { unexpected: 1 });
      assert.equal(result.isError, true);
      assert.match(resultText(result), /unknown input field unexpected/);
      await assert.rejects(mcp.callTool('no_such_tool'), /unknown tool/);
      assert.equal((await mcp.callTool('ping_ping')).isError, undefined);
    });

    it('writes nothing but protocol to stdout, and logs to stderr', () => {
      assert.deepEqual(mcp.transportErrors, []);
      assert.match(mcp.stderr(), /serving \d+ tools on stdio/);
    });

    it('with bad credentials every call is a clear 401 tool error and the server keeps answering', async () => {
      for (let i = 0; i < 2; i++) {
        const result = await badCredentials.callTool('ping_ping');
        assert.equal(result.isError, true);
        assert.match(resultText(result), /401 Unauthorized.*credentials/s);
      }
      assert.ok((await badCredentials.client.listTools()).tools.length > 0);
    });
  });
}
