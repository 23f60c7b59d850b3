import { randomUUID } from 'node:crypto';
import type { OperationDef } from '@railyard/contract';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import type { StoreKind } from '../support/stores.ts';
import { PlatformSeeds, seedFor } from '../support/matrix-seeds.ts';
import { fill, pathOf, requestFor, type Filled } from './plan.ts';
import type { MatrixRequest } from './requests.ts';

/**
 * One server on one store, holding the seeds of two platforms (every
 * resource kind of the table in test/support/matrix-seeds.ts), shared by
 * every check of the matrix. Requests go through Fastify's inject: no
 * sockets, the whole pipeline.
 */

export interface Answer {
  status: number;
  body: string;
  /** `Railyard-Reason` of a 404 (decisions/0208): part of what must not differ between foreign and unknown IDs. */
  reason: string | undefined;
}

export interface Side {
  seeds: PlatformSeeds;
  /** Every seed of the platform, by name. */
  all: Record<string, string>;
  /** Every UUID the platform's seeding answers held: none may appear in the other platform's reads. */
  uuids: Set<string>;
  /** The platform's seed values that are not UUIDs (invite codes, …): searched for as they are. */
  markers: Set<string>;
  basic: string;
}

export interface World {
  kind: StoreKind;
  server: TestServer;
  a: Side;
  b: Side;
  send(op: OperationDef, path: string, options: { authorization?: string; request?: MatrixRequest; remoteAddress?: string; query?: Record<string, string> }): Promise<Answer>;
  /** An access token of the side's platform holding exactly `scopes` (minted once per set). */
  token(side: Side, scopes: readonly string[]): Promise<string>;
  fill(op: OperationDef, side: Side): Promise<Filled>;
  /** Every row of every table, per table, rows sorted: what a refused write must leave as it was. */
  snapshot(): Promise<Map<string, string[]>>;
  close(): Promise<void>;
}

export const VERSION = 'v2026.01.00';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function uuidsIn(text: string): string[] {
  return (text.match(UUID) ?? []).map((id) => id.toLowerCase());
}

async function side(server: TestServer, platform: TestServer['platform']): Promise<Side> {
  const seeds = new PlatformSeeds(server, platform);
  const all = await seeds.all();
  const uuids = new Set<string>([...uuidsIn(JSON.stringify(seeds.answers)), ...uuidsIn(JSON.stringify(all)), platform.accountID.toLowerCase()]);
  const markers = new Set(
    Object.entries(all)
      .filter(([name, value]) => !seedFor(name)?.shared && uuidsIn(value).length === 0 && value.length >= 8)
      .map(([, value]) => value),
  );
  return { seeds, all, uuids, markers, basic: platform.basic };
}

export async function startWorld(kind: StoreKind): Promise<World> {
  // A clock that stands still: the seeded card payment stays cancellable, nothing falls due meanwhile.
  const server = await startTestServer(kind, { clock: standingClock() });
  let a: Side;
  let b: Side;
  try {
    [a, b] = await Promise.all([side(server, server.platform), side(server, server.otherPlatform)]);
  } catch (error) {
    // A seed that fails must fail the suite, not leave the server holding the process open.
    await server.close();
    throw error;
  }
  // Values both platforms' answers hold (none expected) are no evidence of a leak.
  for (const id of [...a.uuids]) if (b.uuids.has(id)) (a.uuids.delete(id), b.uuids.delete(id));
  const tokens = new Map<string, Promise<string>>();
  const store = server.testStore.store;

  const send: World['send'] = async (op, path, options) => {
    const headers: Record<string, string> = { 'x-moov-version': VERSION, ...(options.request?.headers ?? {}) };
    if (options.authorization !== undefined) headers['authorization'] = options.authorization;
    let payload: string | Buffer | undefined;
    if (options.request?.multipart) {
      payload = options.request.multipart.payload;
      headers['content-type'] = options.request.multipart.contentType;
    } else if (options.request?.body !== undefined) {
      payload = JSON.stringify(options.request.body);
      headers['content-type'] = 'application/json';
    }
    const query = { ...(options.request?.query ?? {}), ...(options.query ?? {}) };
    const search = new URLSearchParams(query).toString();
    const response = await server.app.inject({
      method: op.method,
      url: search ? `${path}?${search}` : path,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    const reason = response.headers['railyard-reason'];
    return { status: response.statusCode, body: response.body, reason: reason === undefined ? undefined : String(reason) };
  };

  const token: World['token'] = (s, scopes) => {
    const key = `${s.basic} ${[...scopes].sort().join(' ')}`;
    let minted = tokens.get(key);
    if (!minted) {
      minted = (async () => {
        const response = await server.app.inject({
          method: 'POST',
          url: '/oauth2/token',
          headers: { authorization: s.basic, 'content-type': 'application/json' },
          payload: JSON.stringify({ grant_type: 'client_credentials', scope: scopes.join(' ') }),
        });
        if (response.statusCode !== 200) throw new Error(`minting a token for ${scopes.join(' ')}: ${response.statusCode} ${response.body}`);
        return response.json().access_token as string;
      })();
      tokens.set(key, minted);
    }
    return minted;
  };

  const snapshot: World['snapshot'] = async () =>
    store.read(async (sql) => {
      const tables =
        store.dialect === 'sqlite'
          ? await sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", [])
          : await sql.all<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()', []);
      const result = new Map<string, string[]>();
      for (const { name } of tables.sort((x, y) => x.name.localeCompare(y.name))) {
        const rows = await sql.all<Record<string, unknown>>(`SELECT * FROM "${name}"`, []);
        result.set(name, rows.map((row) => JSON.stringify(row, (_, v) => (typeof v === 'bigint' ? String(v) : v))).sort());
      }
      return result;
    });

  return {
    kind,
    server,
    a,
    b,
    send,
    token,
    fill: (op, s) => fill(op, s.seeds, s.all),
    snapshot,
    close: () => server.close(),
  };
}

/** What changed between two snapshots, table by table (rows gone and rows new), for a failure message. */
export function snapshotDiff(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  const changes: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set(before.get(name) ?? []);
    const is = new Set(after.get(name) ?? []);
    const gone = [...was].filter((row) => !is.has(row));
    const added = [...is].filter((row) => !was.has(row));
    if (gone.length || added.length) {
      changes.push(`${name}: ${gone.length} rows changed or removed, ${added.length} new or changed: ${added.slice(0, 2).join(' | ').slice(0, 600)}`);
    }
  }
  return changes;
}

/** A well-formed value naming nothing, for each path parameter (seed.unknown or a fresh UUID). */
export function unknownValue(param: string): string {
  return seedFor(param)?.unknown?.() ?? randomUUID();
}
