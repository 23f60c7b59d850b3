import type { CreateRepresentativeInput, UpdateRepresentativeInput } from '@railyard/contract';
import { buildIndividual, type IndividualInput, type SensitiveIndividual } from '../accounts/profile.ts';
import { optionalText, type Problems } from '../accounts/problems.ts';
import * as rules from '../accounts/rules.ts';
import type { RepresentativeProfile, Responsibilities } from './record.ts';

/*
 * A representative's fields, checked with the rules of an individual
 * account's profile (accounts/profile.ts: names, US phone and address, email,
 * a real birth date not in the future, SSA/IRS number rules) plus its
 * responsibilities. Create and PATCH share it: PATCH merges the change into
 * the stored representative first, so a representative can never hold what
 * create would refuse. Messages go under `error` (RepresentativeValidationError).
 */

export const ERROR_ROOT = ['error'] as const;

/** "PO Box 12", "P.O. Box", "Post Office Box" at the start of an address line. */
const PO_BOX = /^\s*(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

export interface RepresentativeDraft extends IndividualInput {
  responsibilities?: { isController?: boolean | undefined; isOwner?: boolean | undefined; ownershipPercentage?: number | undefined; jobTitle?: string | undefined } | undefined;
}

export function draftOfCreate(input: CreateRepresentativeInput): RepresentativeDraft {
  return input;
}

/** The stored representative with the PATCH applied: `null` clears, objects merge field by field. */
export function draftOfUpdate(profile: RepresentativeProfile, sensitive: SensitiveIndividual, change: UpdateRepresentativeInput): RepresentativeDraft {
  const draft: RepresentativeDraft = {
    name: { ...profile.name, ...definedOnly(change.name ?? {}) },
    ...(profile.phone ? { phone: profile.phone } : {}),
    ...(profile.email !== undefined ? { email: profile.email } : {}),
    ...(profile.address ? { address: profile.address } : {}),
    ...(sensitive.birthDate ? { birthDate: sensitive.birthDate } : {}),
    ...(sensitive.governmentID ? { governmentID: sensitive.governmentID } : {}),
    ...(profile.responsibilities ? { responsibilities: profile.responsibilities } : {}),
  };
  if (change.phone === null) delete draft.phone;
  else if (change.phone) draft.phone = change.phone;
  if (change.email === null) delete draft.email;
  else if (change.email !== undefined) draft.email = change.email;
  if (change.address === null) delete draft.address;
  else if (change.address) draft.address = { ...draft.address, ...definedOnly(change.address) };
  if (change.birthDate === null) delete draft.birthDate;
  else if (change.birthDate) draft.birthDate = { ...draft.birthDate, ...definedOnly(change.birthDate) };
  if (change.governmentID === null) delete draft.governmentID;
  else if (change.governmentID) draft.governmentID = { ...draft.governmentID, ...definedOnly(change.governmentID) };
  if (change.responsibilities === null) delete draft.responsibilities;
  else if (change.responsibilities) draft.responsibilities = { ...draft.responsibilities, ...definedOnly(change.responsibilities) };
  return draft;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Checks a draft; problems go to `problems` (under `error`), the built values are meaningful only when there are none. */
export function buildRepresentative(
  draft: RepresentativeDraft,
  problems: Problems,
  today: Date,
): { profile: RepresentativeProfile; sensitive: SensitiveIndividual } {
  const built = buildIndividual(draft, [...ERROR_ROOT], problems, today);
  const profile: RepresentativeProfile = { name: built.profile.name };
  if (built.profile.phone) profile.phone = built.profile.phone;
  if (built.profile.email !== undefined) profile.email = built.profile.email;
  if (built.profile.address) profile.address = built.profile.address;
  // Moov: a representative's main address cannot be a PO box (nor a mail agency, which no text tells apart).
  if (built.profile.address && PO_BOX.test(built.profile.address.addressLine1)) {
    problems.add([...ERROR_ROOT, 'address', 'addressLine1'], 'must not be a PO box: give where the representative lives');
  }
  const responsibilities = buildResponsibilities(draft.responsibilities, problems);
  if (responsibilities) profile.responsibilities = responsibilities;
  return { profile, sensitive: built.sensitive };
}

const PATH = [...ERROR_ROOT, 'responsibilities'];

function buildResponsibilities(input: RepresentativeDraft['responsibilities'], problems: Problems): Responsibilities | undefined {
  if (!input) return undefined;
  const isController = input.isController === true;
  const isOwner = input.isOwner === true;
  const jobTitle = optionalText(input.jobTitle);
  if (!isController && !isOwner) problems.add([...PATH, 'isController'], 'a representative must be a controller, an owner or both');
  if (isOwner && input.ownershipPercentage === undefined) problems.add([...PATH, 'ownershipPercentage'], 'cannot be blank for an owner');
  if (!isOwner && input.ownershipPercentage !== undefined) problems.add([...PATH, 'ownershipPercentage'], 'must be empty unless isOwner is true');
  if (jobTitle !== undefined) problems.add([...PATH, 'jobTitle'], rules.printable(jobTitle));
  return {
    isController,
    isOwner,
    ...(isOwner && input.ownershipPercentage !== undefined ? { ownershipPercentage: input.ownershipPercentage } : {}),
    ...(jobTitle !== undefined ? { jobTitle } : {}),
  };
}

/** Owners' percentages of an account, with `candidate` in place of the representative it replaces. */
export function checkOwnershipTotal(
  others: readonly RepresentativeProfile[],
  candidate: RepresentativeProfile,
  problems: Problems,
): void {
  const share = (p: RepresentativeProfile) => (p.responsibilities?.isOwner ? (p.responsibilities.ownershipPercentage ?? 0) : 0);
  const total = others.reduce((sum, p) => sum + share(p), 0) + share(candidate);
  if (share(candidate) > 0 && total > 100) {
    problems.add([...PATH, 'ownershipPercentage'], `the owners' percentages would total ${total}; they can total at most 100`);
  }
}
