import type { EnrichedBusinessView } from '@railyard/contract';
import { BadRequest, NotFound } from '../../kernel/errors.ts';
import { ALL_PLACES, STREET_NAMES, STREET_SUFFIXES, fictionalPhone, stableHash } from './places.ts';

/*
 * Profile enrichment (GET /enrichment/profile, decision 1755): what a business
 * profile could be prefilled with for a work email, made deterministically from
 * the email's domain. Moov asks a data provider; the sandbox answers the same
 * made-up business for the same domain, every time.
 */

/** Mailboxes of people, not businesses: nothing to enrich. */
const FREE_MAIL = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com', 'aol.com',
  'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'gmx.com', 'mail.com', 'yandex.com', 'zoho.com', 'fastmail.com',
]);

/** Reserved for documentation and tests (RFC 2606, RFC 6761): no business behind them. */
const RESERVED = /(^|\.)(example\.(com|net|org)|example|invalid|test|localhost)$/;

/** Industries by words in the domain; [keywords, NAICS, SIC]. */
const INDUSTRY_HINTS: ReadonlyArray<readonly [readonly string[], string, string]> = [
  [['soft', 'tech', 'app', 'data', 'cloud', 'code', 'dev', 'labs'], '541511', '7372'],
  [['cafe', 'food', 'pizza', 'grill', 'kitchen', 'bistro', 'taco', 'bakery'], '722511', '5812'],
  [['fit', 'gym', 'yoga', 'sport'], '713940', '7991'],
  [['law', 'legal'], '541110', '8111'],
  [['dental', 'dentist', 'smile'], '621210', '8021'],
  [['build', 'construct', 'roof', 'plumb'], '236220', '1542'],
  [['cpa', 'tax', 'account', 'books'], '541211', '8721'],
  [['shop', 'store', 'wear', 'apparel', 'boutique'], '458110', '5651'],
  [['consult', 'advis', 'partners'], '541611', '8742'],
  [['media', 'market', 'brand', 'ads'], '541810', '7311'],
];

const EMAIL = /^[^\s@]{1,64}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)$/i;
const LEGAL_SUFFIXES = ['LLC', 'Inc.', 'Co.', 'Group LLC'];

export function enrichProfile(email: string): EnrichedBusinessView {
  const match = EMAIL.exec(email.trim());
  if (!match) throw new BadRequest('email: must be a valid email address');
  const domain = match[1]!.toLowerCase();
  if (FREE_MAIL.has(domain) || RESERVED.test(domain)) throw new NotFound('business for this email');
  const hash = stableHash(domain);
  const label = domain.split('.').slice(-2, -1)[0] ?? domain;
  const words = label.split('-').filter(Boolean);
  const name = `${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ')} ${LEGAL_SUFFIXES[hash % LEGAL_SUFFIXES.length]}`;
  const hint = INDUSTRY_HINTS.find(([keywords]) => keywords.some((keyword) => label.includes(keyword))) ?? INDUSTRY_HINTS[hash % INDUSTRY_HINTS.length]!;
  const place = ALL_PLACES[hash % ALL_PLACES.length]!;
  return {
    business: {
      legalBusinessName: name,
      email: email.trim(),
      website: `https://www.${domain}`,
      phone: fictionalPhone(domain),
      address: {
        addressLine1: `${100 + (hash % 9800)} ${STREET_NAMES[(hash >>> 4) % STREET_NAMES.length]} ${STREET_SUFFIXES[(hash >>> 12) % STREET_SUFFIXES.length]}`,
        city: place.city,
        stateOrProvince: place.state,
        postalCode: place.postalCode,
        country: 'US',
      },
      industryCodes: { naics: hint[1], sic: hint[2] },
    },
  };
}
