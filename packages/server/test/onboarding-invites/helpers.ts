import type { TestServer } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';

export { submitInviteForm as submitForm } from '../support/onboarding-invites.ts';

export function inviteBody(overrides: Record<string, unknown> = {}) {
  return {
    scopes: ['accounts.read', 'transfers.write'],
    capabilities: ['transfers', 'send-funds', 'wallet'],
    feePlanCodes: ['merchant-direct'],
    ...overrides,
  };
}

/** Creates an invite as the first platform (or `auth`) and answers its JSON. */
export async function createInvite(s: TestServer, overrides: Record<string, unknown> = {}, auth?: string): Promise<any> {
  const response = await s.request('POST', '/onboarding-invites', { body: inviteBody(overrides), headers: V2026, ...(auth ? { auth } : {}) });
  if (response.status !== 200) throw new Error(`create invite answered ${response.status}: ${response.text}`);
  return response.json;
}

/** Counts the accounts the platform can see (its own included). */
export async function accountCount(s: TestServer): Promise<number> {
  const response = await s.request('GET', '/accounts?count=200', { headers: V2026 });
  return (response.json as unknown[]).length;
}
