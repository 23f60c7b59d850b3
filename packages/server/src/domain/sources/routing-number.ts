import { isDigits, lengthExactly, MESSAGES } from './field-errors.ts';

/**
 * ABA routing transit numbers: nine digits, where the first two are the
 * Federal Reserve routing symbol and the ninth is a check digit (weights
 * 3-7-1 repeated, the weighted sum must be a multiple of 10).
 */
export const ROUTING_NUMBER_LENGTH = 9;

export type RoutingNumberCheck = { ok: true; routingNumber: string } | { ok: false; reason: string };

/** What the two leading digits say about the institution. */
export type RoutingSymbolKind = 'government' | 'primary' | 'thrift' | 'electronic' | 'travelers-cheque';

export const ROUTING_MESSAGES = {
  prefix: 'must start with a valid Federal Reserve routing symbol (00-12, 21-32, 61-72 or 80)',
  checksum: 'must be a valid ABA routing number (check digit does not match)',
  allZeros: 'must be a valid ABA routing number (cannot be all zeros)',
} as const;

const FEDERAL_RESERVE_DISTRICTS = [
  'Boston', 'New York', 'Philadelphia', 'Cleveland', 'Richmond', 'Atlanta',
  'Chicago', 'St. Louis', 'Minneapolis', 'Kansas City', 'Dallas', 'San Francisco',
] as const;

/** Validates a routing number exactly as given: no trimming, no separators. */
export function checkRoutingNumber(value: string): RoutingNumberCheck {
  if (value === '') return { ok: false, reason: MESSAGES.blank };
  if (!isDigits(value)) return { ok: false, reason: MESSAGES.digitsOnly };
  if (value.length !== ROUTING_NUMBER_LENGTH) return { ok: false, reason: lengthExactly(ROUTING_NUMBER_LENGTH) };
  // 000000000 passes both the prefix and the checksum rules, yet names no bank.
  if (/^0+$/.test(value)) return { ok: false, reason: ROUTING_MESSAGES.allZeros };
  if (routingSymbolKind(value) === undefined) return { ok: false, reason: ROUTING_MESSAGES.prefix };
  if (!routingChecksumValid(value)) return { ok: false, reason: ROUTING_MESSAGES.checksum };
  return { ok: true, routingNumber: value };
}

/** 3-7-1 weighted checksum over nine digits; false for anything that is not nine digits. */
export function routingChecksumValid(value: string): boolean {
  if (value.length !== ROUTING_NUMBER_LENGTH || !isDigits(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < ROUTING_NUMBER_LENGTH; i++) sum += Number(value[i]) * (weights[i] as number);
  return sum % 10 === 0;
}

/** The kind of routing symbol in the first two digits, or undefined when the Fed assigns none. */
export function routingSymbolKind(value: string): RoutingSymbolKind | undefined {
  const prefix = Number(value.slice(0, 2));
  if (!/^[0-9]{2}/.test(value)) return undefined;
  if (prefix === 0) return 'government';
  if (prefix >= 1 && prefix <= 12) return 'primary';
  if (prefix >= 21 && prefix <= 32) return 'thrift';
  if (prefix >= 61 && prefix <= 72) return 'electronic';
  if (prefix === 80) return 'travelers-cheque';
  return undefined;
}

/**
 * The Federal Reserve district a routing number belongs to (01 and 21 and 61 are
 * Boston, …), or undefined for government (00) and travelers-cheque (80)
 * symbols. Railyard has no bank directory; this gives sandbox bank names a
 * stable, truthful hint of where the number points.
 */
export function federalReserveDistrict(value: string): string | undefined {
  const kind = routingSymbolKind(value);
  if (kind === undefined || kind === 'government' || kind === 'travelers-cheque') return undefined;
  const district = Number(value.slice(0, 2)) % 20;
  return FEDERAL_RESERVE_DISTRICTS[district - 1];
}
