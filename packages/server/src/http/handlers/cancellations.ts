import { createCancellation, getCancellation } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const cancellationHandlers = {
  [createCancellation.id]: handle(createCancellation, async ({ params }, ctx) => {
    const outcome = await ctx.services.cancellations.create(callerOf(ctx), id(params.accountID), id(params.transferID));
    // 200 when the cancellation finished in the request; 202 while the rail still works on it (docs/api-behaviour.md §5.4).
    return { status: outcome.finished ? 200 : 202, body: outcome.body };
  }),
  [getCancellation.id]: handle(getCancellation, async ({ params }, ctx) => ({
    body: await ctx.services.cancellations.get(callerOf(ctx), id(params.accountID), id(params.transferID), id(params.cancellationID)),
  })),
};
