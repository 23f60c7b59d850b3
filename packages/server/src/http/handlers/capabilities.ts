import { disableCapability, getCapability, listCapabilities, requestCapabilities } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';
import { checkRequestedCapabilities } from '../versions/v2026-01-00.ts';
import { checkCapabilityVisible } from '../versions/v2026-01-00-money-sources.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const capabilityHandlers = {
  [requestCapabilities.id]: handle(requestCapabilities, async ({ params, body }, ctx) => {
    checkRequestedCapabilities(ctx.version, body.capabilities);
    return { body: await ctx.services.capabilities.request(callerOf(ctx), id(params.accountID), body) };
  }),
  [listCapabilities.id]: handle(listCapabilities, async ({ params }, ctx) => ({
    body: await ctx.services.capabilities.list(callerOf(ctx), id(params.accountID)),
  })),
  [getCapability.id]: handle(getCapability, async ({ params }, ctx) => {
    checkCapabilityVisible(ctx.version, params.capabilityID);
    return { body: await ctx.services.capabilities.get(callerOf(ctx), id(params.accountID), params.capabilityID) };
  }),
  [disableCapability.id]: handle(disableCapability, async ({ params }, ctx) => {
    checkCapabilityVisible(ctx.version, params.capabilityID);
    await ctx.services.capabilities.disable(callerOf(ctx), id(params.accountID), params.capabilityID);
  }),
};
