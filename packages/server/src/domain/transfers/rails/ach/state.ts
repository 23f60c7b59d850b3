import { AchDebitHoldPeriod, AchSecCode } from '@railyard/contract';
import { z } from 'zod';
import type { TransferRecord } from '../../model.ts';
import { parseRailState } from '../../state-machine.ts';
import type { AchLegOptions } from './options.ts';
import type { AchPlan } from './plan.ts';

/**
 * The ACH rail's private state (`railState`), written by `start` and read by
 * every job and by `cancelAch`: the plan of every step (plan.ts) and the
 * options of each leg, kept for the leg that starts later (bank → bank
 * credit). Checked when read, so a malformed state stops the job with a
 * `MalformedRailState` instead of a leg going astray.
 */
export interface AchRailState {
  plan: AchPlan;
  options: { debit?: AchLegOptions; credit?: AchLegOptions };
}

const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a timestamp');
const legKind = z.enum(['debit', 'credit']);

const legOptions = z.object({
  companyEntryDescription: z.string().optional(),
  originatingCompanyName: z.string().optional(),
  secCode: AchSecCode.optional(),
  debitHoldPeriod: AchDebitHoldPeriod.optional(),
  addenda: z.array(z.object({ record: z.string() })).optional(),
});

const schema = z.object({
  plan: z.object({
    legs: z
      .array(
        z.object({
          kind: legKind,
          side: z.enum(['source', 'destination']),
          speed: z.enum(['standard', 'same-day']),
          originateAt: instant,
          settleAt: instant,
          completeAt: instant,
        }).refine((leg) => (leg.kind === 'debit') === (leg.side === 'source'), 'a debit leg is the source side, a credit leg the destination'),
      )
      .min(1)
      .max(2),
    returns: z
      .object({
        leg: legKind,
        phase: z.enum(['clearing', 'after-completion']),
        at: instant,
        code: z.string(),
        reason: z.string(),
        description: z.string(),
      })
      .optional(),
  }),
  options: z.object({ debit: legOptions.optional(), credit: legOptions.optional() }),
}) satisfies z.ZodType<AchRailState>;

/** The ACH transfer's rail state, checked; throws `MalformedRailState`. */
export function achStateOf(transfer: TransferRecord): AchRailState {
  return parseRailState(transfer, schema);
}
