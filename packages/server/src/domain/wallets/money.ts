/** Cents as the API's decimal string: 1234 → "12.34", -5 → "-0.05" (docs/api-behaviour.md §0). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`amount must be a safe integer of cents, not ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Wallets hold US dollars only for now. */
export const WALLET_CURRENCY = 'USD';
