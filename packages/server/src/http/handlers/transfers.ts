import { createTransfer, getTransfer, listTransfers, updateTransfer, type TransferView } from '@railyard/contract';
import { Conflict } from '../../kernel/errors.ts';
import { callerOf, handle, type RequestContext } from './handler.ts';
import { hiddenPaymentMethodTypes } from '../versions/v2026-01-00-money-sources.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

/**
 * A transfer read back lists its refunds (docs/refunds.md) and its disputes
 * (docs/disputes.md): joined here, as the transfers area imports neither.
 */
async function readBack<T extends TransferView>(ctx: RequestContext, transfers: T[]): Promise<T[]> {
  return ctx.services.disputes.withDisputes(callerOf(ctx), await ctx.services.refunds.withRefunds(callerOf(ctx), transfers));
}

export const transferHandlers = {
  [createTransfer.id]: handle(createTransfer, async ({ params, headers, body }, ctx) => {
    try {
      const outcome = await ctx.services.transfers.create(callerOf(ctx), {
        accountID: id(params.accountID),
        idempotencyKey: headers['xIdempotencyKey'],
        waitForRail: headers['xWaitFor'] === 'rail-response',
        body: body as Record<string, unknown>,
        hiddenPaymentMethodTypes: hiddenPaymentMethodTypes(ctx.version),
      });
      return { status: outcome.kind === 'wait-exceeded' ? 202 : 200, body: outcome.body };
    } catch (error) {
      // A replay answers 409 with the stored transfer; returned (not thrown) so older versions get their shape.
      if (error instanceof Conflict && error.body !== undefined) return { status: 409, body: error.body };
      throw error;
    }
  }),
  [listTransfers.id]: handle(listTransfers, async ({ params, query }, ctx) => ({
    body: await readBack(ctx, await ctx.services.transfers.list(callerOf(ctx), id(params.accountID), query)),
  })),
  [getTransfer.id]: handle(getTransfer, async ({ params }, ctx) => ({
    body: (await readBack(ctx, [await ctx.services.transfers.get(callerOf(ctx), id(params.accountID), id(params.transferID))]))[0],
  })),
  [updateTransfer.id]: handle(updateTransfer, async ({ params, body }, ctx) => ({
    body: (await readBack(ctx, [await ctx.services.transfers.update(callerOf(ctx), id(params.accountID), id(params.transferID), body as Record<string, unknown>)]))[0],
  })),
};
