import {
  completeBankAccountVerification,
  completeMicroDeposits,
  disableBankAccount,
  getBankAccount,
  getBankAccountVerification,
  initiateBankAccountVerification,
  initiateMicroDeposits,
  linkBankAccount,
  listBankAccounts,
} from '@railyard/contract';
import { callerOf, handle } from './handler.ts';
import { acceptsGuestHolder } from '../versions/v2026-01-00-bank-accounts.ts';

/** IDs are stored lower-case; a path may carry any case of a UUID. */
const id = (value: string) => value.toLowerCase();

export const bankAccountHandlers = {
  [linkBankAccount.id]: handle(linkBankAccount, async ({ params, headers, body }, ctx) => ({
    body: await ctx.services.bankAccounts.link(callerOf(ctx), id(params.accountID), body as unknown as Record<string, unknown>, {
      withPaymentMethods: headers['xWaitFor'] === 'payment-method',
      allowGuestHolder: acceptsGuestHolder(ctx.version),
    }),
  })),
  [listBankAccounts.id]: handle(listBankAccounts, async ({ params }, ctx) => ({
    body: await ctx.services.bankAccounts.list(callerOf(ctx), id(params.accountID)),
  })),
  [getBankAccount.id]: handle(getBankAccount, async ({ params }, ctx) => ({
    body: await ctx.services.bankAccounts.get(callerOf(ctx), id(params.accountID), id(params.bankAccountID)),
  })),
  [disableBankAccount.id]: handle(disableBankAccount, async ({ params }, ctx) => {
    await ctx.services.bankAccounts.disable(callerOf(ctx), id(params.accountID), id(params.bankAccountID));
  }),
  [initiateMicroDeposits.id]: handle(initiateMicroDeposits, async ({ params }, ctx) => {
    await ctx.services.bankAccounts.initiateMicroDeposits(callerOf(ctx), id(params.accountID), id(params.bankAccountID));
  }),
  [completeMicroDeposits.id]: handle(completeMicroDeposits, async ({ params, body }, ctx) => ({
    body: await ctx.services.bankAccounts.completeMicroDeposits(callerOf(ctx), id(params.accountID), id(params.bankAccountID), body.amounts),
  })),
  // `X-Wait-For: rail-response` is accepted and changes nothing: the sandbox rails answer within the request.
  [initiateBankAccountVerification.id]: handle(initiateBankAccountVerification, async ({ params }, ctx) => ({
    body: await ctx.services.bankAccounts.initiateVerification(callerOf(ctx), id(params.accountID), id(params.bankAccountID)),
  })),
  [completeBankAccountVerification.id]: handle(completeBankAccountVerification, async ({ params, body }, ctx) => ({
    body: await ctx.services.bankAccounts.completeVerification(callerOf(ctx), id(params.accountID), id(params.bankAccountID), body.code),
  })),
  [getBankAccountVerification.id]: handle(getBankAccountVerification, async ({ params }, ctx) => ({
    body: await ctx.services.bankAccounts.getVerification(callerOf(ctx), id(params.accountID), id(params.bankAccountID)),
  })),
};
