import type { TestServer } from './server.ts';
import { V2026 } from './versions.ts';

// Account bodies every feature's tests start from (moved here from
// accounts/helpers.ts and wallets/helpers.ts, which re-export them).

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

/** A manual ToS acceptance record, accepted a day ago. */
export function manualTerms() {
  return {
    manual: {
      acceptedDate: new Date(Date.now() - 86_400_000).toISOString(),
      acceptedIP: '203.0.113.7',
      acceptedUserAgent: 'Mozilla/5.0',
      acceptedDomain: 'https://app.example.com',
    },
  };
}

/** An individual with every requirement of every individual capability met (docs/capabilities.md). */
export function completeIndividual(capabilities: string[] = []) {
  return {
    accountType: 'individual',
    profile: {
      individual: {
        name: { firstName: 'Alex', lastName: 'Irwin' },
        email: 'alex@example.com',
        address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
        birthDate: { day: 9, month: 11, year: 1989 },
        governmentID: { ssn: { full: '123-45-6789' } },
      },
    },
    termsOfService: manualTerms(),
    capabilities,
  };
}
