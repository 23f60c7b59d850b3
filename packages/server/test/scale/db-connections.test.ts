import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL, storeKinds } from '../support/stores.ts';
import { basicAuth, killAllChildren, runCli, startServe, type ServeChild } from '../support/harness-child.ts';
import { createChildDatabase } from '../support/harness-databases.ts';
import { openStore } from '../../src/compose/open-store.ts';
import { DEFAULT_MAX_CONNECTIONS } from '../../src/store/postgres/postgres-store.ts';

/**
 * The PostgreSQL connections one process opens (docs/deploy.md, "Sizing PostgreSQL"): at most
 * DEFAULT_MAX_CONNECTIONS, or what `serve --db-connections N` (RAILYARD_DB_CONNECTIONS) says;
 * work past the bound waits for a connection instead of opening another.
 */

const postgres = (await storeKinds()).includes('postgres');

/** A connection string whose connections PostgreSQL names `name` (pg_stat_activity.application_name). */
function named(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

/** Connections PostgreSQL holds open under that name. */
async function connectionsNamed(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = $1', [name]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The most connections seen while `units` units of work run at once, each long enough to overlap the others. */
async function mostConnectionsUnder(url: string, name: string, units: number, maxConnections?: number): Promise<number> {
  const store = openStore(named(url, name), maxConnections === undefined ? {} : { maxConnections });
  try {
    const seen = await Promise.all(
      Array.from({ length: units }, () =>
        store.write(async (sql) => {
          const row = await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = ?', [name]);
          await sql.run('SELECT pg_sleep(0.05)');
          return Number(row?.n);
        }),
      ),
    );
    return Math.max(...seen);
  } finally {
    await store.close();
  }
}

describe('PostgreSQL connections per process', () => {
  after(() => killAllChildren());

  it('refuses a count outside 1 to 100, and any count for SQLite, as usage errors (exit 2)', async () => {
    const bads = ['0', '101', 'two', '1.5'];
    const [sqlite, ...answers] = await Promise.all([
      runCli(['serve', '--port', '0', '--db', 'sqlite::memory:'], { RAILYARD_DB_CONNECTIONS: '4' }),
      ...bads.map((bad) => runCli(['serve', '--port', '0', '--db-connections', bad])),
    ]);
    bads.forEach((bad, i) => {
      assert.equal(answers[i]!.code, 2, bad);
      assert.match(answers[i]!.stderr, new RegExp(`--db-connections must be 1 to 100, not ${bad.replace('.', '\\.')}`));
    });
    assert.equal(sqlite!.code, 2);
    assert.match(sqlite!.stderr, /--db-connections applies to a PostgreSQL database/);
  });

  it(`opens at most ${DEFAULT_MAX_CONNECTIONS} by default and at most the number asked, however many units run at once`, { skip: postgres ? false : 'PostgreSQL does not answer' }, async () => {
    const tag = randomBytes(4).toString('hex');
    assert.equal(await mostConnectionsUnder(POSTGRES_URL, `railyard_pool_default_${tag}`, 16), DEFAULT_MAX_CONNECTIONS);
    assert.equal(await mostConnectionsUnder(POSTGRES_URL, `railyard_pool_two_${tag}`, 16, 2), 2);
    assert.equal(await mostConnectionsUnder(POSTGRES_URL, `railyard_pool_nine_${tag}`, 16, 9), 9);
  });

  it('serve --db-connections 2 keeps the whole process (requests, jobs, deliveries) to two', { skip: postgres ? false : 'PostgreSQL does not answer' }, async () => {
    const database = await createChildDatabase('postgres', 'dbconn');
    const name = `railyard_serve_two_${randomBytes(4).toString('hex')}`;
    const key = `pk_dbconn_${randomBytes(4).toString('hex')}:${randomBytes(24).toString('base64url')}`;
    let server: ServeChild | undefined;
    try {
      server = await startServe(['--db', named(database.url, name), '--log-level', 'silent', '--db-connections', '2'], {
        RAILYARD_BOOTSTRAP_KEY: key,
        RAILYARD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      });
      const headers = { authorization: basicAuth(key), 'x-moov-version': 'v2026.01.00' };
      // 32 requests at once, each reading the database: with the default they would take five connections.
      const answers = await Promise.all(Array.from({ length: 32 }, () => fetch(`${server!.url}/accounts?count=50`, { headers })));
      assert.deepEqual([...new Set(answers.map((answer) => answer.status))], [200]);
      const open = await connectionsNamed(name);
      assert.ok(open >= 1 && open <= 2, `${open} connections open`);
    } finally {
      await server?.kill();
      await database.drop();
    }
  });
});
