import type { TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { accountPayload } from '../support/sources.ts';

// Shared with every feature's tests: test/support/ (import from there).
export { V2026 } from '../support/versions.ts';
export { accountPayload, CHASE, SANDBOX_BANK } from '../support/sources.ts';

/** Creates an individual connected to the first platform (or `auth`'s platform) and answers its ID. */
export async function createAccount(s: TestServer, auth?: string): Promise<string> {
  const response = await s.request('POST', '/accounts', {
    body: { accountType: 'individual', profile: { individual: { name: { firstName: 'Jules', lastName: 'Jackson' } } } },
    headers: V2026,
    ...(auth ? { auth } : {}),
  });
  if (response.status !== 200) throw new Error(`create account answered ${response.status}: ${response.text}`);
  return response.json.accountID as string;
}

/** Links a bank account under v2026 and answers its JSON; throws on anything but 200. */
export async function link(s: TestServer, accountID: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await s.request('POST', `/accounts/${accountID}/bank-accounts`, { body: accountPayload(overrides), headers: V2026 });
  if (response.status !== 200) throw new Error(`link answered ${response.status}: ${response.text}`);
  return response.json;
}

export function bankPath(accountID: string, bankAccountID: string, suffix = ''): string {
  return `/accounts/${accountID}/bank-accounts/${bankAccountID}${suffix}`;
}

/** Events of a type, oldest first, as stored with the changes that wrote them. */
export async function eventsOf(s: TestServer, type: string): Promise<Array<Record<string, unknown>>> {
  const rows = await s.services.store.read((sql) =>
    sql.all<{ data: string }>('SELECT data FROM events WHERE event_type = ? ORDER BY event_seq', [type]),
  );
  return rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
}

/** Live payment method types of a source, sorted. */
export async function liveMethodTypes(s: TestServer, sourceID: string): Promise<string[]> {
  const rows = await s.services.store.read((sql) =>
    sql.all<{ payment_method_type: string }>(
      'SELECT payment_method_type FROM payment_methods WHERE source_id = ? AND disabled_on IS NULL',
      [sourceID],
    ),
  );
  return rows.map((row) => row.payment_method_type).sort();
}
