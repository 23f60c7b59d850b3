import type { TestServer } from '../support/server.ts';
import { V2026 } from '../accounts/helpers.ts';
import { manualTerms } from '../wallets/helpers.ts';

/*
 * Onboarding helpers shared by the representatives, underwriting, files and
 * capabilities tests: a business that has everything but its onboarding, the
 * bodies that complete it, and a multipart upload.
 */

export const ADDRESS = { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' };

/** An LLC whose profile meets every profile requirement; no ToS unless `withTerms`. */
export function llcBody(capabilities: string[] = [], options: { withTerms?: boolean; businessType?: string } = {}) {
  return {
    accountType: 'business',
    profile: {
      business: {
        legalBusinessName: 'Pine Street Bakery LLC',
        businessType: options.businessType ?? 'llc',
        phone: { number: '3035551234', countryCode: '1' },
        address: ADDRESS,
        taxID: { ein: { number: '12-3456789' } },
        website: 'https://pinestreet.example.com',
        industryCodes: { mcc: '5462' },
      },
    },
    ...(options.withTerms ? { termsOfService: manualTerms() } : {}),
    capabilities,
  };
}

/** A complete controller (CEO) unless overridden. */
export function controllerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: { firstName: 'Dana', lastName: 'Reyes' },
    email: 'dana@pinestreet.example.com',
    phone: { number: '3035550100', countryCode: '1' },
    address: { addressLine1: '12 Oak Ave', city: 'Denver', stateOrProvince: 'CO', postalCode: '80203', country: 'US' },
    birthDate: { day: 14, month: 2, year: 1980 },
    governmentID: { ssn: { full: '123-45-6789' } },
    responsibilities: { isController: true, isOwner: false, jobTitle: 'CEO' },
    ...overrides,
  };
}

/** A complete owner with `percent` unless overridden. */
export function ownerBody(percent: number, overrides: Record<string, unknown> = {}) {
  return {
    ...controllerBody(),
    name: { firstName: 'Sam', lastName: 'Okafor' },
    email: 'sam@pinestreet.example.com',
    governmentID: { ssn: { full: '234-56-7890' } },
    responsibilities: { isController: false, isOwner: true, ownershipPercentage: percent },
    ...overrides,
  };
}

/** Every card-payment underwriting field, US only, not yet taking cards (so no statements are due). */
export function cardUnderwriting(overrides: Record<string, unknown> = {}) {
  return {
    geographicReach: 'us-only',
    businessPresence: 'retail-storefront',
    collectFunds: {
      cardPayments: {
        cardAcceptanceMethods: { inPersonPercentage: 70, mailOrPhonePercentage: 0, onlinePercentage: 30 },
        currentlyAcceptsCards: false,
        estimatedActivity: { averageTransactionAmount: 2_500, maximumTransactionAmount: 50_000, monthlyVolumeRange: '10k-50k' },
        fulfillment: { method: 'local-pickup-or-delivery', timeframe: 'immediate' },
        refundPolicy: 'full-refund-within-30-days',
      },
    },
    ...overrides,
  };
}

export async function v26(s: TestServer, method: string, path: string, body?: unknown, auth?: string) {
  return s.request(method, path, { headers: V2026, ...(body !== undefined ? { body } : {}), ...(auth ? { auth } : {}) });
}

/** The smallest file of each accepted type (the signature is what the server checks). */
export const SAMPLE = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
  png: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  jpeg: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  csv: () => Buffer.from('month,volume\n2026-08,12000\n', 'utf8'),
};

export interface UploadParts {
  file?: { bytes: Buffer; name: string; type: string };
  filePurpose?: string;
  metadata?: string;
  extra?: Record<string, string>;
}

/** POST /accounts/{id}/files as multipart/form-data (fetch writes the boundary). */
export async function upload(s: TestServer, accountID: string, parts: UploadParts, auth?: string) {
  const form = new FormData();
  if (parts.file) form.append('file', new File([new Uint8Array(parts.file.bytes)], parts.file.name, { type: parts.file.type }), parts.file.name);
  if (parts.filePurpose !== undefined) form.append('filePurpose', parts.filePurpose);
  if (parts.metadata !== undefined) form.append('metadata', parts.metadata);
  for (const [name, value] of Object.entries(parts.extra ?? {})) form.append(name, value);
  const response = await fetch(`${s.url}/accounts/${accountID}/files`, {
    method: 'POST',
    headers: { ...V2026, authorization: auth ?? s.platform.basic },
    body: form,
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

export async function capability(s: TestServer, accountID: string, id: string) {
  const got = await v26(s, 'GET', `/accounts/${accountID}/capabilities/${id}`);
  if (got.status !== 200) throw new Error(`capability ${id}: ${got.status} ${got.text}`);
  return got.json as { status: string; requirements?: { currentlyDue?: string[] } };
}
