import { z } from 'zod';
import { Timestamp, ValidationErrorMap } from './common.ts';

/*
 * Underwriting (docs/onboarding.md, decision 1701), v2026.01.00 shapes (SDK
 * 26.2.0 `upsertunderwriting.ts` for POST, `updateunderwriting.ts` for the
 * legacy PUT, `underwriting.ts` for answers, which carry both sets of fields).
 */

export const GEOGRAPHIC_REACH = ['international-only', 'us-and-international', 'us-only'] as const;
export const BUSINESS_PRESENCE = ['commercial-office', 'home-based', 'mixed-presence', 'mobile-business', 'online-only', 'retail-storefront'] as const;
export const PENDING_LITIGATION = [
  'bankruptcy-or-insolvency',
  'consumer-protection-or-class-action',
  'data-breach-or-privacy',
  'employment-or-workplace-disputes',
  'fraud-or-financial-crime',
  'government-enforcement-or-investigation',
  'intellectual-property',
  'none',
  'other',
  'personal-injury-or-medical',
] as const;
export const MONTHLY_VOLUME_RANGES = ['under-10k', '10k-50k', '50k-100k', '100k-250k', '250k-500k', '500k-1m', '1m-5m', 'over-5m'] as const;
export const FULFILLMENT_METHODS = [
  'bill-or-debt-payment',
  'digital-content',
  'donation',
  'in-person-service',
  'local-pickup-or-delivery',
  'other',
  'remote-service',
  'shipped-physical-goods',
  'subscription-or-membership',
] as const;
export const FULFILLMENT_TIMEFRAMES = ['immediate', 'other', 'over-30-days', 'pre-order', 'recurring-schedule', 'scheduled-event', 'within-30-days', 'within-7-days'] as const;
export const REFUND_POLICIES = [
  'conditional-refund',
  'custom-policy',
  'event-based-policy',
  'full-refund-extended-window',
  'full-refund-within-30-days',
  'no-refunds',
  'partial-refund',
  'prorated-refund',
  'store-credit-only',
] as const;
export const RETURN_POLICIES = ['none', 'exchangeOnly', 'withinThirtyDays', 'other'] as const;
export const UNDERWRITING_STATUSES = ['approved', 'rejected', 'pendingReview', 'pending', 'notRequested'] as const;

const choice = <T extends readonly [string, ...string[]]>(values: T, id: string) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` }).meta({ id });

export const GeographicReach = choice(GEOGRAPHIC_REACH, 'GeographicReach');
export const BusinessPresence = choice(BUSINESS_PRESENCE, 'BusinessPresence');
export const PendingLitigation = choice(PENDING_LITIGATION, 'PendingLitigation');
export const MonthlyVolumeRange = choice(MONTHLY_VOLUME_RANGES, 'MonthlyVolumeRange');
export const FulfillmentMethod = choice(FULFILLMENT_METHODS, 'FulfillmentMethod');
export const FulfillmentTimeframe = choice(FULFILLMENT_TIMEFRAMES, 'FulfillmentTimeframe');
export const RefundPolicy = choice(REFUND_POLICIES, 'RefundPolicy');
export const ReturnPolicyType = choice(RETURN_POLICIES, 'ReturnPolicyType');
export const UnderwritingStatus = z.enum(UNDERWRITING_STATUSES).meta({ id: 'UnderwritingStatus' });

/** Whole percentages 0-100 (each set of shares must total 100: checked by the domain). */
const percent = z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be no less than 0').max(100, 'must be no greater than 100');
/** Amounts in cents, as Moov's other money fields. */
const cents = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be no less than 0')
  .max(1_000_000_000_000, 'must be no greater than 1000000000000');

export const EstimatedActivity = z
  .object({
    averageTransactionAmount: cents.optional(),
    maximumTransactionAmount: cents.optional(),
    monthlyVolumeRange: MonthlyVolumeRange.optional(),
  })
  .meta({ id: 'EstimatedActivity', description: 'Amounts in cents.' });

const withActivity = (id: string) => z.object({ estimatedActivity: EstimatedActivity.optional() }).meta({ id });

export const CardAcceptanceMethods = z
  .object({ inPersonPercentage: percent.optional(), mailOrPhonePercentage: percent.optional(), onlinePercentage: percent.optional() })
  .meta({ id: 'CardAcceptanceMethods', description: 'Shares of card volume; they total 100.' });

export const Fulfillment = z
  .object({ method: FulfillmentMethod.optional(), timeframe: FulfillmentTimeframe.optional() })
  .meta({ id: 'Fulfillment' });

export const CollectFundsCardPayments = z
  .object({
    cardAcceptanceMethods: CardAcceptanceMethods.optional(),
    currentlyAcceptsCards: z.boolean({ error: 'must be a boolean' }).optional(),
    estimatedActivity: EstimatedActivity.optional(),
    fulfillment: Fulfillment.optional(),
    refundPolicy: RefundPolicy.optional(),
  })
  .meta({ id: 'CollectFundsCardPayments' });

export const CollectFunds = z
  .object({ ach: withActivity('CollectFundsAch').optional(), cardPayments: CollectFundsCardPayments.optional() })
  .meta({ id: 'CollectFunds' });
export const MoneyTransfer = z
  .object({ pullFromCard: withActivity('MoneyTransferPullFromCard').optional(), pushToCard: withActivity('MoneyTransferPushToCard').optional() })
  .meta({ id: 'MoneyTransfer' });
export const SendFunds = z
  .object({
    ach: withActivity('SendFundsAch').optional(),
    pushToCard: withActivity('SendFundsPushToCard').optional(),
    rtp: withActivity('SendFundsRtp').optional(),
    instantBank: withActivity('SendFundsInstantBank').optional(),
  })
  .meta({ id: 'SendFunds' });

export const VolumeShareByCustomerType = z
  .object({ business: percent.optional(), consumer: percent.optional(), p2p: percent.optional() })
  .meta({ id: 'VolumeShareByCustomerType', description: 'Shares of volume by customer type; they total 100.' });

/** POST (v2025.07 model and later). Every field optional: each save merges into what is stored. */
export const UpsertUnderwriting = z
  .object({
    geographicReach: GeographicReach.optional(),
    businessPresence: BusinessPresence.optional(),
    pendingLitigation: PendingLitigation.optional(),
    volumeShareByCustomerType: VolumeShareByCustomerType.optional(),
    collectFunds: CollectFunds.optional(),
    moneyTransfer: MoneyTransfer.optional(),
    sendFunds: SendFunds.optional(),
    submissionIntent: z.enum(['wait', 'submit'], { error: 'must be wait or submit' }).optional(),
  })
  .meta({ id: 'UpsertUnderwriting' });
export type UpsertUnderwritingInput = z.output<typeof UpsertUnderwriting>;

export const VolumeByCustomerType = z
  .object({ businessToBusinessPercentage: percent, consumerToBusinessPercentage: percent })
  .meta({ id: 'VolumeByCustomerType' });
export const CardVolumeDistribution = z
  .object({ ecommercePercentage: percent, cardPresentPercentage: percent, mailOrPhonePercentage: percent, debtRepaymentPercentage: percent })
  .meta({ id: 'CardVolumeDistribution' });
export const FulfillmentDetails = z
  .object({
    hasPhysicalGoods: z.boolean({ error: 'must be a boolean' }),
    isShippingProduct: z.boolean({ error: 'must be a boolean' }),
    shipmentDurationDays: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be no less than 0').max(365, 'must be no greater than 365'),
    returnPolicy: ReturnPolicyType,
  })
  .meta({ id: 'FulfillmentDetails' });

/** PUT (the legacy model): every field required, the whole set replaced. */
export const UpdateUnderwriting = z
  .object({
    averageTransactionSize: cents,
    maxTransactionSize: cents,
    averageMonthlyTransactionVolume: cents,
    volumeByCustomerType: VolumeByCustomerType,
    cardVolumeDistribution: CardVolumeDistribution,
    fulfillment: FulfillmentDetails,
  })
  .meta({ id: 'UpdateUnderwriting' });
export type UpdateUnderwritingInput = z.output<typeof UpdateUnderwriting>;

export const Underwriting = z
  .object({
    averageTransactionSize: z.number().int().optional(),
    maxTransactionSize: z.number().int().optional(),
    averageMonthlyTransactionVolume: z.number().int().optional(),
    status: UnderwritingStatus.optional(),
    volumeByCustomerType: VolumeByCustomerType.optional(),
    cardVolumeDistribution: CardVolumeDistribution.optional(),
    fulfillment: FulfillmentDetails.optional(),
    geographicReach: GeographicReach.optional(),
    businessPresence: BusinessPresence.optional(),
    pendingLitigation: PendingLitigation.optional(),
    volumeShareByCustomerType: VolumeShareByCustomerType.optional(),
    collectFunds: CollectFunds.optional(),
    moneyTransfer: MoneyTransfer.optional(),
    sendFunds: SendFunds.optional(),
  })
  .meta({ id: 'Underwriting', description: 'The legacy fields (PUT) and the newer ones (POST) side by side.' });
export type UnderwritingView = z.output<typeof Underwriting>;
export type UnderwritingStatusValue = z.output<typeof UnderwritingStatus>;

/** POST's 422: messages by field, nested like the request. */
export const UpsertUnderwritingError = ValidationErrorMap.meta({ id: 'UpsertUnderwritingError' });
/** PUT's 422: the field map sits under `error`. */
export const UpdateUnderwritingError = z.object({ error: ValidationErrorMap }).meta({ id: 'UpdateUnderwritingError' });

