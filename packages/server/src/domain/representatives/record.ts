import type { RepresentativeView } from '@railyard/contract';
import type { RepresentativeRow } from '../../store/repos/representatives.ts';
import type { Sealer } from '../sources/sealed-secret.ts';
import type { AddressDoc, PhoneDoc, SensitiveIndividual } from '../accounts/profile.ts';
import { openRepresentativeValues, type SealedRepresentativeValues } from './sealed.ts';

/** The shown part of a representative, as kept in the `profile` column. */
export interface RepresentativeProfile {
  name: RepresentativeView['name'];
  phone?: PhoneDoc;
  email?: string;
  address?: AddressDoc;
  responsibilities?: Responsibilities;
}

export interface Responsibilities {
  isController: boolean;
  isOwner: boolean;
  ownershipPercentage?: number;
  jobTitle?: string;
}

/** What the requirements and rules read of a stored representative: shown fields, and which sensitive ones are there. */
export interface StoredRepresentative {
  row: RepresentativeRow;
  profile: RepresentativeProfile;
  sealed: SealedRepresentativeValues;
}

export function parseRepresentative(row: RepresentativeRow): StoredRepresentative {
  return { row, profile: JSON.parse(row.profile) as RepresentativeProfile, sealed: JSON.parse(row.sensitive) as SealedRepresentativeValues };
}

export function openedValues(sealer: Sealer, stored: StoredRepresentative): SensitiveIndividual {
  return openRepresentativeValues(sealer, stored.row.representative_id, stored.sealed);
}

/** Moov's answer: the shown fields, and only whether a birth date and a government ID were given. */
export function renderRepresentative(stored: StoredRepresentative): RepresentativeView {
  const { profile, sealed, row } = stored;
  const view: RepresentativeView = { representativeID: row.representative_id, name: profile.name, createdOn: row.created_on, updatedOn: row.updated_on };
  if (profile.phone) view.phone = profile.phone;
  if (profile.email !== undefined) view.email = profile.email;
  if (profile.address) view.address = profile.address;
  view.birthDateProvided = sealed.birthDate !== undefined;
  view.governmentIDProvided = sealed.governmentID?.ssn !== undefined || sealed.governmentID?.itin !== undefined;
  if (profile.responsibilities) view.responsibilities = profile.responsibilities;
  if (row.deleted_on) view.disabledOn = row.deleted_on;
  return view;
}
