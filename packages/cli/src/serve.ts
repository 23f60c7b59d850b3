import { buildApp, createServices, DEFAULT_DB, openStore, parseRateLimit, systemClock } from '@railyard/server';
import { parseFlags } from './args.ts';

export async function serve(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'rate-limit': { type: 'string' },
    'log-level': { type: 'string' },
    'platform-name': { type: 'string' },
  });
  const port = Number(values.port ?? process.env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, not ${values.port}`);
  const host = values.host ?? process.env['HOST'] ?? '127.0.0.1';
  const store = openStore(values.db ?? process.env['DATABASE_URL'] ?? DEFAULT_DB);
  await store.migrate();
  const services = createServices(store, systemClock);
  const platform = await services.platforms.bootstrap({
    name: values['platform-name'] ?? 'Railyard Platform',
    ...(process.env['RAILYARD_BOOTSTRAP_KEY'] ? { bootstrapKey: process.env['RAILYARD_BOOTSTRAP_KEY'] } : {}),
  });
  const app = await buildApp({
    services,
    rateLimit: parseRateLimit(values['rate-limit'] ?? process.env['RAILYARD_RATE_LIMIT']),
    logLevel: values['log-level'] ?? process.env['LOG_LEVEL'] ?? 'info',
  });
  const address = await app.listen({ port, host });
  const lines = [`Railyard listening on ${address}`, `platform accountID: ${platform.accountID}`];
  if (platform.created && platform.secret && !process.env['RAILYARD_BOOTSTRAP_KEY']) {
    lines.push(`API key (shown once): ${platform.publicKey}:${platform.secret}`);
  }
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
