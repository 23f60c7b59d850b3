import { UsageError } from './args.ts';
import { serve } from './serve.ts';
import { migrate } from './migrate.ts';
import { admin } from './admin.ts';
import { mcp } from './mcp.ts';

const USAGE = `usage: railyard <command> [flags]

  serve   [--port P] [--host H] [--db URL] [--rate-limit N|moov|0] [--log-level L]
  migrate [--db URL]
  admin   create-platform --name NAME [--public-key K --secret S] [--db URL]
  admin   verify-ledger [--db URL]   recompute balances from postings; prints ok or the first violation
  mcp     start --server-url URL (--username U --password P | --access-token T)
          [--transport stdio|http] [--port N] [--host H] [--allowed-origin O]…
          [--tool NAME]… [--read-only] [--api-version V] [--timeout-ms MS]

--db takes sqlite:PATH or postgres://…; DATABASE_URL is read when --db is absent.
The default database is sqlite:./data/railyard.db.
`;

const commands: Record<string, (argv: string[]) => Promise<void>> = { serve, migrate, admin, mcp };

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
