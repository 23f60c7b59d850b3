/*
 * The countries an account may name as countries of operation (decision 1752).
 * Codes are ISO 3166-1 alpha-2, the officially assigned ones; names are the
 * English names the Unicode CLDR gives them, read from the runtime's
 * `Intl.DisplayNames` (every Node.js build carries CLDR), so no country table
 * is bundled beyond the list of codes.
 */

const ISO_3166_ALPHA2 = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE
GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP
KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF
NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN
SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA
ZM ZW`.split(/\s+/);

/**
 * Countries under comprehensive US sanctions (OFAC's country-wide programmes:
 * Cuba, Iran, North Korea, Syria). A US payments platform cannot serve a
 * business that operates there, so these are refused rather than stored.
 */
export const SANCTIONED = new Set(['CU', 'IR', 'KP', 'SY']);

export interface Country {
  code: string;
  name: string;
}

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const COUNTRIES: readonly Country[] = ISO_3166_ALPHA2.map((code) => ({ code, name: names.of(code) ?? code }));

/** Lower-cased code or name → country. */
const LOOKUP = new Map<string, Country>();
for (const country of COUNTRIES) {
  LOOKUP.set(country.code.toLowerCase(), country);
  LOOKUP.set(country.name.toLowerCase(), country);
}

/** The country a caller named, by code or English name (any case, surrounding spaces ignored), or undefined. */
export function findCountry(text: string): Country | undefined {
  return LOOKUP.get(text.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** Every known country, by code order. */
export function allCountries(): readonly Country[] {
  return COUNTRIES;
}
