import {
  connectAccount,
  createAccount,
  disconnectAccount,
  getAccount,
  getTermsOfServiceToken,
  listAccounts,
  listConnectedAccounts,
  updateAccount,
} from '@railyard/contract';
import { callerOf, handle } from './handler.ts';
import { checkRequestedCapabilities, checkListQuery } from '../versions/v2026-01-00.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (accountID: string) => accountID.toLowerCase();

export const accountHandlers = {
  [createAccount.id]: handle(createAccount, async ({ body }, ctx) => {
    checkRequestedCapabilities(ctx.version, body.capabilities);
    return { body: await ctx.services.accounts.create(callerOf(ctx), body) };
  }),
  [listAccounts.id]: handle(listAccounts, async ({ query }, ctx) => {
    checkListQuery(ctx.version, query);
    return { body: await ctx.services.accounts.list(callerOf(ctx), query) };
  }),
  [getAccount.id]: handle(getAccount, async ({ params }, ctx) => ({
    body: await ctx.services.accounts.get(callerOf(ctx), id(params.accountID)),
  })),
  [updateAccount.id]: handle(updateAccount, async ({ params, body }, ctx) => ({
    body: await ctx.services.accounts.update(callerOf(ctx), id(params.accountID), body),
  })),
  [disconnectAccount.id]: handle(disconnectAccount, async ({ params }, ctx) => {
    await ctx.services.accounts.disconnect(callerOf(ctx), id(params.accountID));
  }),
  [connectAccount.id]: handle(connectAccount, async ({ params, body }, ctx) => {
    await ctx.services.accounts.connect(callerOf(ctx), id(params.accountID), body);
  }),
  [listConnectedAccounts.id]: handle(listConnectedAccounts, async ({ params, query }, ctx) => {
    checkListQuery(ctx.version, query);
    return { body: await ctx.services.accounts.listConnected(callerOf(ctx), id(params.accountID), query) };
  }),
  [getTermsOfServiceToken.id]: handle(getTermsOfServiceToken, async ({ headers }, ctx) => ({
    body: await ctx.services.accounts.createTermsToken(callerOf(ctx), {
      origin: headers['origin'],
      referer: headers['referer'],
      ip: ctx.ip,
      userAgent: headers['userAgent'],
    }),
  })),
};
