import { createReversal, getRefund, initiateRefund, listRefunds } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const refundHandlers = {
  [initiateRefund.id]: handle(initiateRefund, async ({ params, headers, body }, ctx) => {
    const outcome = await ctx.services.refunds.create(callerOf(ctx), {
      accountID: id(params.accountID),
      transferID: id(params.transferID),
      idempotencyKey: headers['xIdempotencyKey'],
      waitForRail: headers['xWaitFor'] === 'rail-response',
      amount: body?.amount,
    });
    return { body: outcome.body };
  }),
  [listRefunds.id]: handle(listRefunds, async ({ params }, ctx) => ({
    body: await ctx.services.refunds.list(callerOf(ctx), id(params.accountID), id(params.transferID)),
  })),
  [getRefund.id]: handle(getRefund, async ({ params }, ctx) => ({
    body: await ctx.services.refunds.get(callerOf(ctx), id(params.accountID), id(params.transferID), id(params.refundID)),
  })),
  [createReversal.id]: handle(createReversal, async ({ params, headers, body }, ctx) => ({
    body: await ctx.services.reversals.create(callerOf(ctx), {
      accountID: id(params.accountID),
      transferID: id(params.transferID),
      idempotencyKey: headers['xIdempotencyKey'],
      amount: body?.amount,
    }),
  })),
};
