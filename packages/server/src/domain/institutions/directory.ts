import { PLACES_BY_DISTRICT, STREET_NAMES, STREET_SUFFIXES, fictionalPhone, stableHash, type Place } from '../enrichment/places.ts';
import { routingChecksumValid } from '../sources/routing-number.ts';
import { KNOWN_BANKS } from './known-banks.ts';

/*
 * Railyard's institution directory (decision 1754). The Fed's E-Payments
 * Routing Directory may not be redistributed, so Railyard ships none: the
 * directory is the sandbox bank table (known-banks.ts) plus sandbox institutions
 * generated here, the same on every run. Bank accounts take their bank name and
 * instant rails from it too (bank-accounts/bank-directory.ts). Generated routing numbers are well formed (a real Federal Reserve routing
 * symbol, the ABA check digit) and their names say "Sandbox", so none passes for
 * a real bank.
 */

export interface Institution {
  name: string;
  routingNumber: string;
  place: Place;
  street: string;
  phone: string;
  district: number;
  ach: true;
  rtp: boolean;
  wire: boolean;
  fedNow: boolean;
}

const STEMS = ['Citizens', 'Farmers', 'Merchants', 'Community', 'Heritage', 'Pioneer', 'Liberty', 'Summit', 'River Valley', 'Prairie', 'Harbor', 'Granite'];
const BANK_KINDS = ['Bank', 'Bank & Trust', 'National Bank', 'State Bank'];
const THRIFT_KINDS = ['Savings Bank', 'Credit Union', 'Federal Savings'];
/** Generated institutions per Federal Reserve district. */
const PER_DISTRICT = 16;

/** The check digit that makes eight digits a valid ABA routing number. */
export function abaCheckDigit(eight: string): string {
  for (let digit = 0; digit <= 9; digit++) if (routingChecksumValid(`${eight}${digit}`)) return String(digit);
  throw new Error(`no check digit for ${eight}`);
}

function streetFor(seed: string): string {
  const hash = stableHash(seed);
  return `${100 + (hash % 9800)} ${STREET_NAMES[hash % STREET_NAMES.length]} ${STREET_SUFFIXES[(hash >>> 8) % STREET_SUFFIXES.length]}`;
}

function generated(): Institution[] {
  const out: Institution[] = [];
  PLACES_BY_DISTRICT.forEach((places, index) => {
    const district = index + 1;
    for (let n = 0; n < PER_DISTRICT; n++) {
      const thrift = n % 4 === 3;
      const place = places[n % places.length]!;
      const symbol = String(thrift ? district + 20 : district).padStart(2, '0');
      // Third digit: the Reserve Bank office; fourth: the state within it; then a four-digit institution number.
      const eight = `${symbol}${1 + (n % places.length)}${(n % 9) + 1}${String(7000 + district * 100 + n).padStart(4, '0')}`;
      const routingNumber = `${eight}${abaCheckDigit(eight)}`;
      const stem = STEMS[(district + n) % STEMS.length]!;
      const kinds = thrift ? THRIFT_KINDS : BANK_KINDS;
      const name = `Sandbox ${stem} ${kinds[(district * 3 + n) % kinds.length]} of ${place.city}`;
      const hash = stableHash(routingNumber);
      out.push({
        name,
        routingNumber,
        place,
        street: streetFor(routingNumber),
        phone: fictionalPhone(routingNumber, '800').number,
        district,
        ach: true,
        rtp: hash % 3 === 0,
        wire: !thrift || hash % 2 === 0,
        fedNow: hash % 5 < 2,
      });
    }
  });
  return out;
}

function fromBankTable(): Institution[] {
  return [...KNOWN_BANKS.entries()].map(([routingNumber, facts]) => {
    const symbol = Number(routingNumber.slice(0, 2));
    const district = symbol > 20 ? symbol - 20 : symbol;
    const place = PLACES_BY_DISTRICT[Math.max(0, Math.min(11, district - 1))]![0]!;
    return {
      name: facts.bankName,
      routingNumber,
      place,
      street: streetFor(routingNumber),
      phone: fictionalPhone(routingNumber, '800').number,
      district,
      ach: true as const,
      rtp: facts.rtp,
      wire: true,
      fedNow: facts.fedNow,
    };
  });
}

/** The whole directory, by routing number; built once. */
export const DIRECTORY: readonly Institution[] = [...fromBankTable(), ...generated()].sort((a, b) => a.routingNumber.localeCompare(b.routingNumber));

const BY_ROUTING_NUMBER: ReadonlyMap<string, Institution> = new Map(DIRECTORY.map((institution) => [institution.routingNumber, institution]));

/** The institution with exactly this routing number, if the directory has it. */
export function findInstitution(routingNumber: string): Institution | undefined {
  return BY_ROUTING_NUMBER.get(routingNumber);
}

/** The routing number of each Federal Reserve Bank's own ACH office, the `servicingFRBNumber` of the Fed's records. */
export const SERVICING_FRB = ['011000015', '021001208', '031000040', '041000014', '051000033', '061000146', '071000301', '081000045', '091000080', '101000048', '111000038', '121000374'] as const;
