import { z } from 'zod';
import { PaymentMethodsBankAccount } from './bank-accounts.ts';
import { PaymentMethodsCard } from './cards.ts';
import { Paging, QueryBoolean, Timestamp } from './common.ts';
import { PaymentMethodsWallet, PaymentMethodTypeID } from './payment-methods.ts';
import { Cancellation } from './cancellations.ts';

/*
 * Transfers (docs/api-behaviour.md §5.2, §6), v2026.01.00 shapes (SDK 26.2.0
 * `transfer.ts`, `createdtransfer.ts`, `asynctransfer.ts`, `createtransfer.ts`,
 * `patchtransfer.ts`).
 *
 * Request bodies are described here but checked by the transfers domain
 * (`domain/transfers/create-input.ts`, `patch-input.ts`): `TransferValidationError`
 * carries ONE string per field with flat keys such as `sourcePaymentMethodID`
 * and `FacilitatorFee.TotalDecimal`, which a structural zod check of nested
 * objects cannot produce. So each body is a `custom` schema that accepts any
 * JSON object and carries the JSON Schema of its real shape (generated from a
 * documentation-only zod schema), as the cards bodies do (decision 0801).
 */

// ---------------------------------------------------------------- enums

export const TRANSFER_STATUSES = ['created', 'pending', 'completed', 'failed', 'reversed', 'queued', 'canceled'] as const;
export const TransferStatus = z.enum(TRANSFER_STATUSES).meta({ id: 'TransferStatus' });
export type TransferStatusValue = z.output<typeof TransferStatus>;

export const TRANSFER_FAILURE_REASONS = [
  'source-payment-error',
  'destination-payment-error',
  'wallet-insufficient-funds',
  'rejected-high-risk',
  'processing-error',
] as const;
export const TransferFailureReason = z.enum(TRANSFER_FAILURE_REASONS).meta({ id: 'TransferFailureReason' });
export type TransferFailureReasonValue = z.output<typeof TransferFailureReason>;

// ---------------------------------------------------------------- money

export const TransferAmount = z.object({ currency: z.string(), value: z.number().int() }).meta({ id: 'Amount' });
export const AmountDecimal = z.object({ currency: z.string(), valueDecimal: z.string() }).meta({ id: 'AmountDecimal' });

export const FacilitatorFee = z
  .object({
    total: z.number().int().optional(),
    totalDecimal: z.string().optional(),
    markup: z.number().int().optional(),
    markupDecimal: z.string().optional(),
  })
  .meta({ id: 'FacilitatorFee', description: 'Either `total` or `totalDecimal`, either `markup` or `markupDecimal`; in cents.' });

// ---------------------------------------------------------------- rail details

/** Rail details are written by the rails; every field is optional as in the SDK. */
export const AchTransactionDetails = z
  .looseObject({
    status: z.enum(['initiated', 'originated', 'corrected', 'returned', 'completed', 'canceled']).optional(),
    traceNumber: z.string().optional(),
    companyEntryDescription: z.string().optional(),
    originatingCompanyName: z.string().optional(),
    secCode: z.enum(['WEB', 'PPD', 'CCD', 'TEL']).optional(),
    debitHoldPeriod: z.enum(['no-hold', '1-day', '2-days']).optional(),
    initiatedOn: Timestamp.optional(),
    originatedOn: Timestamp.optional(),
    correctedOn: Timestamp.optional(),
    returnedOn: Timestamp.optional(),
    failedOn: Timestamp.optional(),
    completedOn: Timestamp.optional(),
    canceledOn: Timestamp.optional(),
  })
  .meta({ id: 'ACHTransactionDetails' });

export const CardTransactionDetails = z
  .looseObject({
    status: z.enum(['initiated', 'confirmed', 'settled', 'failed', 'canceled', 'completed']).optional(),
    failureCode: z.string().optional(),
    dynamicDescriptor: z.string().optional(),
    transactionSource: z.enum(['first-recurring', 'recurring', 'unscheduled']).optional(),
    initiatedOn: Timestamp.optional(),
    confirmedOn: Timestamp.optional(),
    settledOn: Timestamp.optional(),
    failedOn: Timestamp.optional(),
    canceledOn: Timestamp.optional(),
    completedOn: Timestamp.optional(),
    authorizationCode: z.string().optional(),
  })
  .meta({ id: 'CardTransactionDetails' });

export const RtpTransactionDetails = z
  .looseObject({
    status: z.enum(['initiated', 'completed', 'failed', 'accepted-without-posting']).optional(),
    networkResponseCode: z.string().optional(),
    failureCode: z.string().optional(),
    initiatedOn: Timestamp.optional(),
    completedOn: Timestamp.optional(),
    failedOn: Timestamp.optional(),
    acceptedWithoutPostingOn: Timestamp.optional(),
  })
  .meta({ id: 'RTPTransactionDetails' });

// ---------------------------------------------------------------- parties

export const TransferAccount = z
  .object({ accountID: z.string(), email: z.string(), displayName: z.string() })
  .meta({ id: 'TransferAccount' });

const partyCore = {
  paymentMethodID: z.string(),
  paymentMethodType: PaymentMethodTypeID,
  account: TransferAccount,
  bankAccount: PaymentMethodsBankAccount.optional(),
  wallet: PaymentMethodsWallet.optional(),
  card: PaymentMethodsCard.optional(),
  achDetails: AchTransactionDetails.optional(),
  cardDetails: CardTransactionDetails.optional(),
};

export const TransferSource = z
  .object({ transferID: z.string().optional(), ...partyCore })
  .meta({ id: 'TransferSource' });
export const TransferDestination = z
  .object({ ...partyCore, rtpDetails: RtpTransactionDetails.optional() })
  .meta({ id: 'TransferDestination' });

// ---------------------------------------------------------------- line items

const LineItemImage = z.object({ imageID: z.string(), altText: z.string().optional(), link: z.string(), publicID: z.string() });
export const TransferLineItemOption = z
  .object({
    name: z.string(),
    quantity: z.number().int(),
    priceModifier: AmountDecimal.optional(),
    images: z.array(LineItemImage).optional(),
    group: z.string().optional(),
  })
  .meta({ id: 'TransferLineItemOption' });
export const TransferLineItem = z
  .object({
    name: z.string(),
    basePrice: AmountDecimal,
    quantity: z.number().int(),
    options: z.array(TransferLineItemOption).optional(),
    images: z.array(LineItemImage).optional(),
    productID: z.string().optional(),
  })
  .meta({ id: 'TransferLineItem' });
export const TransferLineItems = z.object({ items: z.array(TransferLineItem) }).meta({ id: 'TransferLineItems' });

// ---------------------------------------------------------------- transfer

const transferOptional = {
  completedOn: Timestamp.optional(),
  failureReason: TransferFailureReason.optional(),
  description: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  facilitatorFee: FacilitatorFee.optional(),
  moovFee: z.number().int().optional(),
  moovFeeDecimal: z.string().optional(),
  groupID: z.string().optional(),
  cancellations: z.array(Cancellation).optional(),
  refundedAmount: TransferAmount.optional(),
  disputedAmount: TransferAmount.optional(),
  sweepID: z.string().optional(),
  scheduleID: z.string().optional(),
  occurrenceID: z.string().optional(),
  paymentLinkCode: z.string().optional(),
  salesTaxAmount: TransferAmount.optional(),
  foreignID: z.string().optional(),
  lineItems: TransferLineItems.optional(),
};

export const Transfer = z
  .object({
    transferID: z.string(),
    createdOn: Timestamp,
    source: TransferSource,
    destination: TransferDestination,
    status: TransferStatus,
    amount: TransferAmount,
    ...transferOptional,
  })
  .meta({ id: 'Transfer' });
export type TransferView = z.output<typeof Transfer>;
export const TransferList = z.array(Transfer).meta({ id: 'TransferList' });

/** The body of `X-Wait-For: rail-response` answers: a Transfer whose fields are optional bar the two IDs. */
export const CreatedTransfer = z
  .object({
    transferID: z.string(),
    createdOn: Timestamp,
    source: TransferSource.optional(),
    destination: TransferDestination.optional(),
    status: TransferStatus.optional(),
    amount: TransferAmount.optional(),
    ...transferOptional,
  })
  .meta({ id: 'CreatedTransfer' });

/** The body of an asynchronous create (no `X-Wait-For`): only the two IDs. */
export const AsyncTransfer = z.object({ transferID: z.string(), createdOn: Timestamp }).meta({ id: 'AsyncTransfer' });
export type AsyncTransferView = z.output<typeof AsyncTransfer>;

/**
 * What create answers, as the SDK declares it (`CreateTransferResponseResult`):
 * 200 `AsyncTransfer` without `X-Wait-For`; 200 full transfer with
 * `X-Wait-For: rail-response` once the rail answered; 202 the transfer as it
 * stands when the wait limit passed.
 */
export const CreateTransferResponse = z.union([Transfer, CreatedTransfer, AsyncTransfer]).meta({ id: 'CreateTransferResponse' });

// ---------------------------------------------------------------- requests

export const MAX_TRANSFER_DESCRIPTION_LENGTH = 128;
export const MAX_TRANSFER_FOREIGN_ID_LENGTH = 64;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 64;

/** Documentation of the create body: the domain performs these checks (and more) itself. */
const CreateTransferShape = z.object({
  source: z.object({
    paymentMethodID: z.string().uuid().optional(),
    transferID: z.string().uuid().optional().describe('Transfer groups are not supported by Railyard yet (422).'),
    paymentToken: z.string().optional().describe('Payment tokens are not supported by Railyard (422).'),
    achDetails: z
      .object({
        companyEntryDescription: z.string().min(4).max(10).optional(),
        originatingCompanyName: z.string().min(4).max(16).optional(),
        debitHoldPeriod: z.enum(['no-hold', '1-day', '2-days']).optional(),
        secCode: z.enum(['WEB', 'PPD', 'CCD', 'TEL']).optional(),
        addenda: z.array(z.object({ record: z.string() })).optional(),
      })
      .optional(),
    cardDetails: z
      .object({ dynamicDescriptor: z.string().min(4).max(22).optional(), transactionSource: z.enum(['first-recurring', 'recurring', 'unscheduled']).optional() })
      .optional(),
  }),
  destination: z.object({
    paymentMethodID: z.string().uuid(),
    achDetails: z
      .object({
        companyEntryDescription: z.string().min(4).max(10).optional(),
        originatingCompanyName: z.string().min(4).max(16).optional(),
        addenda: z.array(z.object({ record: z.string() })).optional(),
      })
      .optional(),
    cardDetails: z.object({ dynamicDescriptor: z.string().min(4).max(22).optional() }).optional(),
  }),
  amount: z.object({ currency: z.string().describe('USD'), value: z.number().int().min(1) }),
  facilitatorFee: z
    .object({
      total: z.number().int().min(0).optional(),
      totalDecimal: z.string().regex(/^\d+\.\d{1,9}$/).optional(),
      markup: z.number().int().min(0).optional(),
      markupDecimal: z.string().regex(/^\d+\.\d{1,9}$/).optional(),
    })
    .optional(),
  description: z.string().max(MAX_TRANSFER_DESCRIPTION_LENGTH).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  salesTaxAmount: z.object({ currency: z.string().describe('USD'), value: z.number().int().min(0) }).optional(),
  foreignID: z.string().max(MAX_TRANSFER_FOREIGN_ID_LENGTH).optional(),
  lineItems: z
    .object({
      items: z.array(
        z.object({
          name: z.string().min(1).max(150),
          basePrice: z.object({ currency: z.string().describe('USD'), valueDecimal: z.string() }),
          quantity: z.number().int().min(1),
          options: z
            .array(
              z.object({
                name: z.string().min(1).max(150),
                quantity: z.number().int().min(1),
                priceModifier: z.object({ currency: z.string().describe('USD'), valueDecimal: z.string() }).optional(),
                group: z.string().max(100).optional(),
              }),
            )
            .optional(),
          productID: z.string().uuid().optional(),
        }),
      ),
    })
    .optional(),
});
export type CreateTransferInput = z.input<typeof CreateTransferShape>;

const PatchTransferShape = z.object({
  metadata: z.record(z.string(), z.string()).nullable().optional().describe('Replaces the map; null clears it.'),
  foreignID: z.string().max(MAX_TRANSFER_FOREIGN_ID_LENGTH).optional().describe('v2026.01.00 and later.'),
});
export type PatchTransferInput = z.input<typeof PatchTransferShape>;

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const jsonSchemaOf = (shape: z.ZodType) => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(shape, { io: 'input' }) as Record<string, unknown>;
  return schema;
};

/** Checked in the domain; only a body that is not a JSON object is refused here (400). */
export const CreateTransfer = z
  .custom<CreateTransferInput>(isPlainObject, { message: 'must be a JSON object' })
  .meta({ id: 'CreateTransfer', ...jsonSchemaOf(CreateTransferShape) });
export const PatchTransfer = z
  .custom<PatchTransferInput>(isPlainObject, { message: 'must be a JSON object' })
  .meta({ id: 'PatchTransfer', ...jsonSchemaOf(PatchTransferShape) });

/** `X-Idempotency-Key`: a UUID or any key of at most 64 visible ASCII characters (the docs say ≤ 36 or a UUID). */
export const IdempotencyKey = z
  .string()
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters');
export const TransferWaitFor = z.enum(['rail-response'], { error: 'must be rail-response' });

// ---------------------------------------------------------------- validation errors

export const CreateTransferLineItemsValidationError = z
  .object({ items: z.record(z.string(), z.record(z.string(), z.unknown())).optional() })
  .meta({ id: 'CreateTransferLineItemsValidationError' });

export const TransferValidationError = z
  .object({
    amount: z.string().optional(),
    source: z.string().optional(),
    sourcePaymentMethodID: z.string().optional(),
    destinationPaymentMethodID: z.string().optional(),
    description: z.string().optional(),
    'FacilitatorFee.TotalDecimal': z.string().optional(),
    'FacilitatorFee.MarkupDecimal': z.string().optional(),
    metadata: z.string().optional(),
    salesTaxAmount: z.string().optional(),
    foreignID: z.string().optional(),
    lineItems: CreateTransferLineItemsValidationError.optional(),
  })
  .meta({ id: 'TransferValidationError' });

export const PatchTransferValidationError = z
  .object({ metadata: z.string().optional(), foreignID: z.string().optional() })
  .meta({ id: 'PatchTransferValidationError' });

export const ListTransfersValidationError = z
  .object({
    accountIDs: z.string().optional(),
    status: z.string().optional(),
    startDateTime: z.string().optional(),
    endDateTime: z.string().optional(),
    skip: z.string().optional(),
    count: z.string().optional(),
    groupID: z.string().optional(),
    foreignID: z.string().optional(),
    scheduleID: z.string().optional(),
    paymentLinkCode: z.string().optional(),
    refunded: z.string().optional(),
    disputed: z.string().optional(),
  })
  .meta({ id: 'ListTransfersValidationError' });

// ---------------------------------------------------------------- list query

/** Most account IDs one `accountIDs` filter may name. */
export const MAX_TRANSFER_FILTER_ACCOUNTS = 50;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateTime = z.iso.datetime({ offset: true, error: 'must be an RFC 3339 date-time' });
const idFilter = z.string().regex(uuidPattern, 'must be a valid UUID');

const accountIDList = z
  .string()
  .max(37 * MAX_TRANSFER_FILTER_ACCOUNTS, 'names too many accounts')
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
    if (parts.length === 0 || parts.length > MAX_TRANSFER_FILTER_ACCOUNTS || !parts.every((p) => uuidPattern.test(p))) {
      ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of 1 to ${MAX_TRANSFER_FILTER_ACCOUNTS} account IDs` });
      return z.NEVER;
    }
    return [...new Set(parts.map((p) => p.toLowerCase()))];
  });

export const ListTransfersQuery = z.object({
  accountIDs: accountIDList.optional().describe('Only transfers whose source or destination account is one of these (comma-separated).'),
  status: z.enum(TRANSFER_STATUSES, { error: 'must be a valid transfer status' }).optional().describe('Only transfers in this status.'),
  startDateTime: dateTime.optional().describe('Created at or after (RFC 3339).'),
  endDateTime: dateTime.optional().describe('Created before (RFC 3339).'),
  groupID: idFilter.optional().describe('Only transfers of this transfer group.'),
  scheduleID: idFilter.optional().describe('Only transfers of this schedule.'),
  paymentLinkCode: z.string().min(1).max(64, 'must be at most 64 characters').optional().describe('Only transfers of this payment link.'),
  paymentLinkID: z.string().min(1).max(64, 'must be at most 64 characters').optional().describe('v2024.01.00 name of `paymentLinkCode`.'),
  refunded: QueryBoolean.optional().describe('Only transfers with (true) or without (false) refunds.'),
  disputed: QueryBoolean.optional().describe('Only transfers with (true) or without (false) disputes.'),
  foreignID: z.string().min(1).max(MAX_TRANSFER_FOREIGN_ID_LENGTH, `must be at most ${MAX_TRANSFER_FOREIGN_ID_LENGTH} characters`).optional().describe('Only transfers with this foreignID.'),
  ...Paging,
});
export type ListTransfersFilter = z.output<typeof ListTransfersQuery>;
