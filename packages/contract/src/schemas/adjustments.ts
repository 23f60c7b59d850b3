import { z } from 'zod';
import { Timestamp } from './common.ts';
import { AmountDecimal } from './amounts.ts';

/* Wallet adjustments (docs/refunds.md "Adjustments"), SDK 26.2.0 `adjustment.ts`. */

export const Adjustment = z
  .object({ adjustmentID: z.string(), walletID: z.string(), amount: AmountDecimal, createdOn: Timestamp })
  .meta({ id: 'Adjustment' });
export type AdjustmentView = z.output<typeof Adjustment>;
export const AdjustmentList = z.array(Adjustment);

export const ListAdjustmentsQuery = z.object({
  walletID: z.string().uuid('must be a UUID').optional().describe('Only adjustments of this wallet.'),
});
export const ListAdjustmentsValidationError = z.object({ walletID: z.string().optional() }).meta({ id: 'ListAdjustmentsValidationError' });

/** The most one Railyard adjustment moves, either way: $1,000,000.00. */
export const MAX_ADJUSTMENT_CENTS = 100_000_000;
export const MAX_ADJUSTMENT_MEMO_LENGTH = 128;

/** Railyard-only: a platform correction of one wallet (positive credits it, negative debits it, even below zero). */
export const CreateAdjustment = z
  .object({
    walletID: z.string().uuid('must be a UUID'),
    amount: z.object({
      currency: z.literal('USD', { error: 'must be USD' }),
      value: z
        .number({ error: 'must be a whole number of cents' })
        .int('must be a whole number of cents')
        .refine((value) => value !== 0, 'must not be zero')
        .refine((value) => Math.abs(value) <= MAX_ADJUSTMENT_CENTS, `must be between -${MAX_ADJUSTMENT_CENTS} and ${MAX_ADJUSTMENT_CENTS} cents`),
    }),
    memo: z.string().min(1, 'must not be empty').max(MAX_ADJUSTMENT_MEMO_LENGTH, `must be at most ${MAX_ADJUSTMENT_MEMO_LENGTH} characters`).optional(),
  })
  .strict()
  .meta({ id: 'CreateAdjustment' });
export const CreateAdjustmentValidationError = z
  .object({ walletID: z.string().optional(), amount: z.string().optional(), memo: z.string().optional(), error: z.string().optional() })
  .meta({ id: 'CreateAdjustmentValidationError' });
