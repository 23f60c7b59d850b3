import { getAvatar, getEnrichedAddress, getEnrichedProfile, listIndustries, searchAchInstitutions, searchInstitutions } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/* The form-shortening reads: any authenticated caller, the same answer for every platform. */
export const enrichmentHandlers = {
  [listIndustries.id]: handle(listIndustries, async (_input, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.enrichment.industries() };
  }),
  [searchInstitutions.id]: handle(searchInstitutions, async ({ query }, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.institutions.search(query) };
  }),
  [searchAchInstitutions.id]: handle(searchAchInstitutions, async ({ query }, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.institutions.searchAch(query) };
  }),
  [getEnrichedAddress.id]: handle(getEnrichedAddress, async ({ query }, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.enrichment.address(query) };
  }),
  [getEnrichedProfile.id]: handle(getEnrichedProfile, async ({ query }, ctx) => {
    callerOf(ctx);
    return { body: ctx.services.enrichment.profile(query.email) };
  }),
  [getAvatar.id]: handle(getAvatar, async ({ params }, ctx) => {
    callerOf(ctx);
    return { binary: ctx.services.enrichment.avatar(params.uniqueID), headers: { 'cache-control': 'private, max-age=86400' } };
  }),
};
