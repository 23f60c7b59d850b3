import { hasErrors, lengthAtMost, MESSAGES, type Checked, type FieldErrors } from './field-errors.ts';

/**
 * A card's billing address (`CardAddress`): only `postalCode` is required;
 * the length limits are the OpenAPI `maxLength`s. US addresses (no country,
 * or `US`) need a ZIP or ZIP+4; others any 1-10 letters, digits, spaces or dashes.
 */
export interface CardAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode: string;
  country?: string;
}

export const CARD_ADDRESS_MAX_LENGTHS = {
  addressLine1: 60,
  addressLine2: 32,
  city: 32,
  stateOrProvince: 2,
  postalCode: 10,
  country: 2,
} as const;

export const CARD_ADDRESS_MESSAGES = {
  usPostalCode: 'must be a 5-digit ZIP code or ZIP+4',
  postalCode: 'must be letters, digits, spaces or dashes',
  twoLetters: 'must be two letters',
} as const;

type AddressField = keyof typeof CARD_ADDRESS_MAX_LENGTHS;

export function checkCardAddress(input: unknown): Checked<CardAddress> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { postalCode: MESSAGES.blank } };
  }
  const raw = input as Partial<Record<AddressField, unknown>>;
  const errors: FieldErrors = {};
  const address: Partial<CardAddress> = {};
  for (const field of Object.keys(CARD_ADDRESS_MAX_LENGTHS) as AddressField[]) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      errors[field] = MESSAGES.mustBeString;
      continue;
    }
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if ([...trimmed].length > CARD_ADDRESS_MAX_LENGTHS[field]) {
      errors[field] = lengthAtMost(CARD_ADDRESS_MAX_LENGTHS[field]);
      continue;
    }
    address[field] = trimmed;
  }
  for (const field of ['stateOrProvince', 'country'] as const) {
    const value = address[field];
    if (value !== undefined && !/^[A-Za-z]{2}$/.test(value)) errors[field] = CARD_ADDRESS_MESSAGES.twoLetters;
    else if (value !== undefined) address[field] = value.toUpperCase();
  }
  const postalCode = address.postalCode;
  if (postalCode === undefined) {
    if (errors['postalCode'] === undefined) errors['postalCode'] = MESSAGES.blank;
  } else {
    const isUS = address.country === undefined || address.country === 'US';
    if (isUS && !/^[0-9]{5}(-?[0-9]{4})?$/.test(postalCode)) errors['postalCode'] = CARD_ADDRESS_MESSAGES.usPostalCode;
    if (!isUS && !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(postalCode)) errors['postalCode'] = CARD_ADDRESS_MESSAGES.postalCode;
  }
  if (hasErrors(errors) || postalCode === undefined) return { ok: false, errors };
  return { ok: true, value: { ...address, postalCode } };
}
