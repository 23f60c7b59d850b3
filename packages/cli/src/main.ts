import { UsageError } from './args.ts';

const USAGE = `usage: railyard <command> [flags]

  serve   [--port P] [--host H] [--db URL] [--rate-limit N|moov|0] [--log-level L]
          [--rail-pacing fast|realistic] [--job-poll-ms MS] [--webhook-lease-ms MS]
          [--workers N]   N processes on one PostgreSQL database (docs/deploy.md)
          [--db-connections N]   PostgreSQL connections per process, 1 to 100 (default 5)
  migrate [--db URL]
  admin   create-platform --name NAME [--public-key K] [--db URL]   (secret: RAILYARD_PLATFORM_SECRET)
  admin   verify-ledger [--db URL]   recompute balances from postings; prints ok or the first violation
  admin   backup --to FILE [--db URL] [--force]     a consistent copy while the server runs (SQLite backup API, pg_dump)
  admin   restore --from FILE [--db URL] [--force]  put a backup in place (server stopped), then verify the ledger
  mcp     start --server-url URL (--username U | RAILYARD_ACCESS_TOKEN)   (secret: RAILYARD_PASSWORD)
          [--transport stdio|http] [--port N] [--host H] [--allowed-origin O]…
          [--tool NAME]… [--allow-token-tools] [--read-only] [--api-version V] [--timeout-ms MS]
          HTTP: every request needs Authorization: Bearer <secret>; RAILYARD_MCP_SECRET chooses it,
          else one is generated and printed once; a non-loopback --host needs RAILYARD_MCP_SECRET.
  events  tail [--url URL] [--public-key K] (RAILYARD_PUBLIC_KEY; secret: RAILYARD_SECRET)
          [--from-start] [--types a,b] [--format json|text] [--interval-ms MS] [--retries N]
          [--forward LOCAL_URL] (signed like a webhook; secret: RAILYARD_FORWARD_SECRET, else generated)

--db takes sqlite:PATH or postgres://…; DATABASE_URL is read when --db is absent.
The default database is sqlite:./data/railyard.db.
Secrets belong in the environment, not in flags (the process list shows flags): --password,
--access-token, --mcp-secret, --secret, --forward-secret and a --db URL with a password still work, with a warning.
`;

// Each command loads its modules only when it runs: help and usage errors stay fast, and serve never loads the MCP client.
const commands: Record<string, (argv: string[]) => Promise<void>> = {
  serve: async (argv) => (await import('./serve.ts')).serve(argv),
  migrate: async (argv) => (await import('./migrate.ts')).migrate(argv),
  admin: async (argv) => (await import('./admin.ts')).admin(argv),
  mcp: async (argv) => (await import('./mcp.ts')).mcp(argv),
  events: async (argv) => (await import('./events-tail.ts')).events(argv),
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const run = commands[command];
  if (!run) throw new UsageError(`unknown command: ${command}`);
  await run(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`railyard: ${message}\n`);
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  process.exit(1);
});
