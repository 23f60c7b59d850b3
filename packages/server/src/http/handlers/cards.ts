import { disableCard, getCard, linkCard, listCards, updateCard } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (value: string) => value.toLowerCase();

export const cardHandlers = {
  [linkCard.id]: handle(linkCard, async ({ params, headers, body }, ctx) => ({
    body: await ctx.services.cards.link(callerOf(ctx), id(params.accountID), body, {
      waitForPaymentMethods: headers['xWaitFor'] === 'payment-method',
    }),
  })),
  [listCards.id]: handle(listCards, async ({ params }, ctx) => ({
    body: await ctx.services.cards.list(callerOf(ctx), id(params.accountID)),
  })),
  [getCard.id]: handle(getCard, async ({ params }, ctx) => ({
    body: await ctx.services.cards.get(callerOf(ctx), id(params.accountID), id(params.cardID)),
  })),
  [updateCard.id]: handle(updateCard, async ({ params, body }, ctx) => ({
    body: await ctx.services.cards.update(callerOf(ctx), id(params.accountID), id(params.cardID), body),
  })),
  [disableCard.id]: handle(disableCard, async ({ params }, ctx) => {
    await ctx.services.cards.disable(callerOf(ctx), id(params.accountID), id(params.cardID));
  }),
};
