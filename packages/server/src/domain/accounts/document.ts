import type { AccountView, RepresentativeView } from '@railyard/contract';
import type { AccountRow, CapabilityRow } from '../../store/repos/accounts.ts';
import type { SensitiveBusiness, SensitiveIndividual } from './profile.ts';
import { displayNameOf, searchNameOf } from './profile.ts';
import type { Acceptance } from './terms.ts';

/*
 * How an account is stored: `document` holds the public account (what GET
 * answers, minus the per-caller `disconnectedOn` and the `capabilities`
 * summary, which come from their own tables); `sensitive` holds what is never
 * answered: birth date, SSN/ITIN, EIN, and the details of ToS acceptance. The
 * birth date and the ID numbers are sealed in it (sealed-sensitive.ts,
 * docs/decisions/0504); what was sealed stays visible as present or absent,
 * which is all the capability requirements ask of it.
 */

export type StoredDocument = Omit<AccountView, 'capabilities' | 'disconnectedOn'>;

export interface StoredSensitive {
  individual?: SensitiveIndividual;
  business?: SensitiveBusiness;
  termsOfService?: Acceptance['kept'];
}

/**
 * The `sensitive` column as stored: the shape of StoredSensitive, each birth
 * date and ID number a sealed string (`rys1.…`), or, in a row stored before
 * 0504 and not sealed yet, the plain value.
 */
export interface SensitiveAtRest {
  individual?: {
    birthDate?: string | NonNullable<SensitiveIndividual['birthDate']>;
    governmentID?: SensitiveIndividual['governmentID'];
  };
  business?: SensitiveBusiness;
  termsOfService?: Acceptance['kept'];
}

export interface StoredAccount {
  row: AccountRow;
  document: StoredDocument;
  /** As stored: open it with `openSensitive` to read the values. */
  sensitive: SensitiveAtRest;
}

export function parseStored(row: AccountRow): StoredAccount {
  return {
    row,
    document: JSON.parse(row.document) as StoredDocument,
    sensitive: row.sensitive ? (JSON.parse(row.sensitive) as SensitiveAtRest) : {},
  };
}

/** The row for a document: indexed columns are derived from it, so they never drift apart. `sensitive` is sealed already. */
export function toRow(base: Pick<AccountRow, 'account_id' | 'created_by'>, document: StoredDocument, sensitive: SensitiveAtRest): AccountRow {
  const email = document.profile.individual?.email ?? document.profile.business?.email;
  const hasSensitive = Object.keys(sensitive).length > 0;
  return {
    account_id: base.account_id,
    created_by: base.created_by,
    mode: document.mode,
    account_type: document.accountType,
    display_name: document.displayName,
    search_name: searchNameOf(document.displayName, document.profile),
    email: email ? email.toLowerCase() : null,
    foreign_id: document.foreignID ?? null,
    document: JSON.stringify(document),
    sensitive: hasSensitive ? JSON.stringify(sensitive) : null,
    created_on: document.createdOn,
    updated_on: document.updatedOn,
  };
}

/** Recomputes the display name after a profile change. */
export function withDisplayName(document: StoredDocument): StoredDocument {
  return { ...document, displayName: displayNameOf(document.profile) };
}

/** The account as one caller sees it; a business lists its live representatives (kept in their own table). */
export function render(
  document: StoredDocument,
  capabilities: readonly CapabilityRow[],
  disconnectedOn: string | null,
  representatives: readonly RepresentativeView[] = [],
): AccountView {
  const view: AccountView = { ...document };
  const business = document.profile.business;
  if (business && representatives.length > 0) view.profile = { ...document.profile, business: { ...business, representatives: [...representatives] } };
  if (capabilities.length > 0) view.capabilities = capabilities.map((c) => ({ capability: c.capability, status: c.status }));
  if (disconnectedOn) view.disconnectedOn = disconnectedOn;
  return view;
}
