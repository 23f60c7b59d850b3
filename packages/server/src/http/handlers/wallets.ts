import { createWallet, getWallet, getWalletTransaction, listWallets, listWalletTransactions, updateWallet } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (uuid: string) => uuid.toLowerCase();

export const walletHandlers = {
  [listWallets.id]: handle(listWallets, async ({ params, query }, ctx) => ({
    body: await ctx.services.wallets.list(callerOf(ctx), id(params.accountID), query),
  })),
  [getWallet.id]: handle(getWallet, async ({ params }, ctx) => ({
    body: await ctx.services.wallets.get(callerOf(ctx), id(params.accountID), id(params.walletID)),
  })),
  [createWallet.id]: handle(createWallet, async ({ params, body }, ctx) => ({
    body: await ctx.services.wallets.create(callerOf(ctx), id(params.accountID), body),
  })),
  [updateWallet.id]: handle(updateWallet, async ({ params, body }, ctx) => ({
    body: await ctx.services.wallets.update(callerOf(ctx), id(params.accountID), id(params.walletID), body),
  })),
  [listWalletTransactions.id]: handle(listWalletTransactions, async ({ params, query }, ctx) => ({
    body: await ctx.services.walletTransactions.list(callerOf(ctx), id(params.accountID), id(params.walletID), query),
  })),
  [getWalletTransaction.id]: handle(getWalletTransaction, async ({ params }, ctx) => ({
    body: await ctx.services.walletTransactions.get(callerOf(ctx), id(params.accountID), id(params.walletID), id(params.transactionID)),
  })),
};
