import type { TestServer } from '../support/server.ts';
import { create, individual } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { cardBody } from '../support/sources.ts';
import { linkCard as link } from '../support/cards.ts';

export { V2026 };
// Shared with every feature's tests: test/support/sources.ts (import from there).
export { cardBody, PUSH_PULL_VISA, VISA } from '../support/sources.ts';
export { link };

/** A new individual account of the first platform; answers its ID. */
export async function newAccount(s: TestServer, auth?: string): Promise<string> {
  return (await create(s, individual(), auth)).accountID;
}

/** Links a card that must succeed; answers the Card JSON. */
export async function linked(s: TestServer, accountID: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await link(s, accountID, cardBody(overrides));
  if (response.status !== 200) throw new Error(`link answered ${response.status}: ${response.text}`);
  return response.json;
}

export interface EventRow {
  type: string;
  data: Record<string, string>;
}

/** Events of the first platform that mention `id`, oldest first. */
export async function eventsAbout(s: TestServer, id: string): Promise<EventRow[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ event_type: string; data: string }>(
      'SELECT event_type, data FROM events WHERE platform_id = ? AND data LIKE ? ORDER BY event_seq',
      [s.platform.accountID, `%${id}%`],
    ),
  );
  return rows.map((row) => ({ type: row.event_type, data: JSON.parse(row.data) }));
}

export async function cardRowCount(s: TestServer): Promise<number> {
  const row = await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM cards'));
  return Number(row?.n ?? 0);
}
