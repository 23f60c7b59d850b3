import type { Clock } from '../../kernel/clock.ts';
import { checkCardAddress, type CardAddress } from './card-address.ts';
import { checkExpiration, type CardExpiration } from './card-expiration.ts';
import { checkCardNumber, type SupportedCardBrand } from './card-number.ts';
import { checkCvv } from './card-security-code.ts';
import { hasErrors, MESSAGES, summarizeFieldErrors, type Checked, type FieldErrors } from './field-errors.ts';
import { checkHolderName } from './holder-name.ts';

/** A link-card body after validation. `cardNumber` and `cardCvv` must never be stored. */
export interface LinkCardDetails {
  cardNumber: string;
  brand: SupportedCardBrand;
  cardCvv: string;
  expiration: CardExpiration;
  holderName?: string;
  billingAddress: CardAddress;
  cardOnFile: boolean;
  verifyName: boolean;
}

/** Loose on purpose: the body arrives as JSON. */
export interface LinkCardInput {
  cardNumber?: unknown;
  cardCvv?: unknown;
  expiration?: unknown;
  holderName?: unknown;
  billingAddress?: unknown;
  cardOnFile?: unknown;
  verifyName?: unknown;
}

export const LINK_CARD_MESSAGES = {
  mustBeBoolean: 'must be a boolean',
  verifyNameBrand: 'name verification is only supported for Visa and Mastercard',
  verifyNameNeedsHolder: 'is required when verifyName is true',
} as const;

/**
 * Checks a link-card body; refusals are keyed like `LinkCardError`, whose
 * members are all strings (a refused billing address folds into one line).
 */
export function checkLinkCard(input: LinkCardInput, clock: Clock): Checked<LinkCardDetails> {
  const errors: FieldErrors = {};

  let cardNumber: string | undefined;
  let brand: SupportedCardBrand | undefined;
  const number = requiredString(input.cardNumber);
  if (typeof number !== 'string') errors['cardNumber'] = number.reason;
  else {
    const checked = checkCardNumber(number);
    if (checked.ok) ({ cardNumber, brand } = checked);
    else errors['cardNumber'] = checked.reason;
  }

  let cardCvv: string | undefined;
  const cvv = requiredString(input.cardCvv);
  if (typeof cvv !== 'string') errors['cardCvv'] = cvv.reason;
  else if (brand !== undefined) {
    // The CVV's length depends on the brand; with no valid number it cannot be judged.
    const checked = checkCvv(cvv, brand);
    if (checked.ok) cardCvv = checked.cvv;
    else errors['cardCvv'] = checked.reason;
  }

  let expiration: CardExpiration | undefined;
  const checkedExpiration = checkExpiration(input.expiration, clock);
  if (checkedExpiration.ok) expiration = checkedExpiration.expiration;
  else errors['expiration'] = checkedExpiration.reason;

  let holderName: string | undefined;
  if (input.holderName !== undefined && input.holderName !== null) {
    if (typeof input.holderName !== 'string') errors['holderName'] = MESSAGES.mustBeString;
    else if (input.holderName.trim() !== '') {
      const checked = checkHolderName(input.holderName);
      if (checked.ok) holderName = checked.holderName;
      else errors['holderName'] = checked.reason;
    }
  }

  let billingAddress: CardAddress | undefined;
  const address = checkCardAddress(input.billingAddress);
  if (address.ok) billingAddress = address.value;
  else errors['billingAddress'] = summarizeFieldErrors(address.errors);

  const cardOnFile = optionalBoolean(input.cardOnFile);
  if (cardOnFile === undefined) errors['cardOnFile'] = LINK_CARD_MESSAGES.mustBeBoolean;
  const verifyName = optionalBoolean(input.verifyName);
  if (verifyName === undefined) errors['verifyName'] = LINK_CARD_MESSAGES.mustBeBoolean;
  if (verifyName === true) {
    if (brand !== undefined && brand !== 'Visa' && brand !== 'Mastercard') {
      errors['verifyName'] = LINK_CARD_MESSAGES.verifyNameBrand;
    }
    if (holderName === undefined && errors['holderName'] === undefined) {
      errors['holderName'] = LINK_CARD_MESSAGES.verifyNameNeedsHolder;
    }
  }

  if (
    hasErrors(errors) ||
    cardNumber === undefined ||
    brand === undefined ||
    cardCvv === undefined ||
    expiration === undefined ||
    billingAddress === undefined ||
    cardOnFile === undefined ||
    verifyName === undefined
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      cardNumber,
      brand,
      cardCvv,
      expiration,
      ...(holderName !== undefined ? { holderName } : {}),
      billingAddress,
      cardOnFile,
      verifyName,
    },
  };
}

function requiredString(value: unknown): string | { reason: string } {
  if (value === undefined || value === null) return { reason: MESSAGES.blank };
  if (typeof value !== 'string') return { reason: MESSAGES.mustBeString };
  return value;
}

/** false when absent; undefined when present but not a boolean. */
function optionalBoolean(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return false;
  return typeof value === 'boolean' ? value : undefined;
}
