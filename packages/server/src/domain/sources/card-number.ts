import { CARD_BRANDS, CARD_TYPES } from '@railyard/contract';
import { isDigits, lengthBetween, MESSAGES } from './field-errors.ts';

/**
 * Card numbers (PANs): brand from the leading digits (the BIN ranges the four
 * networks publish), length per brand, and the Luhn check digit. Brand names
 * are SDK 26.2.0's `CardBrand` strings.
 */
export { CARD_BRANDS, CARD_TYPES };
export type CardBrand = (typeof CARD_BRANDS)[number];
export type SupportedCardBrand = Exclude<CardBrand, 'Unknown'>;

export type CardType = (typeof CARD_TYPES)[number];

/** ISO/IEC 7812 bounds for any PAN. */
export const PAN_MIN_LENGTH = 12;
export const PAN_MAX_LENGTH = 19;
export const BIN_LENGTH = 6;

/** Accepted PAN lengths per brand. */
export const PAN_LENGTHS: Readonly<Record<SupportedCardBrand, readonly number[]>> = {
  Visa: [13, 16, 19],
  Mastercard: [16],
  'American Express': [15],
  Discover: [16, 17, 18, 19],
};

export const CARD_NUMBER_MESSAGES = {
  unsupportedBrand: 'card brand is not supported (Visa, Mastercard, American Express and Discover are)',
  luhn: 'must be a valid card number (check digit does not match)',
} as const;

export type CardNumberCheck =
  | { ok: true; cardNumber: string; brand: SupportedCardBrand }
  | { ok: false; reason: string };

/** Validates a PAN exactly as given: digits only, no spaces or dashes. */
export function checkCardNumber(value: string): CardNumberCheck {
  if (value === '') return { ok: false, reason: MESSAGES.blank };
  if (!isDigits(value)) return { ok: false, reason: MESSAGES.digitsOnly };
  if (value.length < PAN_MIN_LENGTH || value.length > PAN_MAX_LENGTH) {
    return { ok: false, reason: lengthBetween(PAN_MIN_LENGTH, PAN_MAX_LENGTH) };
  }
  const brand = brandOf(value);
  if (brand === 'Unknown') return { ok: false, reason: CARD_NUMBER_MESSAGES.unsupportedBrand };
  const lengths = PAN_LENGTHS[brand];
  if (!lengths.includes(value.length)) {
    return { ok: false, reason: `must be ${lengths.join(', ')} digits long for ${brand}` };
  }
  if (!luhnValid(value)) return { ok: false, reason: CARD_NUMBER_MESSAGES.luhn };
  return { ok: true, cardNumber: value, brand };
}

/** The Luhn (mod 10) check over all digits, the last being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!isDigits(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand the leading digits belong to, or `Unknown`. */
export function brandOf(pan: string): CardBrand {
  const prefix = (length: number): number => Number(pan.slice(0, length));
  if (!isDigits(pan) || pan.length < BIN_LENGTH) return 'Unknown';
  if (prefix(2) === 34 || prefix(2) === 37) return 'American Express';
  if (pan.startsWith('4')) return 'Visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'Mastercard';
  if (
    prefix(4) === 6011 ||
    prefix(2) === 65 ||
    (prefix(3) >= 644 && prefix(3) <= 649) ||
    (prefix(6) >= 622126 && prefix(6) <= 622925)
  ) {
    return 'Discover';
  }
  return 'Unknown';
}

/** The issuer identification number shown as `bin`: the first six digits. */
export function binOf(pan: string): string {
  assertPan(pan);
  return pan.slice(0, BIN_LENGTH);
}

/** What `lastFourCardNumber` shows. */
export function lastFourCardNumber(pan: string): string {
  assertPan(pan);
  return pan.slice(-4);
}

function assertPan(pan: string): void {
  if (!isDigits(pan) || pan.length < PAN_MIN_LENGTH) throw new RangeError('needs a validated card number');
}
