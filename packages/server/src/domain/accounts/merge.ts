import type { PatchAccountInput } from '@railyard/contract';
import type { StoredDocument, StoredSensitive } from './document.ts';
import type { BusinessInput, IndividualInput } from './profile.ts';
import type { CustomerSupportInput } from './parts.ts';

/*
 * PATCH merges: only the fields sent change. Nested objects (name, address,
 * phone, birth date, industry codes) merge field by field; `ssn`/`itin` and
 * the EIN replace what was stored. The merged result is then validated whole.
 */

type PatchIndividual = NonNullable<NonNullable<PatchAccountInput['profile']>['individual']>;
type PatchBusiness = NonNullable<NonNullable<PatchAccountInput['profile']>['business']>;

/** Drops keys whose value is undefined, so a spread never erases a stored value. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function mergeObject<T extends object>(stored: T | undefined, patch: T | undefined): T | undefined {
  if (patch === undefined) return stored;
  return { ...defined(stored), ...defined(patch) } as T;
}

export function mergeIndividual(document: StoredDocument, sensitive: StoredSensitive, patch: PatchIndividual): IndividualInput {
  const stored = document.profile.individual!;
  const kept = sensitive.individual ?? {};
  return {
    name: mergeObject(stored.name, patch.name),
    phone: mergeObject(stored.phone, patch.phone),
    email: patch.email !== undefined ? patch.email : stored.email,
    address: mergeObject(stored.address, patch.address),
    birthDate: mergeObject(kept.birthDate, patch.birthDate),
    governmentID: patch.governmentID !== undefined ? { ...defined(kept.governmentID), ...defined(patch.governmentID) } : kept.governmentID,
  };
}

export function mergeBusiness(document: StoredDocument, sensitive: StoredSensitive, patch: PatchBusiness): BusinessInput {
  const stored = document.profile.business!;
  const storedEIN = sensitive.business?.taxID?.ein.number;
  const pick = <K extends keyof PatchBusiness & keyof typeof stored>(key: K) => (patch[key] !== undefined ? patch[key] : stored[key]);
  return {
    legalBusinessName: pick('legalBusinessName'),
    doingBusinessAs: pick('doingBusinessAs'),
    businessType: pick('businessType'),
    address: mergeObject(stored.address, patch.address),
    phone: mergeObject(stored.phone, patch.phone),
    email: pick('email'),
    website: pick('website'),
    description: pick('description'),
    taxID: { ein: { number: patch.taxID?.ein?.number !== undefined ? patch.taxID.ein.number : storedEIN } },
    ownersProvided: pick('ownersProvided'),
    industryCodes: mergeObject(stored.industryCodes, patch.industryCodes),
    industry: pick('industry'),
    primaryRegulator: pick('primaryRegulator'),
  } as BusinessInput;
}

export function mergeCustomerSupport(
  stored: StoredDocument['customerSupport'],
  patch: NonNullable<PatchAccountInput['customerSupport']>,
): CustomerSupportInput {
  return {
    phone: mergeObject(stored?.phone, patch.phone),
    email: patch.email !== undefined ? patch.email : stored?.email,
    address: mergeObject(stored?.address, patch.address),
    website: patch.website !== undefined ? patch.website : stored?.website,
  };
}
