import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_URL, type StoreKind } from './stores.ts';

/**
 * A database of its own for a test that runs `railyard serve` as a child: a
 * temp folder with a SQLite file, or a fresh PostgreSQL database (a whole
 * database, not a schema: `serve --db URL` opens the URL's default schema).
 */
export interface ChildDatabase {
  kind: StoreKind;
  url: string;
  /** The folder the test may use for anything else (backups, logs). */
  dir: string;
  drop(): Promise<void>;
}

export async function createChildDatabase(kind: StoreKind, label: string): Promise<ChildDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `railyard-${label}-`));
  if (kind === 'sqlite') {
    return { kind, url: `sqlite:${join(dir, 'railyard.db')}`, dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `railyard_${label.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    dir,
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The local cluster that answers POSTGRES_URL, restartable by `pg_ctlcluster` (Debian's tools, as root). */
const CLUSTER = ['15', 'main'];

/** Whether this machine can restart the local PostgreSQL cluster (Debian's pg_ctlcluster, run as root). */
export function canRestartPostgres(): boolean {
  try {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, 'status'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

/** Restarts the cluster (fast shutdown: every connection is cut), waiting until it accepts connections again. */
export async function restartPostgres(): Promise<void> {
  // Asynchronously: the test's own load keeps sending while the database is down.
  await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, 'restart', '-m', 'fast'], { timeout: 60_000 });
}

/** Starts the cluster if it is down, whatever happened to the test; for `after` hooks. */
export function ensurePostgresRunning(): void {
  try {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, 'start'], { stdio: 'ignore', timeout: 60_000 });
  }
}
