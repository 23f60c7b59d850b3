import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { operations, type OperationDef } from '@railyard/contract';
import { RailyardInputError } from '../src/index.ts';
import { createMcpServer, selectTools } from '../src/mcp/index.ts';
import { fakeClient, jsonResponse, scriptedFetch } from './support/fixtures.ts';

/**
 * Path parameters are checked against the operation's schema before a URL is
 * built (issue 12): `encodeURIComponent` leaves `.` and `..` alone and `fetch`
 * collapses them, so `bankAccounts.disable({ accountID: X, bankAccountID: '..' })`
 * sent `DELETE /accounts/X/`, another operation than the one allowed by `--tool`.
 */
describe('path parameters', () => {
  const accountID = randomUUID();

  it('. and .. are refused before anything is sent, whatever the field', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(204, undefined)]);
    const client = fakeClient(fetch);
    for (const dots of ['.', '..']) {
      await assert.rejects(client.bankAccounts.disable({ accountID, bankAccountID: dots }), (e: unknown) => {
        assert.ok(e instanceof RailyardInputError);
        assert.match(e.message, /bankAccounts\.disable: path parameter bankAccountID/);
        return true;
      });
      await assert.rejects(client.accounts.get({ accountID: dots }), RailyardInputError);
      await assert.rejects(client.capabilities.get({ accountID, capabilityID: dots as never }), RailyardInputError);
    }
    assert.equal(calls.length, 0);
  });

  it('values the schema refuses are refused: not a UUID, slashes, encoded dots, an unknown capability', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(200, {})]);
    const client = fakeClient(fetch);
    const bad = ['not-an-id', `${accountID}/..`, '../accounts', '%2e%2e', `${accountID}?x=1`, ' ' + accountID];
    for (const value of bad) {
      await assert.rejects(client.accounts.get({ accountID: value }), (e: unknown) => {
        assert.ok(e instanceof RailyardInputError, value);
        assert.match(e.message, /accounts\.get: path parameter accountID/);
        return true;
      });
    }
    await assert.rejects(client.capabilities.get({ accountID, capabilityID: 'everything' as never }), /path parameter capabilityID/);
    await assert.rejects(client.accounts.get({ accountID: 7 as never }), RailyardInputError);
    assert.equal(calls.length, 0);
  });

  it('valid values go through unchanged', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(204, undefined)]);
    const client = fakeClient(fetch);
    const bankAccountID = randomUUID().toUpperCase();
    await client.bankAccounts.disable({ accountID, bankAccountID });
    assert.equal(calls[0]!.url, `http://railyard.test/accounts/${accountID}/bank-accounts/${bankAccountID}`);
    assert.equal(calls[0]!.init.method, 'DELETE');
  });

  it('every path parameter of the registry is checked by a schema', () => {
    for (const op of operations as readonly OperationDef[]) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      for (const name of names) assert.ok(op.request.params?.shape[name], `${op.id}: ${name} has a schema`);
    }
  });

  it('an MCP tool limited by --tool cannot reach another operation with ..', async () => {
    const { fetch, calls } = scriptedFetch([() => jsonResponse(204, undefined)]);
    const client = fakeClient(fetch);
    const tools = selectTools(client.operations, { names: ['bank_accounts_disable'] });
    const server = createMcpServer(client, tools, 'http://railyard.test');
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'railyard-test', version: '0.0.0' });
    await mcp.connect(clientSide);
    try {
      const result = (await mcp.callTool({
        name: 'bank_accounts_disable',
        arguments: { accountID, bankAccountID: '..' },
      })) as CallToolResult;
      assert.equal(result.isError, true);
      assert.match((result.content[0] as { text: string }).text, /bankAccountID/);
      assert.equal(calls.length, 0, 'no request was sent');
    } finally {
      await mcp.close();
      await server.close();
    }
  });
});
