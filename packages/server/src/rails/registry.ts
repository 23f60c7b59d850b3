import type { RailName } from '../domain/transfers/model.ts';
import type { JobRunner } from '../jobs/index.ts';
import type { Rail } from './rail.ts';
import { walletRail } from './wallet.ts';
import { achRail } from './ach/rail.ts';
import { cardRail } from './card/index.ts';
import { rtpRail } from './rtp/index.ts';

/**
 * The rails Railyard simulates, by name. A valid payment-method pair whose rail
 * is missing here is refused at creation (400) until that rail lands: add it to
 * this map and its job handlers are registered with the others.
 */
export const rails: Readonly<Partial<Record<RailName, Rail>>> = {
  wallet: walletRail,
  ach: achRail,
  card: cardRail,
  rtp: rtpRail,
};

/** Registers every rail's job handlers on a runner (once per process, at start-up). */
export function registerRailJobs(runner: JobRunner): void {
  for (const rail of Object.values(rails)) {
    for (const [kind, handler] of Object.entries(rail.jobs)) runner.registerJobHandler(kind, handler);
  }
}
