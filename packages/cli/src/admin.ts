import { databaseUrlFrom, parseFlags, UsageError, warnSecretFlag } from './args.ts';

async function createPlatform(argv: string[]): Promise<void> {
  const { values } = parseFlags(argv, {
    name: { type: 'string' },
    'public-key': { type: 'string' },
    secret: { type: 'string' },
    db: { type: 'string' },
  });
  if (!values.name) throw new UsageError('admin create-platform needs --name NAME');
  if (values.secret !== undefined) warnSecretFlag('--secret', 'RAILYARD_PLATFORM_SECRET');
  // The secret from its flag or, better, from the environment (out of the process list).
  const secret = values.secret ?? (values['public-key'] !== undefined ? process.env['RAILYARD_PLATFORM_SECRET'] || undefined : undefined);
  if ((values['public-key'] === undefined) !== (secret === undefined)) {
    throw new UsageError('--public-key and --secret (or RAILYARD_PLATFORM_SECRET) go together');
  }
  // Loaded after the flags are checked, so a usage error answers at once.
  const { createServices, DEFAULT_DB, loadSourceSecrets, openStore, systemClock } = await import('@railyard/server');
  const databaseUrl = databaseUrlFrom(values.db, DEFAULT_DB);
  const store = openStore(databaseUrl);
  try {
    await store.migrate();
    // The key `serve` uses (0500): the secret's hash is keyed with it (0206), so the server can check it.
    let sourceSecrets;
    try {
      sourceSecrets = loadSourceSecrets({
        encryptionKey: process.env['RAILYARD_ENCRYPTION_KEY'],
        fingerprintKey: process.env['RAILYARD_FINGERPRINT_KEY'],
        databaseUrl,
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const services = createServices(store, systemClock, { sourceSecrets });
    const created = await services.platforms.create({
      name: values.name,
      ...(values['public-key'] ? { publicKey: values['public-key'] } : {}),
      ...(secret ? { secret } : {}),
    });
    process.stdout.write(JSON.stringify(created) + '\n');
  } finally {
    await store.close();
  }
}

const commands: Record<string, (argv: string[]) => Promise<void>> = {
  'create-platform': createPlatform,
  'verify-ledger': (argv) => import('./verify-ledger.ts').then((command) => command.verifyLedgerCommand(argv)),
  backup: (argv) => import('./backup.ts').then((command) => command.backupCommand(argv)),
  restore: (argv) => import('./backup.ts').then((command) => command.restoreCommand(argv)),
};

export async function admin(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const run = command ? commands[command] : undefined;
  if (!run) throw new UsageError(`admin commands: ${Object.keys(commands).join(', ')}`);
  await run(rest);
}
