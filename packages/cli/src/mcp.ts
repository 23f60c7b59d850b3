import { NEWEST_VERSION, SUPPORTED_VERSIONS, type ApiVersion, type ClientOptions } from '@railyard/client';
import { McpHttpConfigError, startHttpMcpServer, startStdioMcpServer } from '@railyard/client/mcp';
import { parseFlags, UsageError, warnSecretFlag } from './args.ts';

const log = (line: string) => process.stderr.write(`railyard mcp: ${line}\n`);

type Credentials = { username: string; password: string } | { accessToken: string };

/** The environment variable to use instead of each secret flag. */
const SECRET_FLAGS = {
  password: 'RAILYARD_PASSWORD',
  'access-token': 'RAILYARD_ACCESS_TOKEN',
  'mcp-secret': 'RAILYARD_MCP_SECRET',
} as const;

/** A variable that is set to the empty string counts as unset. */
function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

/**
 * Flags choose the kind of credentials: with --username/--password it is an API
 * key, with --access-token a token; the environment fills in only the rest of
 * that kind (the secret half of a key, typically, so it stays out of the process
 * list). Without credential flags, the environment alone decides. The two kinds
 * never mix.
 */
function credentialsFrom(values: { username?: string; password?: string; 'access-token'?: string }): Credentials {
  const keyFlags = values.username !== undefined || values.password !== undefined;
  const tokenFlag = values['access-token'] !== undefined;
  if (keyFlags && tokenFlag) throw new UsageError('give --username/--password or --access-token, not both');
  const source = keyFlags
    ? { username: values.username ?? env('RAILYARD_USERNAME'), password: values.password ?? process.env['RAILYARD_PASSWORD'], accessToken: undefined }
    : tokenFlag
      ? { username: undefined, password: undefined, accessToken: values['access-token'] }
      : { username: env('RAILYARD_USERNAME'), password: process.env['RAILYARD_PASSWORD'], accessToken: env('RAILYARD_ACCESS_TOKEN') };
  const hasKey = Boolean(source.username) || source.password !== undefined;
  if (hasKey && source.accessToken) throw new UsageError('give RAILYARD_USERNAME/RAILYARD_PASSWORD or RAILYARD_ACCESS_TOKEN, not both');
  if (source.accessToken) return { accessToken: source.accessToken };
  if (source.username && source.password !== undefined) return { username: source.username, password: source.password };
  if (hasKey) throw new UsageError('an API key needs both a username (public key) and a password (secret)');
  throw new UsageError('credentials are required: --username U with RAILYARD_PASSWORD, or RAILYARD_ACCESS_TOKEN (or the flags)');
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
  if (subcommand !== 'start') throw new UsageError('usage: railyard mcp start --server-url URL (--username U | RAILYARD_ACCESS_TOKEN)');
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
    'mcp-secret': { type: 'string' },
    tool: { type: 'string', multiple: true },
    'read-only': { type: 'boolean' },
    'allow-token-tools': { type: 'boolean' },
  });
  for (const [flag, variable] of Object.entries(SECRET_FLAGS)) {
    if (values[flag as keyof typeof SECRET_FLAGS] !== undefined) warnSecretFlag(`--${flag}`, variable);
  }
  const serverURL = values['server-url'] ?? process.env['RAILYARD_SERVER_URL'];
  if (!serverURL) throw new UsageError('--server-url (or RAILYARD_SERVER_URL) is required');
  const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
  const client: ClientOptions = {
    ...credentialsFrom(values),
    serverURL,
    version: apiVersionOf(values['api-version']),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
  const tools = { names: values.tool ?? [], readOnly: values['read-only'] ?? false, tokenTools: values['allow-token-tools'] ?? false };
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
  const secret = values['mcp-secret'] ?? env('RAILYARD_MCP_SECRET');
  let running;
  try {
    running = await startHttpMcpServer({
      client,
      tools,
      http: {
        port: portOf(values.port),
        ...(values.host ? { host: values.host } : {}),
        ...(secret !== undefined ? { secret } : {}),
        allowedOrigins: values['allowed-origin'] ?? [],
        log,
      },
    });
  } catch (error) {
    // A refused host or a short secret is a usage problem: say so with the usage text.
    if (error instanceof McpHttpConfigError) throw new UsageError(error.message);
    throw error;
  }
  // Shown once, before the line that says the server is up, so a client can be configured with it.
  if (running.secretGenerated) log(`bearer secret for ${running.url} (shown once; set RAILYARD_MCP_SECRET to choose it): ${running.secret}`);
  log(`serving ${running.tools.length} tools at ${running.url} for ${serverURL}`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
