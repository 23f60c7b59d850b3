import { generateTransferOptions, generateTransferOptionsLegacy } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

export const transferOptionHandlers = {
  [generateTransferOptions.id]: handle(generateTransferOptions, async ({ params, body }, ctx) => ({
    body: await ctx.services.transferOptions.generate(callerOf(ctx), params.accountID.toLowerCase(), body as Record<string, unknown>),
  })),
  [generateTransferOptionsLegacy.id]: handle(generateTransferOptionsLegacy, async ({ body }, ctx) => ({
    body: await ctx.services.transferOptions.generate(callerOf(ctx), undefined, body as Record<string, unknown>),
  })),
};
