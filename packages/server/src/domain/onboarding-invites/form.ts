import { CreateAccount, type CreateAccountInput, type ValidationMap } from '@railyard/contract';
import type { InviteSettings } from './settings.ts';

/*
 * The invite page's form (decision 1751): which fields it has, how a submission
 * becomes the account to create, and how the account's validation messages map
 * back onto the fields. Plain data, no HTML: http/onboarding-page/ renders it.
 */

export const FORM_FIELDS = [
  'accountType',
  'business.legalBusinessName',
  'business.email',
  'business.phone',
  'business.website',
  'individual.firstName',
  'individual.lastName',
  'individual.email',
  'individual.phone',
  'acceptTerms',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The values of a form as typed (or prefilled); all strings, none trusted. */
export type FormValues = Partial<Record<FormField, string>>;

/** Longest value a field takes: a form post never carries more than a few kilobytes of it. */
export const MAX_FIELD_LENGTH = 256;

/** Messages by field; `general` holds those no field shows (a bad prefill, say). */
export type FormErrors = Partial<Record<FormField | 'general', string>>;

/** Who submitted the form, for the terms-of-service acceptance record. */
export interface Submitter {
  ip: string;
  userAgent: string;
  /** The page's host, as the domain the terms were accepted through. */
  domain: string;
}

/** Reads a parsed form body: known fields only, strings only, trimmed and bounded. */
export function readForm(body: unknown): { values: FormValues; errors: FormErrors } {
  const values: FormValues = {};
  const errors: FormErrors = {};
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const field of FORM_FIELDS) {
    const raw = source[field];
    if (raw === undefined) continue;
    if (typeof raw !== 'string') {
      errors[field] = 'must be sent once';
      continue;
    }
    if (raw.length > MAX_FIELD_LENGTH) errors[field] = `the length must be no more than ${MAX_FIELD_LENGTH}`;
    values[field] = raw.trim().slice(0, MAX_FIELD_LENGTH);
  }
  return { values, errors };
}

/** The values the form opens with: what the platform prefilled. */
export function prefilledValues(settings: InviteSettings): FormValues {
  const prefill = settings.prefill;
  const business = prefill?.profile.business;
  const individual = prefill?.profile.individual;
  const values: FormValues = {};
  if (prefill?.accountType) values.accountType = prefill.accountType;
  if (business?.legalBusinessName) values['business.legalBusinessName'] = business.legalBusinessName;
  if (business?.email) values['business.email'] = business.email;
  if (business?.phone?.number) values['business.phone'] = business.phone.number;
  if (business?.website) values['business.website'] = business.website;
  if (individual?.name.firstName) values['individual.firstName'] = individual.name.firstName;
  if (individual?.name.lastName) values['individual.lastName'] = individual.name.lastName;
  if (individual?.email) values['individual.email'] = individual.email;
  if (individual?.phone?.number) values['individual.phone'] = individual.phone.number;
  return values;
}

const opt = (value: string | undefined) => (value ? value : undefined);

/**
 * The account to create: the prefill, with what the person typed on top, the
 * invite's capabilities, and their acceptance of the terms when they ticked it.
 */
export function accountFromForm(settings: InviteSettings, values: FormValues, submitter: Submitter, now: Date): CreateAccountInput | FormErrors {
  const accountType = settings.prefill?.accountType ?? values.accountType;
  if (accountType !== 'business' && accountType !== 'individual') return { accountType: 'choose business or individual' };
  if (values.acceptTerms !== 'yes') return { acceptTerms: 'the terms of service must be accepted' };
  const prefill = settings.prefill;
  const input: CreateAccountInput = {
    ...(prefill ?? {}),
    accountType,
    profile: {},
    capabilities: settings.capabilities,
    termsOfService: {
      manual: { acceptedDate: now.toISOString(), acceptedIP: submitter.ip, acceptedUserAgent: submitter.userAgent || 'unknown', acceptedDomain: submitter.domain },
    },
  };
  delete input.mode;
  if (accountType === 'business') {
    const base = prefill?.profile.business;
    const phone = opt(values['business.phone']);
    input.profile.business = {
      ...(base ?? {}),
      legalBusinessName: values['business.legalBusinessName'] ?? '',
      ...(opt(values['business.email']) ? { email: values['business.email'] } : {}),
      ...(phone ? { phone: { number: phone.replace(/[^0-9]/g, ''), countryCode: '1' } } : {}),
      ...(opt(values['business.website']) ? { website: values['business.website'] } : {}),
    };
  } else {
    const base = prefill?.profile.individual;
    const phone = opt(values['individual.phone']);
    input.profile.individual = {
      ...(base ?? {}),
      name: { ...(base?.name ?? {}), firstName: values['individual.firstName'] ?? '', lastName: values['individual.lastName'] ?? '' },
      ...(opt(values['individual.email']) ? { email: values['individual.email'] } : {}),
      ...(phone ? { phone: { number: phone.replace(/[^0-9]/g, ''), countryCode: '1' } } : {}),
    };
  }
  return input;
}

/** Where each message of the account's 422 map belongs on the form. */
export function formErrorsFrom(fields: ValidationMap): FormErrors {
  const errors: FormErrors = {};
  const walk = (map: ValidationMap, path: string[]) => {
    for (const [key, value] of Object.entries(map)) {
      if (typeof value === 'object') walk(value, [...path, key]);
      else place(errors, [...path, key], value);
    }
  };
  walk(fields, []);
  return errors;
}

function place(errors: FormErrors, path: string[], message: string): void {
  const dotted = path.join('.');
  const field = FIELD_OF_PATH[dotted] ?? (dotted.startsWith('termsOfService') ? 'acceptTerms' : undefined);
  if (field) errors[field] ??= message;
  else errors.general ??= `${dotted}: ${message}`;
}

const FIELD_OF_PATH: Record<string, FormField> = {
  'accountType': 'accountType',
  'profile.business.legalBusinessName': 'business.legalBusinessName',
  'profile.business.email': 'business.email',
  'profile.business.phone.number': 'business.phone',
  'profile.business.phone': 'business.phone',
  'profile.business.website': 'business.website',
  'profile.individual.name.firstName': 'individual.firstName',
  'profile.individual.name.lastName': 'individual.lastName',
  'profile.individual.email': 'individual.email',
  'profile.individual.phone.number': 'individual.phone',
  'profile.individual.phone': 'individual.phone',
};

/**
 * The account's shape checked as the API checks a POST /accounts body (lengths,
 * types), before the accounts service checks its meaning: the form builds the
 * body itself, so nothing else would bound what was typed.
 */
export function shapeErrors(input: CreateAccountInput): FormErrors | undefined {
  const parsed = CreateAccount.safeParse(input);
  if (parsed.success) return undefined;
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) place(errors, issue.path.map(String), issue.message);
  return errors;
}
