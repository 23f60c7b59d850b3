/**
 * The MCP tool server: every client method as a tool. Uses Node (stdio, http),
 * so it lives apart from the browser-safe core at `@railyard/client`.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createRailyardClient } from '../client/client.ts';
import type { ClientOptions } from '../client/options.ts';
import { createMcpServer } from './server.ts';
import { startHttpServer, type HttpOptions, type RunningHttpServer } from './http.ts';
import { selectTools, type RailyardTool, type ToolSelection } from './tools.ts';

export { createMcpServer, MCP_SERVER_NAME, MCP_SERVER_VERSION } from './server.ts';
export { isTokenTool, selectTools, toolFor, toolDescription, operationInputSchema, type RailyardTool, type ToolSelection } from './tools.ts';
export {
  startHttpServer,
  McpHttpConfigError,
  MCP_HTTP_PATH,
  MIN_MCP_SECRET_LENGTH,
  type HttpOptions,
  type RunningHttpServer,
} from './http.ts';
export { isAllowedOrigin } from './origin.ts';

export interface McpOptions {
  client: ClientOptions;
  tools?: ToolSelection;
}

function prepare(options: McpOptions): { tools: RailyardTool[]; makeServer: () => ReturnType<typeof createMcpServer> } {
  const client = createRailyardClient(options.client);
  const tools = selectTools(client.operations, options.tools);
  if (tools.length === 0) throw new Error('no tool is left to mount: check --tool and --read-only');
  return { tools, makeServer: () => createMcpServer(client, tools, options.client.serverURL) };
}

/** Serves MCP on stdin/stdout. Nothing else may write to stdout while it runs. */
export async function startStdioMcpServer(options: McpOptions): Promise<{ tools: RailyardTool[]; close(): Promise<void> }> {
  const { tools, makeServer } = prepare(options);
  const server = makeServer();
  await server.connect(new StdioServerTransport());
  return { tools, close: () => server.close() };
}

/** Serves MCP over Streamable HTTP. */
export async function startHttpMcpServer(
  options: McpOptions & { http: HttpOptions },
): Promise<RunningHttpServer & { tools: RailyardTool[] }> {
  const { tools, makeServer } = prepare(options);
  const running = await startHttpServer(makeServer, options.http);
  return { ...running, tools };
}
