import { getUnderwriting, saveUnderwriting, upsertUnderwriting } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

const id = (value: string) => value.toLowerCase();

export const underwritingHandlers = {
  [getUnderwriting.id]: handle(getUnderwriting, async ({ params }, ctx) => ({
    body: await ctx.services.underwriting.get(callerOf(ctx), id(params.accountID)),
  })),
  [saveUnderwriting.id]: handle(saveUnderwriting, async ({ params, body }, ctx) => ({
    body: await ctx.services.underwriting.save(callerOf(ctx), id(params.accountID), body),
  })),
  [upsertUnderwriting.id]: handle(upsertUnderwriting, async ({ params, body }, ctx) => ({
    body: await ctx.services.underwriting.upsertLegacy(callerOf(ctx), id(params.accountID), body),
  })),
};
