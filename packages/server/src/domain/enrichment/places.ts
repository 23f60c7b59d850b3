/*
 * US places the sandbox data is drawn from (decisions 1754 and 1755): real city
 * names, states and a downtown ZIP code of each, grouped by Federal Reserve
 * district so the sandbox institutions of a district sit in it. Street names and
 * house numbers are made up.
 */

export interface Place {
  city: string;
  state: string;
  postalCode: string;
}

/** By Federal Reserve district, 1 (Boston) to 12 (San Francisco). */
export const PLACES_BY_DISTRICT: readonly (readonly Place[])[] = [
  [{ city: 'Boston', state: 'MA', postalCode: '02110' }, { city: 'Hartford', state: 'CT', postalCode: '06103' }, { city: 'Portland', state: 'ME', postalCode: '04101' }, { city: 'Burlington', state: 'VT', postalCode: '05401' }, { city: 'Providence', state: 'RI', postalCode: '02903' }],
  [{ city: 'New York', state: 'NY', postalCode: '10004' }, { city: 'Buffalo', state: 'NY', postalCode: '14202' }, { city: 'Newark', state: 'NJ', postalCode: '07102' }],
  [{ city: 'Philadelphia', state: 'PA', postalCode: '19106' }, { city: 'Wilmington', state: 'DE', postalCode: '19801' }, { city: 'Trenton', state: 'NJ', postalCode: '08608' }],
  [{ city: 'Cleveland', state: 'OH', postalCode: '44114' }, { city: 'Pittsburgh', state: 'PA', postalCode: '15222' }, { city: 'Cincinnati', state: 'OH', postalCode: '45202' }, { city: 'Lexington', state: 'KY', postalCode: '40507' }],
  [{ city: 'Richmond', state: 'VA', postalCode: '23219' }, { city: 'Baltimore', state: 'MD', postalCode: '21202' }, { city: 'Charlotte', state: 'NC', postalCode: '28202' }, { city: 'Charleston', state: 'WV', postalCode: '25301' }, { city: 'Columbia', state: 'SC', postalCode: '29201' }],
  [{ city: 'Atlanta', state: 'GA', postalCode: '30303' }, { city: 'Miami', state: 'FL', postalCode: '33131' }, { city: 'Nashville', state: 'TN', postalCode: '37203' }, { city: 'Birmingham', state: 'AL', postalCode: '35203' }, { city: 'New Orleans', state: 'LA', postalCode: '70112' }],
  [{ city: 'Chicago', state: 'IL', postalCode: '60604' }, { city: 'Detroit', state: 'MI', postalCode: '48226' }, { city: 'Des Moines', state: 'IA', postalCode: '50309' }, { city: 'Indianapolis', state: 'IN', postalCode: '46204' }, { city: 'Milwaukee', state: 'WI', postalCode: '53202' }],
  [{ city: 'St. Louis', state: 'MO', postalCode: '63102' }, { city: 'Little Rock', state: 'AR', postalCode: '72201' }, { city: 'Louisville', state: 'KY', postalCode: '40202' }, { city: 'Memphis', state: 'TN', postalCode: '38103' }],
  [{ city: 'Minneapolis', state: 'MN', postalCode: '55401' }, { city: 'Helena', state: 'MT', postalCode: '59601' }, { city: 'Fargo', state: 'ND', postalCode: '58102' }, { city: 'Sioux Falls', state: 'SD', postalCode: '57104' }],
  [{ city: 'Kansas City', state: 'MO', postalCode: '64106' }, { city: 'Denver', state: 'CO', postalCode: '80202' }, { city: 'Boulder', state: 'CO', postalCode: '80301' }, { city: 'Omaha', state: 'NE', postalCode: '68102' }, { city: 'Oklahoma City', state: 'OK', postalCode: '73102' }, { city: 'Albuquerque', state: 'NM', postalCode: '87102' }],
  [{ city: 'Dallas', state: 'TX', postalCode: '75201' }, { city: 'Houston', state: 'TX', postalCode: '77002' }, { city: 'San Antonio', state: 'TX', postalCode: '78205' }, { city: 'El Paso', state: 'TX', postalCode: '79901' }],
  [{ city: 'San Francisco', state: 'CA', postalCode: '94105' }, { city: 'Los Angeles', state: 'CA', postalCode: '90012' }, { city: 'Seattle', state: 'WA', postalCode: '98101' }, { city: 'Portland', state: 'OR', postalCode: '97204' }, { city: 'Salt Lake City', state: 'UT', postalCode: '84111' }, { city: 'Phoenix', state: 'AZ', postalCode: '85004' }, { city: 'Las Vegas', state: 'NV', postalCode: '89101' }, { city: 'Honolulu', state: 'HI', postalCode: '96813' }],
];

export const ALL_PLACES: readonly Place[] = PLACES_BY_DISTRICT.flat();

export const STREET_NAMES = [
  'Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Walnut', 'Sunset', 'Lincoln',
  'Jackson', 'Highland', 'Broadway', 'Market', 'Church', 'Center', 'Spring', 'Mill', 'River', 'Ridge', 'Pearl', 'Canyon',
] as const;

export const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Ct', 'Pl', 'Pkwy'] as const;

/** A stable unsigned 32-bit hash (FNV-1a) of a text: the sandbox's only source of variety. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A fictional US phone number: the 555-0100 to 555-0199 block is reserved for fiction. */
export function fictionalPhone(seed: string, areaCode = '303'): { number: string; countryCode: string } {
  return { number: `${areaCode}5550${String(100 + (stableHash(seed) % 100)).padStart(3, '0')}`, countryCode: '1' };
}
