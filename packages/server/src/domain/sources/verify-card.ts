import type { Clock } from '../../kernel/clock.ts';
import type { CardAddress } from './card-address.ts';
import type { CardExpiration } from './card-expiration.ts';
import { checkLinkCard, type LinkCardInput } from './card-input.ts';
import { binOf, lastFourCardNumber, type CardType, type SupportedCardBrand } from './card-number.ts';
import type { FieldErrors } from './field-errors.ts';
import {
  addressLine1Outcome,
  cvvOutcome,
  issuerProfile,
  postalCodeOutcome,
  type CardVerificationResult,
  type DomesticPullFromCard,
  type DomesticPushToCard,
  type IssuerProfile,
} from './sandbox-cards.ts';
import { nameVerificationOutcome, type AccountNameVerification } from './sandbox-name-verification.ts';

/** SDK `CardVerification`. */
export interface CardVerification {
  cvv: CardVerificationResult;
  addressLine1: CardVerificationResult;
  postalCode: CardVerificationResult;
  accountName?: AccountNameVerification;
}

/** Everything the sandbox's $0 authorization learns about a card: the storable part of a `Card`. */
export interface VerifiedCard {
  brand: SupportedCardBrand;
  cardType: CardType;
  cardCategory?: string;
  bin: string;
  lastFourCardNumber: string;
  expiration: CardExpiration;
  holderName?: string;
  billingAddress: CardAddress;
  cardVerification: CardVerification;
  issuer?: string;
  issuerCountry?: string;
  issuerURL?: string;
  issuerPhone?: string;
  commercial?: boolean;
  regulated?: boolean;
  cardOnFile: boolean;
  domesticPushToCard: DomesticPushToCard;
  domesticPullFromCard: DomesticPullFromCard;
}

export type CardVerificationOutcome =
  | {
      ok: true;
      /** For fingerprinting only; never store it, never echo it. */
      pan: string;
      card: VerifiedCard;
      /** Set on sandbox decline cards: later card transfers fail with this code. */
      declines?: IssuerProfile['declines'];
    }
  | { ok: false; errors: FieldErrors };

/**
 * Validates a link-card body and runs the sandbox's $0 authorization. A pure
 * function of the input and the clock: the same card always gives the same
 * answer. Verification results (e.g. a CVV `noMatch`) are reported, not
 * refused: what to allow on a mismatching card is the caller's policy.
 */
export function verifyCard(input: LinkCardInput, clock: Clock): CardVerificationOutcome {
  const checked = checkLinkCard(input, clock);
  if (!checked.ok) return checked;
  const details = checked.value;
  const profile = issuerProfile(details.cardNumber);
  const postalCode = postalCodeOutcome(details.billingAddress.postalCode, details.brand);
  const cardVerification: CardVerification = {
    cvv: cvvOutcome(details.cardCvv),
    addressLine1: addressLine1Outcome(details.billingAddress.addressLine1, postalCode),
    postalCode,
    ...(details.verifyName && details.holderName !== undefined
      ? { accountName: nameVerificationOutcome(details.holderName) }
      : {}),
  };
  const { declines, ...issuer } = profile;
  const card: VerifiedCard = {
    brand: details.brand,
    ...issuer,
    bin: binOf(details.cardNumber),
    lastFourCardNumber: lastFourCardNumber(details.cardNumber),
    expiration: details.expiration,
    ...(details.holderName !== undefined ? { holderName: details.holderName } : {}),
    billingAddress: details.billingAddress,
    cardVerification,
    cardOnFile: details.cardOnFile,
  };
  return { ok: true, pan: details.cardNumber, card, ...(declines !== undefined ? { declines } : {}) };
}
