import { advanceClock, getClock } from '@railyard/contract';
import type { ClockReading } from '../../kernel/platform-clock.ts';
import { callerOf, handle } from './handler.ts';

function clockBody(reading: ClockReading) {
  return { platformID: reading.platformID, now: reading.now.toISOString(), offsetSeconds: reading.offsetMs / 1000 };
}

export const sandboxHandlers = {
  [getClock.id]: handle(getClock, async (_input, ctx) => {
    const reading = await ctx.services.platformClock.read(callerOf(ctx).platformID);
    return { body: clockBody(reading) };
  }),
  [advanceClock.id]: handle(advanceClock, async ({ body }, ctx) => {
    const platformID = callerOf(ctx).platformID;
    const reading = await ctx.services.platformClock.advance(platformID, body);
    // Work that became due runs now, so the caller sees its effects as soon as we answer.
    await ctx.services.jobs.runDueJobs({ platformID });
    // Webhook retries that became due are sent by the delivery worker, not awaited here: a slow receiver never holds up the API.
    ctx.services.webhookDelivery.wake();
    return { body: clockBody(reading) };
  }),
};
