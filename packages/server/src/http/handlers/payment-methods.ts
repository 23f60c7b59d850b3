import { getPaymentMethod, listPaymentMethods } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';
import { checkPaymentMethodVisible } from '../versions/v2026-01-00-money-sources.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const paymentMethodHandlers = {
  // v2024.01.00 callers filtering by a type they do not know get an empty list: the response transform hides those methods.
  [listPaymentMethods.id]: handle(listPaymentMethods, async ({ params, query }, ctx) => ({
    body: await ctx.services.paymentMethods.list(callerOf(ctx), id(params.accountID), query),
  })),
  [getPaymentMethod.id]: handle(getPaymentMethod, async ({ params }, ctx) => {
    const method = await ctx.services.paymentMethods.get(callerOf(ctx), id(params.accountID), id(params.paymentMethodID));
    checkPaymentMethodVisible(ctx.version, method.paymentMethodType);
    return { body: method };
  }),
};

