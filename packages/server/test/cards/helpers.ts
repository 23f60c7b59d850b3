import type { TestServer } from '../support/server.ts';
import { create, individual, V2026 } from '../accounts/helpers.ts';

export { V2026 };

/** The documented sandbox Visa, good for years after the test clock. */
export const VISA = '4111111111111111';
/** The sandbox debit card eligible for push-to-card and pull-from-card. */
export const PUSH_PULL_VISA = '4111100010002000';

export function cardBody(overrides: Record<string, unknown> = {}) {
  return {
    cardNumber: VISA,
    cardCvv: '123',
    expiration: { month: '09', year: '35' },
    billingAddress: { addressLine1: '123 Main Street', postalCode: '80301' },
    ...overrides,
  };
}

/** A new individual account of the first platform; answers its ID. */
export async function newAccount(s: TestServer, auth?: string): Promise<string> {
  return (await create(s, individual(), auth)).accountID;
}

export function link(s: TestServer, accountID: string, body: unknown, options: { headers?: Record<string, string>; auth?: string } = {}) {
  return s.request('POST', `/accounts/${accountID}/cards`, {
    body,
    headers: { ...V2026, ...(options.headers ?? {}) },
    ...(options.auth !== undefined ? { auth: options.auth } : {}),
  });
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
