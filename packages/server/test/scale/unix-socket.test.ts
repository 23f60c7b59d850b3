import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { POSTGRES_URL, postgresRequired, postgresSkipReason } from '../support/stores.ts';
import { basicAuth, killAllChildren, runCli, startServe, type ServeChild } from '../support/harness-child.ts';
import { createChildDatabase } from '../support/harness-databases.ts';
import { openStore } from '../../src/compose/open-store.ts';
import type { Store } from '../../src/store/port.ts';
import { runStatement as ask } from '../../../../bench/tools/pgbench.ts';

/**
 * Where PostgreSQL runs on the same machine, Railyard reaches it over its Unix socket
 * when the URL names the socket's directory (docs/deploy.md, "Sizing PostgreSQL"), as
 * the host (`postgres://user@%2Fvar%2Frun%2Fpostgresql/db`) or in `?host=`. The server tells a
 * socket connection apart by `inet_server_addr()` and `pg_stat_activity.client_addr`,
 * both NULL for it, so these tests prove the connections did not go over TCP.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The socket file of the PostgreSQL that answers POSTGRES_URL, from the server's own settings,
 * or why there is none. A loopback server required by CI must have one (the machine's
 * PostgreSQL listens on both), so its absence fails there instead of skipping.
 */
async function findSocket(): Promise<{ directory: string; port: string } | string> {
  const [{ directories, port }] = (await ask<{ directories: string; port: string }>(
    POSTGRES_URL,
    "SELECT current_setting('unix_socket_directories') AS directories, current_setting('port') AS port",
  )) as [{ directories: string; port: string }];
  const directory = directories.split(',')[0]!.trim();
  if (directory.startsWith('/') && existsSync(join(directory, `.s.PGSQL.${port}`))) return { directory, port };
  const server = new URL(POSTGRES_URL);
  const reason = `PostgreSQL at ${server.host} has no Unix socket here (unix_socket_directories = '${directories}')`;
  if (postgresRequired() && LOOPBACK.has(server.hostname)) throw new Error(reason);
  return reason;
}

const postgresSkip = await postgresSkipReason();
const socket = postgresSkip === false ? await findSocket() : postgresSkip;
const skip = typeof socket === 'string' ? socket : false;

/** The two forms docs/deploy.md gives: the directory, percent-encoded, as the host (`encoded`), or in `?host=` (`query`). */
const FORMS = ['encoded', 'query'] as const;

/** The same database as `tcpUrl`, reached over the socket, in one of the FORMS. */
function overSocket(tcpUrl: string, form: (typeof FORMS)[number], name?: string): string {
  if (typeof socket === 'string') throw new Error(socket);
  const tcp = new URL(tcpUrl);
  const settings = new URLSearchParams(name ? { application_name: name } : {});
  if (form === 'encoded') {
    const user = tcp.username ? `${tcp.username}${tcp.password ? `:${tcp.password}` : ''}@` : '';
    const query = settings.size > 0 ? `?${settings}` : '';
    return `postgres://${user}${encodeURIComponent(socket.directory)}:${socket.port}${tcp.pathname}${query}`;
  }
  settings.set('host', socket.directory);
  settings.set('port', socket.port);
  if (tcp.username) settings.set('user', decodeURIComponent(tcp.username));
  if (tcp.password) settings.set('password', decodeURIComponent(tcp.password));
  return `postgres://${tcp.pathname}?${settings}`;
}

describe('PostgreSQL over its Unix socket', () => {
  after(() => killAllChildren());

  for (const form of FORMS) {
    it(`a store opened on the socket URL (${form === 'encoded' ? 'the directory as the host' : '?host='}) migrates, writes and reads the same database, and not over TCP`, { skip }, async () => {
      const database = await createChildDatabase('postgres', 'socket');
      let store: Store | undefined;
      try {
        store = openStore(overSocket(database.url, form));
        assert.ok((await store.migrate()).length > 0, 'the migrations ran over the socket');
        const key = `socket-${randomBytes(4).toString('hex')}`;
        const written = await store.write(async (sql) => {
          await sql.run('CREATE TABLE socket_probe (k TEXT PRIMARY KEY)');
          await sql.run('INSERT INTO socket_probe (k) VALUES (?)', [key]);
          return (await sql.get<{ tcp: boolean }>('SELECT inet_server_addr() IS NOT NULL AS tcp'))!.tcp;
        });
        assert.equal(written, false, 'the unit of work ran on a socket connection');
        // The row is in the database the TCP URL names, and a TCP connection says so itself.
        const [row] = await ask<{ k: string; tcp: boolean }>(database.url, 'SELECT k, inet_server_addr() IS NOT NULL AS tcp FROM socket_probe');
        assert.deepEqual(row, { k: key, tcp: true });
      } finally {
        await store?.close();
        await database.drop();
      }
    });
  }

  it('serve --db with the socket URL answers the API, every connection on the socket', { skip }, async () => {
    const database = await createChildDatabase('postgres', 'socketserve');
    const name = `railyard_socket_${randomBytes(4).toString('hex')}`;
    const key = `pk_socket_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    let server: ServeChild | undefined;
    try {
      server = await startServe(['--db', overSocket(database.url, 'encoded', name), '--log-level', 'silent'], {
        RAILYARD_BOOTSTRAP_KEY: key,
        RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      });
      const headers = { authorization: basicAuth(key), 'x-moov-version': 'v2026.01.00', 'content-type': 'application/json' };
      const created = await fetch(`${server.url}/accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ accountType: 'individual', profile: { individual: { name: { firstName: 'Sock', lastName: 'Et' } } } }),
      });
      assert.equal(created.status, 200, await created.clone().text());
      const { accountID } = (await created.json()) as { accountID: string };
      const read = await fetch(`${server.url}/accounts/${accountID}`, { headers });
      assert.equal(read.status, 200);
      // Seen from a TCP connection: the server's connections are there, and none came over TCP.
      const connections = await ask<{ client_addr: string | null }>(POSTGRES_URL, 'SELECT client_addr FROM pg_stat_activity WHERE application_name = $1', [name]);
      assert.ok(connections.length >= 1, 'the server holds a connection');
      assert.deepEqual([...new Set(connections.map((connection) => connection.client_addr))], [null]);
      const [stored] = await ask<{ n: string }>(database.url, 'SELECT COUNT(*) AS n FROM accounts WHERE account_id = $1', [accountID]);
      assert.equal(Number(stored!.n), 1);
    } finally {
      await server?.kill();
      await database.drop();
    }
  });

  it('migrate, admin verify-ledger and admin backup take the socket URL', { skip }, async () => {
    const database = await createChildDatabase('postgres', 'socketcli');
    const env = { RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const dump = (form: string) => join(database.dir, `railyard-${form}.dump`);
    try {
      const migrated = await runCli(['migrate', '--db', overSocket(database.url, 'query')], env);
      assert.equal(migrated.code, 0, migrated.stderr);
      assert.match(migrated.stdout, /applied migrations: 1,/);
      const [verified, ...backups] = await Promise.all([
        runCli(['admin', 'verify-ledger', '--db', overSocket(database.url, 'encoded')], env),
        ...FORMS.map((form) => runCli(['admin', 'backup', '--to', dump(form), '--db', overSocket(database.url, form)], env)),
      ]);
      assert.equal(verified!.code, 0, verified!.stderr);
      assert.match(verified!.stdout, /^ok$/m);
      FORMS.forEach((form, i) => {
        assert.equal(backups[i]!.code, 0, backups[i]!.stderr);
        assert.ok(statSync(dump(form)).size > 0, `the ${form} form's dump holds the database`);
      });
    } finally {
      await database.drop();
    }
  });
});
