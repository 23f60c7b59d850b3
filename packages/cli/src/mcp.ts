import { NEWEST_VERSION, SUPPORTED_VERSIONS, type ApiVersion, type ClientOptions } from '@railyard/client';
import { startHttpMcpServer, startStdioMcpServer } from '@railyard/client/mcp';
import { parseFlags, UsageError } from './args.ts';

const log = (line: string) => process.stderr.write(`railyard mcp: ${line}\n`);

type Credentials = { username: string; password: string } | { accessToken: string };

/** Flags first; the environment only when no credential flag is given, so the two never mix. */
function credentialsFrom(values: { username?: string; password?: string; 'access-token'?: string }): Credentials {
  const fromFlags = values.username !== undefined || values.password !== undefined || values['access-token'] !== undefined;
  const source = fromFlags
    ? { username: values.username, password: values.password, accessToken: values['access-token'] }
    : {
        username: process.env['RAILYARD_USERNAME'],
        password: process.env['RAILYARD_PASSWORD'],
        accessToken: process.env['RAILYARD_ACCESS_TOKEN'],
      };
  const where = fromFlags ? '--username/--password or --access-token' : 'RAILYARD_USERNAME/RAILYARD_PASSWORD or RAILYARD_ACCESS_TOKEN';
  const hasKey = Boolean(source.username) || source.password !== undefined;
  if (hasKey && source.accessToken) throw new UsageError(`give ${where}, not both`);
  if (source.accessToken) return { accessToken: source.accessToken };
  if (source.username && source.password !== undefined) return { username: source.username, password: source.password };
  if (hasKey) throw new UsageError('an API key needs both a username (public key) and a password (secret)');
  throw new UsageError('credentials are required: --username U --password P, or --access-token T (or the RAILYARD_* variables)');
}

function portOf(text: string | undefined): number {
  const port = Number(text ?? 3333);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0 to 65535, not ${text}`);
  return port;
}

function apiVersionOf(text: string | undefined): ApiVersion {
  if (text === undefined) return NEWEST_VERSION;
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(text)) {
    throw new UsageError(`--api-version must be one of ${SUPPORTED_VERSIONS.join(', ')}`);
  }
  return text as ApiVersion;
}

/** `railyard mcp start …`: every client method as an MCP tool, over stdio or Streamable HTTP. */
export async function mcp(argv: string[]): Promise<void> {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'start') throw new UsageError('usage: railyard mcp start --server-url URL (--username U --password P | --access-token T)');
  const { values } = parseFlags(rest, {
    'server-url': { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    'access-token': { type: 'string' },
    'api-version': { type: 'string' },
    'timeout-ms': { type: 'string' },
    transport: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    tool: { type: 'string', multiple: true },
    'read-only': { type: 'boolean' },
  });
  const serverURL = values['server-url'] ?? process.env['RAILYARD_SERVER_URL'];
  if (!serverURL) throw new UsageError('--server-url (or RAILYARD_SERVER_URL) is required');
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  const client: ClientOptions = {
    ...credentialsFrom(values),
    serverURL,
    version: apiVersionOf(values['api-version']),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
  const tools = { names: values.tool ?? [], readOnly: values['read-only'] ?? false };
  const transport = values.transport ?? 'stdio';

  if (transport === 'stdio') {
    // stdout carries the protocol: anything a library logs goes to stderr instead.
    console.log = console.error;
    console.info = console.error;
    const running = await startStdioMcpServer({ client, tools });
    log(`serving ${running.tools.length} tools on stdio for ${serverURL}`);
    return;
  }
  if (transport !== 'http') throw new UsageError(`--transport must be stdio or http, not ${transport}`);
  const running = await startHttpMcpServer({
    client,
    tools,
    http: {
      port: portOf(values.port),
      ...(values.host ? { host: values.host } : {}),
      allowedOrigins: values['allowed-origin'] ?? [],
      log,
    },
  });
  log(`serving ${running.tools.length} tools at ${running.url} for ${serverURL}`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
