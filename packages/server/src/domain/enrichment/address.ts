import type { EnrichAddressFilter, EnrichedAddressView } from '@railyard/contract';
import { ALL_PLACES, STREET_NAMES, STREET_SUFFIXES, stableHash, type Place } from './places.ts';

/** Suggestions when the caller sends no `maxResults`. */
export const DEFAULT_ADDRESS_SUGGESTIONS = 10;

/*
 * Address suggestions (GET /enrichment/address, decision 1755): deterministic
 * sandbox data, no outside lookup. The search is read as "[house number] [street]
 * [, city or ZIP]": the street typed is completed with street suffixes (or, for a
 * partial word, with the sandbox street names it starts), and placed in the
 * sandbox cities, in an order fixed by a hash of the search, so the same search
 * always gets the same suggestions.
 */

type Suggestion = EnrichedAddressView['suggestions'][number];

const SUFFIX_WORDS = new Set(STREET_SUFFIXES.map((suffix) => suffix.toLowerCase()));

function titleCase(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1).toLowerCase();
}

function csv(value: string | undefined): string[] {
  return (value ?? '').split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
}

/** Street candidates from what was typed. */
function streets(typed: string[]): string[] {
  if (typed.length === 0) return STREET_NAMES.map((name) => `${name} St`);
  const last = typed[typed.length - 1]!.toLowerCase();
  const words = typed.map(titleCase);
  if (SUFFIX_WORDS.has(last.replace(/\.$/, ''))) return [words.join(' ').replace(/\.$/, '')];
  const base = words.join(' ');
  const completions = typed.length === 1 ? STREET_NAMES.filter((name) => name.toLowerCase().startsWith(last) && name.toLowerCase() !== last) : [];
  return [...STREET_SUFFIXES.map((suffix) => `${base} ${suffix}`), ...completions.map((name) => `${name} ${STREET_SUFFIXES[0]}`)];
}

/** Which places a search may land in, after its own city/ZIP words and the include/exclude filters. */
function places(where: string, filter: EnrichAddressFilter, hash: number): Place[] {
  const includeCities = csv(filter.includeCities);
  const includeStates = csv(filter.includeStates);
  const includeZips = csv(filter.includeZipcodes);
  const excludeStates = csv(filter.excludeStates);
  const wanted = where.toLowerCase();
  const matches = ALL_PLACES.filter((place) => {
    if (wanted && !(place.city.toLowerCase().startsWith(wanted) || place.postalCode.startsWith(wanted) || place.state.toLowerCase() === wanted)) return false;
    if (includeCities.length && !includeCities.includes(place.city.toLowerCase())) return false;
    if (includeStates.length && !includeStates.includes(place.state.toLowerCase())) return false;
    if (includeZips.length && !includeZips.includes(place.postalCode)) return false;
    if (excludeStates.includes(place.state.toLowerCase())) return false;
    return true;
  });
  // A fixed rotation per search: varied across searches, stable for one.
  const start = matches.length ? hash % matches.length : 0;
  return [...matches.slice(start), ...matches.slice(0, start)];
}

function preferred(suggestion: Suggestion, filter: EnrichAddressFilter): boolean {
  const cities = csv(filter.preferCities);
  const states = csv(filter.preferStates);
  const zips = csv(filter.preferZipcodes);
  return (
    cities.includes((suggestion.city ?? '').toLowerCase()) ||
    states.includes((suggestion.stateOrProvince ?? '').toLowerCase()) ||
    zips.includes(suggestion.postalCode ?? '')
  );
}

export function suggestAddresses(filter: EnrichAddressFilter): EnrichedAddressView {
  const normalised = filter.search.trim().replace(/\s+/g, ' ');
  const hash = stableHash(normalised.toLowerCase());
  const [streetPart = '', wherePart = ''] = normalised.split(',').map((part) => part.trim());
  const match = /^(\d{1,6})?\s*(.*)$/.exec(streetPart)!;
  const number = match[1] ?? String(100 + (hash % 9800));
  const typed = (match[2] ?? '').split(' ').filter(Boolean);
  const max = filter.maxResults ?? DEFAULT_ADDRESS_SUGGESTIONS;
  const candidates = places(wherePart, filter, hash);
  const out: Suggestion[] = [];
  // Every street in every place (a few thousand at most), so the preferences below see them all.
  for (const street of streets(typed)) {
    for (const place of candidates) out.push({ addressLine1: `${number} ${street}`, city: place.city, stateOrProvince: place.state, postalCode: place.postalCode });
  }
  // Interleave so the first few suggestions differ in street and place alike.
  out.sort((a, b) => stableHash(`${normalised}|${a.addressLine1}|${a.postalCode}`) - stableHash(`${normalised}|${b.addressLine1}|${b.postalCode}`));
  const ratio = Math.min(100, Math.max(0, filter.preferRatio ?? 100)) / 100;
  const preferredOnes = out.filter((s) => preferred(s, filter));
  const others = out.filter((s) => !preferred(s, filter));
  const topCount = Math.min(preferredOnes.length, Math.round(max * ratio));
  const suggestions = [...preferredOnes.slice(0, topCount), ...others, ...preferredOnes.slice(topCount)].slice(0, max);
  if (filter.selected) {
    // A chosen address is expanded into its units: the sandbox gives every address four apartments.
    const chosen = filter.selected.replace(/\s+/g, ' ').trim();
    return { suggestions: [1, 2, 3, 4].map((unit) => ({ ...addressOf(chosen), addressLine2: `Apt ${unit}` })) };
  }
  return { suggestions };
}

/** "123 Main St, Boulder CO 80301" → its parts, as far as they are there. */
function addressOf(text: string): Suggestion {
  const [line1 = '', rest = ''] = text.split(',').map((part) => part.trim());
  const match = /^(.*?)\s+([A-Za-z]{2})\s+(\d{5})$/.exec(rest);
  if (!match) return { addressLine1: line1, entries: 1 };
  return { addressLine1: line1, city: match[1], stateOrProvince: match[2]!.toUpperCase(), postalCode: match[3], entries: 1 };
}
