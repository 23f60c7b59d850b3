import { z } from 'zod';
import type { TransferRecord } from '../../model.ts';
import { parseRailState } from '../../state-machine.ts';
import { CARD_FAILURE_CODES } from './authorization.ts';

/**
 * The card rail's private state (`railState`), checked when a job or a
 * cancellation reads it (a malformed one throws `MalformedRailState`):
 *
 * - `step`: where the transfer stands; every job runs only from its own step
 *   (pull: `confirmed` → `settled` → `completed`; push: `initiated` →
 *   `completed`|`failed`; `canceled` and `failed` end it);
 * - `settleAt`, `completeAt` (schedule.ts): when the next steps run;
 * - `failureCode`: a push the issuer declined at creation, applied when the
 *   network answers.
 */
export const CARD_STEPS = ['initiated', 'confirmed', 'settled', 'completed', 'failed', 'canceled'] as const;
export type CardStep = (typeof CARD_STEPS)[number];

const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a timestamp');

const schema = z.object({
  step: z.enum(CARD_STEPS),
  settleAt: instant.optional(),
  completeAt: instant.optional(),
  failureCode: z.enum(CARD_FAILURE_CODES).optional(),
});

export type CardRailState = z.output<typeof schema>;

/** The card transfer's rail state, checked; throws `MalformedRailState`. */
export function cardStateOf(transfer: TransferRecord): CardRailState {
  return parseRailState(transfer, schema);
}
