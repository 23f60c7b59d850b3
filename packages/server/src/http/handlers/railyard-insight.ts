import { listJobs, listTransferEvents, listTransferLedgerEntries } from '@railyard/contract';
import { callerOf, handle } from './handler.ts';

/** The Railyard-only reads behind the dashboard's transfer page and job queue. */
export const railyardInsightHandlers = {
  [listTransferLedgerEntries.id]: handle(listTransferLedgerEntries, async ({ params }, ctx) => ({
    body: await ctx.services.railyardInsight.transferLedgerEntries(callerOf(ctx), params.transferID),
  })),
  [listTransferEvents.id]: handle(listTransferEvents, async ({ params }, ctx) => ({
    body: await ctx.services.railyardInsight.transferEvents(callerOf(ctx), params.transferID),
  })),
  [listJobs.id]: handle(listJobs, async ({ query }, ctx) => ({
    body: await ctx.services.railyardInsight.listJobs(callerOf(ctx), query),
  })),
};
