import { createAdjustment, getAdjustment, listAdjustments } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const adjustmentHandlers = {
  [listAdjustments.id]: handle(listAdjustments, async ({ params, query }, ctx) => ({
    body: await ctx.services.adjustments.list(callerOf(ctx), id(params.accountID), query.walletID),
  })),
  [getAdjustment.id]: handle(getAdjustment, async ({ params }, ctx) => ({
    body: await ctx.services.adjustments.get(callerOf(ctx), id(params.accountID), id(params.adjustmentID)),
  })),
  [createAdjustment.id]: handle(createAdjustment, async ({ params, body }, ctx) => ({
    body: await ctx.services.adjustments.create(callerOf(ctx), id(params.accountID), body),
  })),
};
