import { createReceipts, listReceipts } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

export const receiptHandlers = {
  [createReceipts.id]: handle(createReceipts, async ({ body }, ctx) => ({
    status: 201,
    body: await ctx.services.receipts.create(callerOf(ctx), body),
  })),
  [listReceipts.id]: handle(listReceipts, async ({ query }, ctx) => ({
    body: await ctx.services.receipts.list(callerOf(ctx), query.id),
  })),
};
