import { z } from 'zod';
import { Timestamp } from './common.ts';

/** One advance moves a platform's clock at most 400 days (the server checks it too). */
export const MAX_CLOCK_ADVANCE_SECONDS = 400 * 86_400;

export const AdvanceClockRequest = z
  .strictObject({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_CLOCK_ADVANCE_SECONDS)
      .optional()
      .describe(`How far to move the clock, in whole seconds (1 to ${MAX_CLOCK_ADVANCE_SECONDS}).`),
    until: Timestamp.optional().describe(
      'The instant to move the clock to (RFC 3339); later than the clock now, at most 400 days ahead.',
    ),
  })
  .superRefine((body, ctx) => {
    // Field-level issues, so the answer is a 422 map rather than a malformed-body 400.
    if (body.seconds !== undefined && body.until !== undefined) {
      for (const field of ['seconds', 'until'] as const) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'send either seconds or until, not both' });
      }
    } else if (body.seconds === undefined && body.until === undefined) {
      for (const field of ['seconds', 'until'] as const) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'send seconds or until' });
      }
    }
  })
  .meta({ id: 'AdvanceClockRequest' });

export const ClockState = z
  .object({
    platformID: z.string().describe("The calling platform's account ID: whose clock this is."),
    now: Timestamp.describe("The platform's current time."),
    offsetSeconds: z.number().min(0).describe('How far the platform clock runs ahead of real time, in seconds (millisecond precision).'),
  })
  .meta({ id: 'ClockState' });

export const AdvanceClockError = z
  .object({
    seconds: z.string().optional(),
    until: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'AdvanceClockError' });
