import { z } from 'zod';
import { Timestamp } from './common.ts';

/* Cancellations (docs/api-behaviour.md §5.4), SDK 26.2.0 `cancellation.ts`, `cancellationstatus.ts`. */

export const CANCELLATION_STATUSES = ['pending', 'completed', 'failed'] as const;
export const CancellationStatus = z.enum(CANCELLATION_STATUSES).meta({ id: 'CancellationStatus' });
export type CancellationStatusValue = z.output<typeof CancellationStatus>;

export const Cancellation = z
  .object({ cancellationID: z.string(), status: CancellationStatus, createdOn: Timestamp })
  .meta({ id: 'Cancellation' });
export type CancellationView = z.output<typeof Cancellation>;
