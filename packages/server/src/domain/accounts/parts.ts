import type { AccountView } from '@railyard/contract';
import * as rules from './rules.ts';
import { buildAddress, buildEmail, buildPhone, type AddressInput, type PhoneInput } from './profile.ts';
import { optionalText, type Problems } from './problems.ts';

/* Account-level parts besides the profile: customer support, settings, foreign ID. */

export type CustomerSupportDoc = NonNullable<AccountView['customerSupport']>;
export type SettingsDoc = NonNullable<AccountView['settings']>;

export interface CustomerSupportInput {
  phone?: PhoneInput | undefined;
  email?: string | undefined;
  address?: AddressInput | undefined;
  website?: string | undefined;
}
export interface SettingsInput {
  cardPayment?: { statementDescriptor?: string | undefined } | undefined;
  achPayment?: { companyName?: string | undefined } | undefined;
}

export function buildCustomerSupport(input: CustomerSupportInput | undefined, problems: Problems): CustomerSupportDoc | undefined {
  if (!input) return undefined;
  const doc: CustomerSupportDoc = {};
  const phone = buildPhone(input.phone, ['customerSupport', 'phone'], problems);
  if (phone) doc.phone = phone;
  const email = buildEmail(input.email, ['customerSupport', 'email'], problems);
  if (email !== undefined) doc.email = email;
  const address = buildAddress(input.address, ['customerSupport', 'address'], problems);
  if (address) doc.address = address;
  const site = optionalText(input.website);
  if (site !== undefined) {
    problems.add(['customerSupport', 'website'], rules.website(site));
    doc.website = site;
  }
  return Object.keys(doc).length > 0 ? doc : undefined;
}

/** Card settings only make sense for businesses (Moov: "only allowed on a business account"). */
export function buildSettings(
  input: SettingsInput | undefined,
  accountType: string,
  problems: Problems,
): SettingsDoc | undefined {
  if (!input) return undefined;
  const doc: SettingsDoc = {};
  const descriptor = optionalText(input.cardPayment?.statementDescriptor);
  if (descriptor !== undefined) {
    const path = ['settings', 'cardPayment', 'statementDescriptor'];
    problems.add(path, accountType === 'business' ? rules.statementDescriptor(descriptor) : 'only allowed on a business account');
    doc.cardPayment = { statementDescriptor: descriptor };
  }
  const companyName = optionalText(input.achPayment?.companyName);
  if (companyName !== undefined) {
    problems.add(['settings', 'achPayment', 'companyName'], rules.achCompanyName(companyName));
    doc.achPayment = { companyName };
  }
  return Object.keys(doc).length > 0 ? doc : undefined;
}

/**
 * Settings a new business account starts with, from its display name: Moov
 * defaults both descriptors to the display name, cut to their limits.
 */
export function defaultSettings(displayName: string, accountType: string): SettingsDoc | undefined {
  if (accountType !== 'business') return undefined;
  const doc: SettingsDoc = {};
  const descriptor = displayName.replace(/[^a-zA-Z0-9.!*\-+_ ]/g, '').slice(0, 22).trim();
  if (descriptor.length >= 4) doc.cardPayment = { statementDescriptor: descriptor };
  const company = displayName.replace(/[^a-zA-Z0-9\- ]/g, '').slice(0, 16).trim();
  if (company.length >= 1) doc.achPayment = { companyName: company };
  return Object.keys(doc).length > 0 ? doc : undefined;
}

/** Merges stored settings with new ones field by field; new values win. */
export function mergeSettings(stored: SettingsDoc | undefined, next: SettingsDoc | undefined): SettingsDoc | undefined {
  if (!stored) return next;
  if (!next) return stored;
  return {
    ...((next.cardPayment ?? stored.cardPayment) ? { cardPayment: next.cardPayment ?? stored.cardPayment! } : {}),
    ...((next.achPayment ?? stored.achPayment) ? { achPayment: next.achPayment ?? stored.achPayment! } : {}),
  };
}

export function checkForeignID(value: string | undefined, problems: Problems): string | undefined {
  const id = optionalText(value);
  if (id !== undefined) problems.add(['foreignID'], rules.foreignID(id));
  return id;
}
