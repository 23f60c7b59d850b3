import { z } from 'zod';
import { Timestamp } from './common.ts';
import { Cancellation } from './cancellations.ts';
import { TransferAmount } from './amounts.ts';

/*
 * Refunds and reversals of card payments (docs/refunds.md), SDK 26.2.0
 * `cardacquiringrefund.ts`, `asynccreatedrefund.ts`, `createrefund.ts`,
 * `refundstatus.ts`, `refundcardstatus.ts`, `refundcarddetails.ts`,
 * `createreversal.ts`, `reversal.ts`. The SDK parses enums as closed: only
 * these values go out.
 */

export const REFUND_STATUSES = ['created', 'pending', 'completed', 'failed'] as const;
export const RefundStatus = z.enum(REFUND_STATUSES).meta({ id: 'RefundStatus' });
export type RefundStatusValue = z.output<typeof RefundStatus>;

export const REFUND_CARD_STATUSES = ['initiated', 'confirmed', 'settled', 'failed', 'completed'] as const;
export const RefundCardStatus = z.enum(REFUND_CARD_STATUSES).meta({ id: 'RefundCardStatus' });
export type RefundCardStatusValue = z.output<typeof RefundCardStatus>;

/** The SDK's `CardTransactionFailureCode`: what a card network answers when it refuses. */
export const CARD_TRANSACTION_FAILURE_CODES = [
  'call-issuer',
  'do-not-honor',
  'processing-error',
  'invalid-transaction',
  'invalid-amount',
  'no-such-issuer',
  'reenter-transaction',
  'cvv-mismatch',
  'lost-or-stolen',
  'insufficient-funds',
  'invalid-card-number',
  'invalid-merchant',
  'expired-card',
  'incorrect-pin',
  'transaction-not-allowed',
  'suspected-fraud',
  'amount-limit-exceeded',
  'velocity-limit-exceeded',
  'revocation-of-authorization',
  'card-not-activated',
  'issuer-not-available',
  'could-not-route',
  'cardholder-account-closed',
  'unknown-issue',
  'duplicate-transaction',
] as const;
export const CardTransactionFailureCode = z.enum(CARD_TRANSACTION_FAILURE_CODES).meta({ id: 'CardTransactionFailureCode' });
export type CardTransactionFailureCodeValue = z.output<typeof CardTransactionFailureCode>;

export const RefundCardDetails = z
  .object({
    status: RefundCardStatus,
    failureCode: CardTransactionFailureCode.optional(),
    initiatedOn: Timestamp.optional(),
    confirmedOn: Timestamp.optional(),
    settledOn: Timestamp.optional(),
    failedOn: Timestamp.optional(),
    completedOn: Timestamp.optional(),
  })
  .meta({ id: 'RefundCardDetails' });

export const CardAcquiringRefund = z
  .object({
    refundID: z.string(),
    createdOn: Timestamp,
    updatedOn: Timestamp,
    status: RefundStatus,
    amount: TransferAmount,
    cardDetails: RefundCardDetails.optional(),
  })
  .meta({ id: 'CardAcquiringRefund' });
export type RefundView = z.output<typeof CardAcquiringRefund>;

export const AsyncCreatedRefund = z
  .object({ refundID: z.string(), createdOn: Timestamp, amount: TransferAmount })
  .meta({ id: 'AsyncCreatedRefund' });
export type AsyncRefundView = z.output<typeof AsyncCreatedRefund>;

export const CreateRefundResponse = z.union([CardAcquiringRefund, AsyncCreatedRefund]).meta({ id: 'CreateRefundResponse' });

/** Refund amounts are whole cents above zero; what remains refundable is checked by the server (422 `amount`). */
export const RefundAmount = z
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .positive('must be greater than zero')
  .max(100_000_000_000_000, 'is too large');

/** No body, or a body without `amount`: refund everything not yet refunded. */
export const CreateRefund = z.object({ amount: RefundAmount.optional() }).meta({ id: 'CreateRefund' });

export const RefundValidationError = z
  .object({ amount: z.string().optional(), error: z.string().optional() })
  .meta({ id: 'RefundValidationError' });

export const RefundList = z.array(CardAcquiringRefund);

/** A body, when sent, must name the amount (SDK `CreateReversal`); no body reverses everything not yet refunded. */
export const CreateReversal = z.object({ amount: RefundAmount }).meta({ id: 'CreateReversal' });

export const ReversalValidationError = z.object({ amount: z.string().optional() }).meta({ id: 'ReversalValidationError' });

/** What a reversal became: a cancellation of the authorization, or a refund. */
export const Reversal = z
  .union([z.object({ cancellation: Cancellation }), z.object({ refund: CardAcquiringRefund })])
  .meta({ id: 'Reversal' });
export type ReversalView = z.output<typeof Reversal>;
