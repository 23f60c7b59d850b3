import assert from 'node:assert/strict';
import type { TestServer } from '../support/server.ts';

export const V2026 = { 'x-moov-version': 'v2026.01.00' };

export function individual(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  return {
    accountType: 'individual',
    profile: { individual: { name: { firstName: 'Jordan', lastName: 'Lee' }, ...profile } },
    ...overrides,
  };
}

export function business(overrides: Record<string, unknown> = {}, profile: Record<string, unknown> = {}) {
  return {
    accountType: 'business',
    profile: { business: { legalBusinessName: 'Whole Body Fitness LLC', ...profile } },
    ...overrides,
  };
}

/** Creates an account as the first platform (or `auth`) under v2026 and answers its JSON. */
export async function create(server: TestServer, body: unknown, auth?: string): Promise<any> {
  const response = await server.request('POST', '/accounts', { body, headers: V2026, ...(auth ? { auth } : {}) });
  if (response.status !== 200) throw new Error(`create answered ${response.status}: ${response.text}`);
  return response.json;
}

/** Deep comparison where a RegExp in `expected` matches a string. */
export function assertMatches(actual: unknown, expected: unknown, path = '$'): void {
  if (expected instanceof RegExp) {
    assert.equal(typeof actual, 'string', `${path} should be a message`);
    assert.match(actual as string, expected, path);
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    assert.equal(typeof actual, 'object', `${path} should be an object, got ${JSON.stringify(actual)}`);
    for (const [key, value] of Object.entries(expected)) assertMatches((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    return;
  }
  assert.equal(actual, expected, path);
}
