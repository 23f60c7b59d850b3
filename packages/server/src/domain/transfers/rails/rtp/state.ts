import { z } from 'zod';
import type { TransferRecord } from '../../model.ts';
import { parseRailState } from '../../state-machine.ts';

/**
 * The RTP rail's private state (`railState`): the step, `initiated` until
 * the receiving bank answers (`completed`, `accepted-without-posting` or
 * `failed`). Checked when the `rail.rtp.complete` job reads it (a malformed
 * one throws `MalformedRailState`).
 */
export const RTP_STEPS = ['initiated', 'completed', 'accepted-without-posting', 'failed'] as const;

const schema = z.object({ step: z.enum(RTP_STEPS) });

export type RtpRailState = z.output<typeof schema>;

/** The RTP transfer's rail state, checked; throws `MalformedRailState`. */
export function rtpStateOf(transfer: TransferRecord): RtpRailState {
  return parseRailState(transfer, schema);
}
