import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { startTestServer, storeKinds } from './support/fixtures.ts';
import { resultText, startStdioMcp, type McpSession } from './support/mcp.ts';
import type { TestServer } from '../../server/test/support/server.ts';

/*
 * A multipart operation through MCP: the model sends the file as
 * {fileName, contentType, contentBase64} (the tool's input schema says so) and
 * the client turns it into a file part (issue 17).
 */
const [kind] = await storeKinds();
describe(`MCP files_upload over stdio (${kind})`, () => {
  let server: TestServer;
  let mcp: McpSession;
  before(async () => {
    server = await startTestServer(kind!);
    mcp = await startStdioMcp(['--server-url', server.url, '--username', server.platform.publicKey, `--password=${server.platform.secret}`]);
  });
  after(async () => {
    await mcp?.close();
    await server?.close();
  });

  it('describes the file part as base64 JSON and uploads it', async () => {
    const tools = await mcp.client.listTools();
    const upload = tools.tools.find((tool) => tool.name === 'files_upload');
    const file = (upload?.inputSchema as any)?.properties?.body?.properties?.file;
    assert.deepEqual(Object.keys(file?.properties ?? {}).sort(), ['contentBase64', 'contentType', 'fileName']);

    const account = await server.request('POST', '/accounts', {
      headers: { 'x-moov-version': 'v2026.01.00' },
      body: { accountType: 'business', profile: { business: { legalBusinessName: 'Tooling LLC' } } },
    });
    const csv = 'month,volume\n2026-09,4200\n';
    const result = await mcp.callTool('files_upload', {
      accountID: account.json.accountID,
      body: { file: { fileName: 'volumes.csv', contentType: 'text/csv', contentBase64: Buffer.from(csv).toString('base64') }, filePurpose: 'merchant_underwriting' },
    });
    assert.equal(result.isError, undefined, resultText(result));
    const details = JSON.parse(resultText(result)) as { fileName: string; fileSizeBytes: number; fileStatus: string };
    assert.deepEqual([details.fileName, details.fileSizeBytes, details.fileStatus], ['volumes.csv', csv.length, 'approved']);

    const refused = await mcp.callTool('files_upload', {
      accountID: account.json.accountID,
      body: { file: { fileName: 'a.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('not a pdf').toString('base64') }, filePurpose: 'merchant_underwriting' },
    });
    assert.equal(refused.isError, true);
    assert.match(resultText(refused), /not a valid application\/pdf file/);
  });
});
