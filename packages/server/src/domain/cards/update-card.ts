import { isPlainObject, type ValidationMap } from '@railyard/contract';
import type { Clock } from '../../kernel/clock.ts';
import { CARD_ADDRESS_MAX_LENGTHS, checkCardAddress } from '../sources/card-address.ts';
import { checkExpiration } from '../sources/card-expiration.ts';
import { LINK_CARD_MESSAGES } from '../sources/card-input.ts';
import { checkCvv } from '../sources/card-security-code.ts';
import { MESSAGES, summarizeFieldErrors } from '../sources/field-errors.ts';
import { checkHolderName } from '../sources/holder-name.ts';
import { addressLine1Outcome, cvvOutcome, postalCodeOutcome } from '../sources/sandbox-cards.ts';
import { nameVerificationOutcome } from '../sources/sandbox-name-verification.ts';
import { CARD_MESSAGES, checkMerchantAccountID, e2eeRefusal } from './card-messages.ts';
import type { StoredCard } from '../sources/stored-card.ts';

/** A PATCH body as it arrives: every field optional and loosely typed (the contract leaves checks to us). */
export interface CardPatch {
  e2ee?: unknown;
  billingAddress?: unknown;
  expiration?: unknown;
  cardCvv?: unknown;
  cardOnFile?: unknown;
  merchantAccountID?: unknown;
  verifyName?: unknown;
  holderName?: unknown;
}

export type CardPatchResult = { ok: true; card: StoredCard } | { ok: false; errors: ValidationMap };

/**
 * Applies a PATCH to a stored card, or answers `UpdateCardError` (one string
 * per field). Only the fields sent change. What the sandbox re-verifies:
 * a new CVV runs a new $0 authorization (CVV and address results); a new
 * billing address re-runs address verification (the old answer described the
 * old address); `verifyName: true` re-checks the holder name; a changed holder
 * name without it drops the old name result, which described the old name.
 */
export function applyCardPatch(stored: StoredCard, patch: CardPatch, clock: Clock): CardPatchResult {
  const errors: ValidationMap = {};
  const card: StoredCard = structuredClone(stored);

  if (patch.e2ee !== undefined && patch.e2ee !== null) errors['e2ee'] = e2eeRefusal();

  let addressChanged = false;
  if (patch.billingAddress !== undefined && patch.billingAddress !== null) {
    if (!isPlainObject(patch.billingAddress)) errors['billingAddress'] = CARD_MESSAGES.mustBeObject;
    else {
      const merged: Record<string, unknown> = { ...card.billingAddress };
      for (const field of Object.keys(CARD_ADDRESS_MAX_LENGTHS)) {
        if (field in patch.billingAddress && patch.billingAddress[field] !== undefined) merged[field] = patch.billingAddress[field];
      }
      const checked = checkCardAddress(merged);
      if (checked.ok) {
        card.billingAddress = checked.value;
        addressChanged = true;
      } else errors['billingAddress'] = summarizeFieldErrors(checked.errors);
    }
  }

  if (patch.expiration !== undefined && patch.expiration !== null) {
    if (!isPlainObject(patch.expiration)) errors['expiration'] = CARD_MESSAGES.mustBeObject;
    else {
      const merged = { ...card.expiration } as Record<string, unknown>;
      if (patch.expiration['month'] !== undefined) merged['month'] = patch.expiration['month'];
      if (patch.expiration['year'] !== undefined) merged['year'] = patch.expiration['year'];
      const checked = checkExpiration(merged, clock);
      if (checked.ok) card.expiration = checked.expiration;
      else errors['expiration'] = checked.reason;
    }
  }

  let cvv: string | undefined;
  if (patch.cardCvv !== undefined && patch.cardCvv !== null) {
    if (typeof patch.cardCvv !== 'string') errors['cardCvv'] = MESSAGES.mustBeString;
    else {
      const checked = checkCvv(patch.cardCvv, card.brand);
      if (checked.ok) cvv = checked.cvv;
      else errors['cardCvv'] = checked.reason;
    }
  }

  let holderNameChanged = false;
  if (patch.holderName !== undefined && patch.holderName !== null) {
    if (typeof patch.holderName !== 'string') errors['holderName'] = MESSAGES.mustBeString;
    else if (patch.holderName.trim() === '') {
      holderNameChanged = card.holderName !== undefined;
      delete card.holderName;
    } else {
      const checked = checkHolderName(patch.holderName);
      if (checked.ok) {
        holderNameChanged = checked.holderName !== card.holderName;
        card.holderName = checked.holderName;
      } else errors['holderName'] = checked.reason;
    }
  }

  if (patch.cardOnFile !== undefined && patch.cardOnFile !== null) {
    if (typeof patch.cardOnFile !== 'boolean') errors['cardOnFile'] = LINK_CARD_MESSAGES.mustBeBoolean;
    else card.cardOnFile = patch.cardOnFile;
  }

  if (patch.merchantAccountID !== undefined && patch.merchantAccountID !== null) {
    const checked = checkMerchantAccountID(patch.merchantAccountID);
    if (checked.ok) card.merchantAccountID = checked.merchantAccountID;
    else errors['merchantAccountID'] = checked.reason;
  }

  let verifyName = false;
  if (patch.verifyName !== undefined && patch.verifyName !== null) {
    if (typeof patch.verifyName !== 'boolean') errors['verifyName'] = LINK_CARD_MESSAGES.mustBeBoolean;
    else verifyName = patch.verifyName;
  }
  if (verifyName) {
    if (card.brand !== 'Visa' && card.brand !== 'Mastercard') errors['verifyName'] = LINK_CARD_MESSAGES.verifyNameBrand;
    else if (card.holderName === undefined && errors['holderName'] === undefined) {
      errors['holderName'] = LINK_CARD_MESSAGES.verifyNameNeedsHolder;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const verification = card.cardVerification;
  if (cvv !== undefined) verification.cvv = cvvOutcome(cvv);
  if (cvv !== undefined || addressChanged) {
    verification.postalCode = postalCodeOutcome(card.billingAddress.postalCode, card.brand);
    verification.addressLine1 = addressLine1Outcome(card.billingAddress.addressLine1, verification.postalCode);
  }
  if (verifyName && card.holderName !== undefined) verification.accountName = nameVerificationOutcome(card.holderName);
  else if (holderNameChanged) delete verification.accountName;
  return { ok: true, card };
}
