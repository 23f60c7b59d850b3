import type { TestServer } from './server.ts';
import { manualTerms } from './accounts.ts';
import { requestV2026, V2026 } from './versions.ts';

/*
 * Underwriting that meets every `underwriting.*` requirement of every
 * capability (decision 1703): US-only, not yet taking cards, a modest volume,
 * so no documents are due. Tests that need a business able to move money
 * submit it after creating the account, as an integrator does.
 */

const activity = { estimatedActivity: { averageTransactionAmount: 2_500, maximumTransactionAmount: 100_000, monthlyVolumeRange: '10k-50k' } };

export const COMPLETE_UNDERWRITING = {
  geographicReach: 'us-only',
  businessPresence: 'commercial-office',
  collectFunds: {
    ach: activity,
    cardPayments: {
      cardAcceptanceMethods: { inPersonPercentage: 0, mailOrPhonePercentage: 0, onlinePercentage: 100 },
      currentlyAcceptsCards: false,
      ...activity,
      fulfillment: { method: 'shipped-physical-goods', timeframe: 'within-7-days' },
      refundPolicy: 'full-refund-within-30-days',
    },
  },
  sendFunds: { ach: activity, rtp: activity, pushToCard: activity, instantBank: activity },
  moneyTransfer: { pullFromCard: activity, pushToCard: activity },
};

/** POSTs COMPLETE_UNDERWRITING for a business account; throws unless it is saved. */
export async function submitUnderwriting(s: TestServer, accountID: string): Promise<void> {
  const saved = await s.request('POST', `/accounts/${accountID}/underwriting`, { body: COMPLETE_UNDERWRITING, headers: { 'x-moov-version': 'v2026.01.00' } });
  if (saved.status !== 200) throw new Error(`underwriting answered ${saved.status}: ${saved.text}`);
}

/** The account's capability statuses by ID, read again (after the underwriting changed them). */
export async function capabilityStatuses(s: TestServer, accountID: string): Promise<Record<string, string>> {
  const got = await s.request('GET', `/accounts/${accountID}/capabilities`, { headers: { 'x-moov-version': 'v2026.01.00' } });
  if (got.status !== 200) throw new Error(`capabilities answered ${got.status}: ${got.text}`);
  return Object.fromEntries((got.json as Array<{ capability: string; status: string }>).map((c) => [c.capability, c.status]));
}

/*
 * Business onboarding (moved here from representatives/helpers.ts, which
 * re-exports it under its short names): a business that has everything but its
 * onboarding, the bodies that complete it, and a multipart upload.
 */

export const BUSINESS_ADDRESS = { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' };

/** An LLC whose profile meets every profile requirement; no ToS unless `withTerms`. */
export function llcBody(capabilities: string[] = [], options: { withTerms?: boolean; businessType?: string } = {}) {
  return {
    accountType: 'business',
    profile: {
      business: {
        legalBusinessName: 'Pine Street Bakery LLC',
        businessType: options.businessType ?? 'llc',
        phone: { number: '3035551234', countryCode: '1' },
        address: BUSINESS_ADDRESS,
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

/** The smallest file of each accepted type (the signature is what the server checks). */
export const SAMPLE_FILES = {
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
export async function uploadAccountFile(s: TestServer, accountID: string, parts: UploadParts, auth?: string) {
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

/** GET one capability of an account; throws unless 200. */
export async function getCapability(s: TestServer, accountID: string, id: string) {
  const got = await requestV2026(s, 'GET', `/accounts/${accountID}/capabilities/${id}`);
  if (got.status !== 200) throw new Error(`capability ${id}: ${got.status} ${got.text}`);
  return got.json as { status: string; requirements?: { currentlyDue?: string[] } };
}
