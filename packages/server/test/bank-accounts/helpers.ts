import type { TestServer } from '../support/server.ts';

// Shared with every feature's tests: test/support/ (import from there).
export { V2026 } from '../support/versions.ts';
export { accountPayload, CHASE, SANDBOX_BANK } from '../support/sources.ts';
export {
  createAccountHolder as createAccount,
  linkBankAccount as link,
  bankAccountPath as bankPath,
  liveMethodTypes,
} from '../support/bank-accounts.ts';

/** Events of a type, oldest first, as stored with the changes that wrote them. */
export async function eventsOf(s: TestServer, type: string): Promise<Array<Record<string, unknown>>> {
  const rows = await s.services.store.read((sql) =>
    sql.all<{ data: string }>('SELECT data FROM events WHERE event_type = ? ORDER BY event_seq', [type]),
  );
  return rows.map((row) => JSON.parse(row.data) as Record<string, unknown>);
}
