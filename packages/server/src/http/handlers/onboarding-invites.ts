import { createOnboardingInvite, getOnboardingInvite, listOnboardingInvites, revokeOnboardingInvite } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

export const onboardingInviteHandlers = {
  [createOnboardingInvite.id]: handle(createOnboardingInvite, async ({ body }, ctx) => ({
    body: await ctx.services.onboardingInvites.create(callerOf(ctx), body, ctx.baseURL),
  })),
  [listOnboardingInvites.id]: handle(listOnboardingInvites, async (_input, ctx) => ({
    body: await ctx.services.onboardingInvites.list(callerOf(ctx)),
  })),
  [getOnboardingInvite.id]: handle(getOnboardingInvite, async ({ params }, ctx) => ({
    body: await ctx.services.onboardingInvites.get(callerOf(ctx), params.code),
  })),
  [revokeOnboardingInvite.id]: handle(revokeOnboardingInvite, async ({ params }, ctx) => {
    await ctx.services.onboardingInvites.revoke(callerOf(ctx), params.code);
  }),
};
