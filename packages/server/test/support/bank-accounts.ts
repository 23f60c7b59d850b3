import type { TestServer } from './server.ts';
import { V2026 } from './versions.ts';
import { accountPayload } from './sources.ts';

// Bank-account helpers other features' tests use (moved here from
// bank-accounts/helpers.ts, which re-exports them under their short names).

/** Creates the individual the bank-account bodies are held by (Jules Jackson) for the first platform (or `auth`'s); answers its ID. */
export async function createAccountHolder(s: TestServer, auth?: string): Promise<string> {
  const response = await s.request('POST', '/accounts', {
    body: { accountType: 'individual', profile: { individual: { name: { firstName: 'Jules', lastName: 'Jackson' } } } },
    headers: V2026,
    ...(auth ? { auth } : {}),
  });
  if (response.status !== 200) throw new Error(`create account answered ${response.status}: ${response.text}`);
  return response.json.accountID as string;
}

/** Links a bank account (accountPayload with `overrides`) under v2026 and answers its JSON; throws on anything but 200. */
export async function linkBankAccount(s: TestServer, accountID: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await s.request('POST', `/accounts/${accountID}/bank-accounts`, { body: accountPayload(overrides), headers: V2026 });
  if (response.status !== 200) throw new Error(`link answered ${response.status}: ${response.text}`);
  return response.json;
}

export function bankAccountPath(accountID: string, bankAccountID: string, suffix = ''): string {
  return `/accounts/${accountID}/bank-accounts/${bankAccountID}${suffix}`;
}

/** Live (not disabled) payment method types of a source (bank account or card), sorted. */
export async function liveMethodTypes(s: TestServer, sourceID: string): Promise<string[]> {
  const rows = await s.services.store.read((sql) =>
    sql.all<{ payment_method_type: string }>(
      'SELECT payment_method_type FROM payment_methods WHERE source_id = ? AND disabled_on IS NULL',
      [sourceID],
    ),
  );
  return rows.map((row) => row.payment_method_type).sort();
}
