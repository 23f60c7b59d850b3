import type { EnrichedIndustriesView } from '@railyard/contract';
import { CATEGORIES, INDUSTRIES } from './industry-data.ts';

/** "Heating, Plumbing & Air Conditioning" → "heating-plumbing-air-conditioning". */
export function industrySlug(displayName: string): string {
  return displayName
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The list, ordered by display name as Moov orders it; built once, it never changes while the process runs. */
const LIST: EnrichedIndustriesView = {
  industries: INDUSTRIES.map(([defaultMcc, displayName, category]) => ({
    industry: industrySlug(displayName),
    displayName,
    category,
    categoryDisplayName: CATEGORIES[category]!,
    defaultMcc,
  })).sort((a, b) => a.displayName.localeCompare(b.displayName, 'en')),
};

export function listIndustries(): EnrichedIndustriesView {
  return LIST;
}

/** The industry whose MCC is this one, for the profile enrichment. */
export function industryByMcc(mcc: string): EnrichedIndustriesView['industries'][number] | undefined {
  return LIST.industries.find((industry) => industry.defaultMcc === mcc);
}
