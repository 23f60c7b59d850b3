import { spawn } from 'node:child_process';
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { BackupError } from './sqlite-backup.ts';

/**
 * PostgreSQL backups wrap the server's own tools: `pg_dump --format=custom`
 * (one consistent snapshot, taken in a REPEATABLE READ transaction while the
 * server goes on writing) and `pg_restore` into an empty database. The password
 * of the URL goes to the tool in PGPASSWORD, never on its command line (the
 * process list shows arguments).
 */

function connection(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env['PGPASSWORD'] = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { uri: parsed.toString(), env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error) => reject(new BackupError(`${tool} could not run (${(error as Error).message}); install the PostgreSQL client tools`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`))));
  });
}

export async function backupPostgres(url: string, to: string, options: { force?: boolean } = {}): Promise<{ bytes: number }> {
  if (existsSync(to) && !options.force) throw new BackupError(`${to} exists; choose another file or pass --force`);
  const { uri, env } = connection(url);
  const partial = `${to}.partial`;
  rmSync(partial, { force: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${uri}`], env);
  chmodSync(partial, 0o600);
  renameSync(partial, to);
  return { bytes: statSync(to).size };
}

/** Restores into the database of `url`, which must hold no Railyard tables unless `force` (then they are dropped first). */
export async function restorePostgres(from: string, url: string, options: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(from)) throw new BackupError(`no backup at ${from}`);
  const { uri, env } = connection(url);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${uri}`];
  if (options.force) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, from], env);
}
