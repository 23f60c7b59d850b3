import type { RailPacing, RateLimitSetting } from '@railyard/server';
import { databaseUrlFrom, parseFlags, UsageError } from './args.ts';
import { isServeWorker, parseWorkers, reportListening, superviseWorkers } from './serve-workers.ts';
import { parseDbConnections } from './db-connections.ts';

/** `npm start` serves here, on the loopback host, so a fresh checkout is not open to the network. */
const DEFAULT_PORT = 8080;

export async function serve(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'rate-limit': { type: 'string' },
    'log-level': { type: 'string' },
    'platform-name': { type: 'string' },
    'rail-pacing': { type: 'string' },
    'job-poll-ms': { type: 'string' },
    'webhook-lease-ms': { type: 'string' },
    workers: { type: 'string' },
    'db-connections': { type: 'string' },
  });
  const portText = values.port ?? process.env['PORT'] ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  // Port 0 asks the OS for a free port; the line printed below names the one it gave.
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be 0 to 65535, not ${portText}`);
  const maxConnections = parseDbConnections(values['db-connections'] ?? process.env['RAILYARD_DB_CONNECTIONS']);
  // Loaded after the flags and port are checked, so those usage errors answer at once.
  const {
    buildApp,
    createServices,
    DEFAULT_DB,
    isPostgresUrl,
    loadSourceSecrets,
    openStore,
    parseDeliveryLease,
    parseJobPollInterval,
    parseRailPacing,
    parseRateLimit,
    systemClock,
    upgradeAtRest,
    watchApiPressure,
  } = await import('@railyard/server');
  let rateLimit: RateLimitSetting;
  try {
    rateLimit = parseRateLimit(values['rate-limit'] ?? process.env['RAILYARD_RATE_LIMIT']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let railPacing: RailPacing;
  let pollIntervalMs: number;
  let webhookLeaseMs: number;
  try {
    railPacing = parseRailPacing(values['rail-pacing'] ?? process.env['RAILYARD_RAIL_PACING']);
    pollIntervalMs = parseJobPollInterval(values['job-poll-ms'] ?? process.env['RAILYARD_JOB_POLL_MS']);
    webhookLeaseMs = parseDeliveryLease(values['webhook-lease-ms'] ?? process.env['RAILYARD_WEBHOOK_LEASE_MS']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const host = values.host ?? process.env['HOST'] ?? '127.0.0.1';
  const databaseUrl = databaseUrlFrom(values.db, DEFAULT_DB);
  const workers = parseWorkers(values.workers ?? process.env['RAILYARD_WORKERS']);
  // SQLite has one writer, and its group commit lives in one process (decision 2000).
  if (workers > 1 && !isPostgresUrl(databaseUrl)) {
    throw new UsageError('--workers above 1 needs a PostgreSQL database (--db postgres://…): SQLite is written by one process');
  }
  // SQLite is one connection in one process: a pool size there would be silently ignored.
  if (maxConnections !== undefined && !isPostgresUrl(databaseUrl)) {
    throw new UsageError('--db-connections applies to a PostgreSQL database (--db postgres://…): SQLite has one connection');
  }
  const store = openStore(databaseUrl, { maxConnections });
  for (const warning of store.warnings ?? []) process.stderr.write(`warning: ${warning}\n`);
  await store.migrate();
  // Key material for sealed account numbers and fingerprints (0500): a missing or bad key stops start-up.
  let sourceSecrets;
  try {
    sourceSecrets = loadSourceSecrets({
      encryptionKey: process.env['RAILYARD_ENCRYPTION_KEY'],
      fingerprintKey: process.env['RAILYARD_FINGERPRINT_KEY'],
      databaseUrl,
    });
  } catch (error) {
    await store.close();
    throw new UsageError((error as Error).message);
  }
  // Job errors go to the server log once the app (and its logger) exists.
  let logJobError: (error: unknown, job?: { jobID: string; kind: string }) => void = () => undefined;
  let logDeliveryError: (error: unknown, delivery?: { deliverySeq: number; webhookID: string }) => void = () => undefined;
  const services = createServices(store, systemClock, {
    railPacing,
    sourceSecrets,
    jobs: { pollIntervalMs, onError: (error, job) => logJobError(error, job) },
    // Webhook deliveries poll as often as jobs (decision 1500).
    webhookDelivery: { pollIntervalMs, leaseMs: webhookLeaseMs, onError: (error, delivery) => logDeliveryError(error, delivery) },
  });
  // Data an older Railyard stored in the clear or with a bare hash, converted with the key (0504, 0206).
  await upgradeAtRest(services);
  const platform = await services.platforms.bootstrap({
    name: values['platform-name'] ?? 'Railyard Platform',
    ...(process.env['RAILYARD_BOOTSTRAP_KEY'] ? { bootstrapKey: process.env['RAILYARD_BOOTSTRAP_KEY'] } : {}),
  });
  if (workers > 1 && !isServeWorker()) {
    // The primary prepared the database (migrations, the platform); the workers serve.
    await store.close();
    const address = await superviseWorkers(workers, (line) => process.stderr.write(line + '\n'));
    const lines = [`Railyard listening on ${address} (${workers} worker processes)`, `platform accountID: ${platform.accountID}`];
    if (platform.created && platform.secret && !process.env['RAILYARD_BOOTSTRAP_KEY']) {
      lines.push(`API key (shown once): ${platform.publicKey}:${platform.secret}`);
    }
    lines.push(`Dashboard: ${address}/dashboard/  (API reference: ${address}/docs/)`);
    process.stdout.write(lines.join('\n') + '\n');
    return;
  }
  const app = await buildApp({
    services,
    rateLimit,
    logLevel: values['log-level'] ?? process.env['LOG_LEVEL'] ?? 'info',
  });
  logJobError = (error, job) => app.log.warn({ err: error, jobID: job?.jobID, kind: job?.kind }, 'background job error');
  logDeliveryError = (error, delivery) =>
    app.log.warn({ err: error, deliverySeq: delivery?.deliverySeq, webhookID: delivery?.webhookID }, 'webhook delivery error');
  const address = await app.listen({ port, host });
  // Deliveries give way to requests while the API is saturated (decision 1500, "API first").
  const apiPressure = watchApiPressure(app.requestsInProgress);
  services.webhookDelivery.deferTo(apiPressure.saturated);
  services.jobs.start();
  services.webhookDelivery.start();
  if (isServeWorker()) {
    // The primary prints the banner once all workers listen.
    reportListening(address);
  }
  const lines = [`Railyard listening on ${address}`, `platform accountID: ${platform.accountID}`];
  if (platform.created && platform.secret && !process.env['RAILYARD_BOOTSTRAP_KEY']) {
    lines.push(`API key (shown once): ${platform.publicKey}:${platform.secret}`);
  }
  lines.push(`Dashboard: ${address}/dashboard/  (API reference: ${address}/docs/)`);
  if (!isServeWorker()) process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    apiPressure.stop();
    await services.jobs.stop();
    await services.webhookDelivery.stop();
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
