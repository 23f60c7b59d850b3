import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { operations, operationToolName, type OperationDef } from '@railyard/contract';
import { isAllowedOrigin, selectTools, toolFor } from '../src/mcp/index.ts';
import { errorResult } from '../src/mcp/results.ts';
import { RailyardApiError, RailyardNetworkError } from '../src/index.ts';

const registry = operations as readonly OperationDef[];

describe('MCP tools from the registry', () => {
  it('one tool per operation, snake_case, described for a model', () => {
    // The token tools are opt-in (mcp-http-auth.test.ts); with them, every operation has its tool.
    const tools = selectTools(registry, { tokenTools: true });
    assert.deepEqual(tools.map((t) => t.name), registry.map(operationToolName));
    assert.equal(new Set(tools.map((t) => t.name)).size, tools.length, 'tool names are unique');
    for (const tool of tools) {
      const op = tool.operation;
      assert.match(tool.name, /^[a-z][a-z0-9_]*$/);
      assert.ok(tool.description.includes(op.summary) && tool.description.includes(op.description), tool.name);
      for (const scope of op.scopes) assert.ok(tool.description.includes(scope), `${tool.name} names scope ${scope}`);
      assert.equal(tool.inputSchema.type, 'object');
      const properties = Object.keys((tool.inputSchema['properties'] ?? {}) as object);
      for (const name of Object.keys(op.request.params?.shape ?? {})) assert.ok(properties.includes(name), `${tool.name}.${name}`);
      if (op.request.body) assert.ok(properties.includes('body'), `${tool.name}.body`);
      for (const header of op.request.headers ?? []) assert.ok(properties.includes(header.field), `${tool.name}.${header.field}`);
    }
  });

  it('required inputs are required in the schema', () => {
    const create = registry.find((op) => op.id === 'accounts.create');
    if (create) assert.deepEqual(toolFor(create).inputSchema['required'], ['body']);
    const get = registry.find((op) => op.id === 'accounts.get');
    if (get) assert.deepEqual(toolFor(get).inputSchema['required'], ['accountID']);
  });

  it('selection: read-only, by name, and unknown names refused', () => {
    assert.ok(selectTools(registry, { readOnly: true }).every((t) => t.readOnly));
    assert.deepEqual(selectTools(registry, { names: ['ping_ping'] }).map((t) => t.name), ['ping_ping']);
    assert.throws(() => selectTools(registry, { names: ['ping_ping', 'nope'] }), /unknown tool nope/);
    const writes = registry.filter((op) => !op.readOnly).map(operationToolName);
    if (writes[0]) assert.deepEqual(selectTools(registry, { names: [writes[0]], readOnly: true }), []);
  });

  it('errors become tool results that say what to do', () => {
    const unprocessable = errorResult(
      new RailyardApiError({ operationId: 'accounts.create', status: 422, requestID: 'r1', body: { profile: { name: 'cannot be blank' } } }),
      'http://x',
    );
    assert.equal(unprocessable.isError, true);
    const text = (unprocessable.content[0] as { text: string }).text;
    assert.match(text, /422/);
    assert.match(text, /profile\.name: cannot be blank/);
    assert.match(text, /"requestID": "r1"/);
    const down = errorResult(new RailyardNetworkError('ping.ping', 'http://x/ping', 'could not reach the server: ECONNREFUSED'), 'http://x');
    assert.match((down.content[0] as { text: string }).text, /unreachable/);
    assert.equal(errorResult(new Error('boom'), 'http://x').isError, true);
  });

  it('origins: absent and loopback allowed, configured ones exactly, others refused', () => {
    const allowed = new Set(['https://app.example.com']);
    assert.equal(isAllowedOrigin(undefined, allowed), true);
    assert.equal(isAllowedOrigin('http://localhost:3000', allowed), true);
    assert.equal(isAllowedOrigin('http://127.0.0.1', allowed), true);
    assert.equal(isAllowedOrigin('http://[::1]:8080', allowed), true);
    assert.equal(isAllowedOrigin('https://app.example.com', allowed), true);
    assert.equal(isAllowedOrigin('https://app.example.com:8443', allowed), false);
    assert.equal(isAllowedOrigin('http://localhost.evil.example', allowed), false);
    assert.equal(isAllowedOrigin('null', allowed), false);
    assert.equal(isAllowedOrigin('file://', allowed), false);
  });
});

describe('the client core is browser-safe', () => {
  it('imports no Node built-ins and uses no Node globals', () => {
    const dir = fileURLToPath(new URL('../src/client/', import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length > 3);
    for (const file of [...files.map((f) => join(dir, f)), fileURLToPath(new URL('../src/index.ts', import.meta.url))]) {
      const source = readFileSync(file, 'utf8');
      assert.doesNotMatch(source, /from ['"]node:|from ['"](fs|path|http|https|crypto|buffer|stream|os|url)['"]/, file);
      assert.doesNotMatch(source, /\b(Buffer|process|require)\s*[.(]/, file);
      assert.doesNotMatch(source, /from ['"]\.\.\/mcp|@modelcontextprotocol/, file);
    }
  });
});
