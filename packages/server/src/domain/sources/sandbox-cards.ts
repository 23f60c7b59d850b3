import { CARD_VERIFICATION_RESULTS, DOMESTIC_PULL_FROM_CARD, DOMESTIC_PUSH_TO_CARD } from '@railyard/contract';
import type { CardBrand, CardType, SupportedCardBrand } from './card-number.ts';

/**
 * The sandbox's card network: test cards with their issuer data and
 * push/pull eligibility, and the magic CVV, postal-code and holder-name
 * values that choose verification outcomes (docs/api-behaviour.md §8). Values marked
 * [Railyard] are our choice where Moov documents none; docs/sandbox.md lists
 * them all.
 */
/** The vocabularies are the contract's (`CardVerificationResult`, `DomesticPushToCard`, `DomesticPullFromCard`). */
export { CARD_VERIFICATION_RESULTS, DOMESTIC_PULL_FROM_CARD, DOMESTIC_PUSH_TO_CARD };
export type CardVerificationResult = (typeof CARD_VERIFICATION_RESULTS)[number];
export type DomesticPushToCard = (typeof DOMESTIC_PUSH_TO_CARD)[number];
export type DomesticPullFromCard = (typeof DOMESTIC_PULL_FROM_CARD)[number];

/** The card failure code sandbox declines use (`CardTransactionFailureCode`). */
export const SANDBOX_DECLINE_CODE = 'do-not-honor';

export interface IssuerProfile {
  cardType: CardType;
  cardCategory?: string;
  issuer?: string;
  issuerCountry?: string;
  issuerURL?: string;
  issuerPhone?: string;
  commercial?: boolean;
  regulated?: boolean;
  domesticPushToCard: DomesticPushToCard;
  domesticPullFromCard: DomesticPullFromCard;
  /** Money-moving authorizations on this card are declined with this code; linking still succeeds. */
  declines?: typeof SANDBOX_DECLINE_CODE;
}

export interface SandboxCard extends IssuerProfile {
  pan: string;
  brand: SupportedCardBrand;
  purpose: string;
}

const SANDBOX_ISSUER = {
  issuer: 'Railyard Sandbox Bank',
  issuerCountry: 'US',
  issuerURL: 'https://railyard.invalid/sandbox-bank',
  issuerPhone: '+1 555 010 0000',
  commercial: false,
} as const;

const LINK_CARD = {
  ...SANDBOX_ISSUER,
  cardType: 'credit',
  cardCategory: 'CLASSIC',
  regulated: false,
  domesticPushToCard: 'not-supported',
  domesticPullFromCard: 'not-supported',
} as const satisfies IssuerProfile;

const PUSH_PULL_DEBIT = {
  ...SANDBOX_ISSUER,
  cardType: 'debit',
  cardCategory: 'CLASSIC',
  regulated: true,
  domesticPushToCard: 'fast-funds',
  domesticPullFromCard: 'supported',
} as const satisfies IssuerProfile;

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { pan: '4111111111111111', brand: 'Visa', purpose: 'link and card payments', ...LINK_CARD },
  { pan: '5555555555554444', brand: 'Mastercard', purpose: 'link and card payments', ...LINK_CARD },
  { pan: '6011111111111117', brand: 'Discover', purpose: 'link and card payments', ...LINK_CARD },
  { pan: '371111111111114', brand: 'American Express', purpose: 'link and card payments', ...LINK_CARD },
  { pan: '4111100010002000', brand: 'Visa', purpose: 'push-to-card / pull-from-card that complete', ...PUSH_PULL_DEBIT },
  // [Railyard] the failing push/pull cards: Moov names their existence, not their numbers.
  {
    pan: '4111100010002018',
    brand: 'Visa',
    purpose: 'push-to-card / pull-from-card that fail',
    ...PUSH_PULL_DEBIT,
    declines: SANDBOX_DECLINE_CODE,
  },
  { pan: '5555000010002002', brand: 'Mastercard', purpose: 'push-to-card / pull-from-card that complete', ...PUSH_PULL_DEBIT },
  {
    pan: '5555000010002010',
    brand: 'Mastercard',
    purpose: 'push-to-card / pull-from-card that fail',
    ...PUSH_PULL_DEBIT,
    declines: SANDBOX_DECLINE_CODE,
  },
  // [Railyard] a prepaid card with standard (not fast-funds) push and no pull.
  {
    pan: '4111100010003008',
    brand: 'Visa',
    purpose: 'prepaid card: standard push-to-card, no pull-from-card',
    ...SANDBOX_ISSUER,
    cardType: 'prepaid',
    cardCategory: 'PREPAID',
    regulated: true,
    domesticPushToCard: 'standard',
    domesticPullFromCard: 'not-supported',
  },
  { pan: '4000020000000000', brand: 'Visa', purpose: 'declined payments', ...LINK_CARD, declines: SANDBOX_DECLINE_CODE },
  { pan: '5555000022220022', brand: 'Mastercard', purpose: 'declined payments', ...LINK_CARD, declines: SANDBOX_DECLINE_CODE },
  { pan: '6011000022220002', brand: 'Discover', purpose: 'declined payments', ...LINK_CARD, declines: SANDBOX_DECLINE_CODE },
  // [Railyard] the transcribed Amex decline 3711000022220002 has 16 digits, which no Amex PAN has.
  { pan: '371100002222007', brand: 'American Express', purpose: 'declined payments', ...LINK_CARD, declines: SANDBOX_DECLINE_CODE },
];

const CARDS_BY_PAN = new Map(SANDBOX_CARDS.map((card) => [card.pan, card]));

/**
 * [Railyard] Any other valid card of a supported brand links too, but the
 * sandbox knows nothing about its issuer: type and push/pull eligibility are
 * `unknown`, so it yields `card-payment` only.
 */
export const UNKNOWN_ISSUER: IssuerProfile = {
  cardType: 'unknown',
  domesticPushToCard: 'unknown',
  domesticPullFromCard: 'unknown',
};

export function sandboxCard(pan: string): SandboxCard | undefined {
  return CARDS_BY_PAN.get(pan);
}

/** The issuer's side of a card: never its number, brand or test purpose. */
export function issuerProfile(pan: string): IssuerProfile {
  const card = sandboxCard(pan);
  if (card === undefined) return { ...UNKNOWN_ISSUER };
  const { pan: _pan, brand: _brand, purpose: _purpose, ...profile } = card;
  return profile;
}

/** CVV magic values: 111 / 1111 match, 222 noMatch, 888 notChecked, 999 unavailable; any other value matches. */
export function cvvOutcome(cvv: string): CardVerificationResult {
  if (/^(1{3,4})$/.test(cvv)) return 'match';
  if (/^(2{3,4})$/.test(cvv)) return 'noMatch';
  if (/^(8{3,4})$/.test(cvv)) return 'notChecked';
  if (/^(9{3,4})$/.test(cvv)) return 'unavailable';
  return 'match';
}

/**
 * AVS magic postal codes (first five characters): 11111 match, 22222 noMatch,
 * 88888 notChecked on Visa and Discover ([Railyard] unavailable on the brands
 * whose AVS has no "not checked" answer), 99999 unavailable; any other matches.
 */
export function postalCodeOutcome(postalCode: string, brand: CardBrand): CardVerificationResult {
  switch (postalCode.slice(0, 5)) {
    case '11111':
      return 'match';
    case '22222':
      return 'noMatch';
    case '88888':
      return brand === 'Visa' || brand === 'Discover' ? 'notChecked' : 'unavailable';
    case '99999':
      return 'unavailable';
    default:
      return 'match';
  }
}

/**
 * One AVS answer covers both address fields (SDK `CardVerification`).
 * [Railyard] With no address line sent, the line is `notChecked`.
 */
export function addressLine1Outcome(
  addressLine1: string | undefined,
  postalCodeResult: CardVerificationResult,
): CardVerificationResult {
  return addressLine1 === undefined ? 'notChecked' : postalCodeResult;
}
