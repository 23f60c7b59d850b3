import { createRepresentative, deleteRepresentative, getRepresentative, listRepresentatives, updateRepresentative } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (value: string) => value.toLowerCase();

export const representativeHandlers = {
  [createRepresentative.id]: handle(createRepresentative, async ({ params, body }, ctx) => ({
    body: await ctx.services.representatives.create(callerOf(ctx), id(params.accountID), body),
  })),
  [listRepresentatives.id]: handle(listRepresentatives, async ({ params }, ctx) => ({
    body: await ctx.services.representatives.list(callerOf(ctx), id(params.accountID)),
  })),
  [getRepresentative.id]: handle(getRepresentative, async ({ params }, ctx) => ({
    body: await ctx.services.representatives.get(callerOf(ctx), id(params.accountID), id(params.representativeID)),
  })),
  [updateRepresentative.id]: handle(updateRepresentative, async ({ params, body }, ctx) => ({
    body: await ctx.services.representatives.update(callerOf(ctx), id(params.accountID), id(params.representativeID), body),
  })),
  [deleteRepresentative.id]: handle(deleteRepresentative, async ({ params }, ctx) => {
    await ctx.services.representatives.delete(callerOf(ctx), id(params.accountID), id(params.representativeID));
  }),
};
