import type { TestServer } from '../support/server.ts';
import { V2026 } from '../accounts/helpers.ts';

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

/** Posts the invite page's form as a browser would (urlencoded), without following a redirect. */
export async function submitForm(link: string, fields: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'test-browser/1.0' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Counts the accounts the platform can see (its own included). */
export async function accountCount(s: TestServer): Promise<number> {
  const response = await s.request('GET', '/accounts?count=200', { headers: V2026 });
  return (response.json as unknown[]).length;
}
