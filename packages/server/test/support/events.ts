import type { TestServer } from './server.ts';

/** The first platform's events as stored (type and data), oldest first; only those of `type` when given. */
export async function eventTypes(server: TestServer, type?: string): Promise<Array<{ type: string; data: any }>> {
  const rows = await server.testStore.store.read((sql) =>
    sql.all<{ event_type: string; data: string }>('SELECT event_type, data FROM events WHERE platform_id = ? ORDER BY event_seq', [
      server.platform.accountID,
    ]),
  );
  return rows.map((r) => ({ type: r.event_type, data: JSON.parse(r.data) })).filter((e) => type === undefined || e.type === type);
}
