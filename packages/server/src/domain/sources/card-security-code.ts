import type { CardBrand } from './card-number.ts';
import { isDigits, lengthExactly, MESSAGES } from './field-errors.ts';

/**
 * Card verification values: four digits on American Express (the CID printed
 * on the front), three on every other brand.
 */
export function cvvLength(brand: CardBrand): number {
  return brand === 'American Express' ? 4 : 3;
}

export type CvvCheck = { ok: true; cvv: string } | { ok: false; reason: string };

export function checkCvv(value: string, brand: CardBrand): CvvCheck {
  if (value === '') return { ok: false, reason: MESSAGES.blank };
  if (!isDigits(value)) return { ok: false, reason: MESSAGES.digitsOnly };
  const length = cvvLength(brand);
  if (value.length !== length) return { ok: false, reason: lengthExactly(length) };
  return { ok: true, cvv: value };
}
