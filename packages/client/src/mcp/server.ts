import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { RailyardClient } from '../client/client.ts';
import { errorResult, successResult } from './results.ts';
import type { RailyardTool } from './tools.ts';

export const MCP_SERVER_NAME = 'railyard';
export const MCP_SERVER_VERSION = '0.1.0';

/**
 * An MCP server whose tools are registry operations, called through the client.
 *
 * Why the low-level `Server` and not `McpServer.registerTool`: the tools'
 * schemas already exist as JSON Schema from the contract, and the API must stay
 * the one judge of input, so a model gets the API's own 422 field map rather
 * than a second, differently worded validation layer.
 */
export function createMcpServer(client: RailyardClient, tools: readonly RailyardTool[], serverURL: string): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: {
        title: tool.operation.summary,
        readOnlyHint: tool.readOnly,
        openWorldHint: false,
        ...(tool.readOnly ? {} : { destructiveHint: tool.operation.method === 'DELETE' }),
      },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
    try {
      const result = await client.call(tool.operation.id as never, (request.params.arguments ?? {}) as never, {
        signal: extra.signal,
      });
      return successResult(result, tool.operation.id);
    } catch (error) {
      // Every failure, however unexpected, is a tool result: the server keeps serving.
      return errorResult(error, serverURL);
    }
  });
  return server;
}
