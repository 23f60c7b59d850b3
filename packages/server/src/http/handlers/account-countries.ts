import { assignAccountCountries, getAccountCountries, getMerchantProcessingAgreement } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (value: string) => value.toLowerCase();

export const accountCountryHandlers = {
  [getAccountCountries.id]: handle(getAccountCountries, async ({ params }, ctx) => ({
    body: await ctx.services.countries.get(callerOf(ctx), id(params.accountID)),
  })),
  [assignAccountCountries.id]: handle(assignAccountCountries, async ({ params, body }, ctx) => ({
    body: await ctx.services.countries.assign(callerOf(ctx), id(params.accountID), body.countries),
  })),
  [getMerchantProcessingAgreement.id]: handle(getMerchantProcessingAgreement, async ({ params }, ctx) => ({
    binary: await ctx.services.agreements.get(callerOf(ctx), id(params.accountID)),
  })),
};
