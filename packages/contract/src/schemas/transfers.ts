import { z } from 'zod';
import { PaymentMethodsBankAccount } from './bank-accounts.ts';
import { PaymentMethodsCard } from './cards.ts';
import { inputJsonSchemaOf, isPlainObject } from '../core/json.ts';
import { Metadata, Paging, QueryBoolean, Timestamp, UUID_PATTERN } from './common.ts';
import { PaymentMethodsWallet, PaymentMethodTypeID } from './payment-methods.ts';
import { Cancellation } from './cancellations.ts';
import { AmountDecimal, TransferAmount } from './amounts.ts';
import { CardAcquiringRefund } from './refunds.ts';
import { CardAcquiringDispute } from './disputes.ts';

/*
 * Transfers (docs/api-behaviour.md §5.2, §6), v2026.01.00 shapes (SDK 26.2.0
 * `transfer.ts`, `createdtransfer.ts`, `asynctransfer.ts`, `createtransfer.ts`,
 * `patchtransfer.ts`).
 *
 * Request bodies are checked by the transfers domain and the rails
 * (`domain/transfers/create-input.ts`, `rails/<rail>/options.ts`):
 * `TransferValidationError` carries ONE string per field with flat keys such as
 * `sourcePaymentMethodID` and `FacilitatorFee.TotalDecimal`, which a structural
 * zod check of nested objects cannot produce. So each body is a `custom`
 * schema that accepts any JSON object and carries the JSON Schema of its real
 * shape, as the cards bodies do (decision 0801). That shape and the domain's
 * checks read the same enums and limits, exported below (decision 1003).
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

/** ACH Standard Entry Class codes a debit or credit may carry (`achDetails.secCode`). */
export const ACH_SEC_CODES = ['WEB', 'PPD', 'CCD', 'TEL'] as const;
export const AchSecCode = z.enum(ACH_SEC_CODES);
export type AchSecCodeValue = (typeof ACH_SEC_CODES)[number];

/** How long an ACH debit's money is held after settlement (`source.achDetails.debitHoldPeriod`). */
export const ACH_DEBIT_HOLD_PERIODS = ['no-hold', '1-day', '2-days'] as const;
export const AchDebitHoldPeriod = z.enum(ACH_DEBIT_HOLD_PERIODS);
export type AchDebitHoldPeriodValue = (typeof ACH_DEBIT_HOLD_PERIODS)[number];

/** Why a card is charged (`source.cardDetails.transactionSource`). */
export const CARD_TRANSACTION_SOURCES = ['first-recurring', 'recurring', 'unscheduled'] as const;
export const CardTransactionSource = z.enum(CARD_TRANSACTION_SOURCES);
export type CardTransactionSourceValue = (typeof CARD_TRANSACTION_SOURCES)[number];

// ---------------------------------------------------------------- money

export { TransferAmount, AmountDecimal };

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
    secCode: AchSecCode.optional(),
    debitHoldPeriod: AchDebitHoldPeriod.optional(),
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
    transactionSource: CardTransactionSource.optional(),
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
  refunds: z.array(CardAcquiringRefund).optional(),
  disputedAmount: TransferAmount.optional(),
  disputes: z.array(CardAcquiringDispute).optional(),
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

/*
 * The rules of the create and patch bodies, one definition each: the
 * documented shapes below are built from them, and the transfers domain and
 * the rails check bodies with the same constants (create-input.ts,
 * line-items.ts, rails/ach/options.ts, rails/card/options.ts). A test feeds a
 * table of bodies to both (packages/server/test/transfers/request-rules.test.ts).
 */

export const TRANSFER_CURRENCY = 'USD';
/** Every transfer is at most $10,000,000,000 (well inside the ledger's per-posting bound); rails set lower limits. */
export const MAX_TRANSFER_AMOUNT = 1_000_000_000_000;
export const MAX_TRANSFER_DESCRIPTION_LENGTH = 128;
export const MAX_TRANSFER_FOREIGN_ID_LENGTH = 64;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 64;
/** `facilitatorFee.totalDecimal` / `markupDecimal`: cents with 1 to 9 decimals, such as `12.5`. */
export const FEE_DECIMAL_PATTERN = /^\d+\.\d{1,9}$/;

/** ACH option lengths (docs/api-behaviour.md §5.2) and NACHA's character set, printable ASCII. */
export const ACH_COMPANY_ENTRY_DESCRIPTION_LENGTH = { min: 4, max: 10 } as const;
export const ACH_ORIGINATING_COMPANY_NAME_LENGTH = { min: 4, max: 16 } as const;
/** One addenda record per entry (NACHA allows one for WEB/PPD/CCD/TEL), 80 characters each. */
export const MAX_ACH_ADDENDA_RECORDS = 1;
export const MAX_ACH_ADDENDA_RECORD_LENGTH = 80;
export const NACHA_CHARACTERS = /^[\x20-\x7e]+$/;
/** `cardDetails.dynamicDescriptor`: what a card statement shows, printable ASCII. */
export const CARD_DYNAMIC_DESCRIPTOR_LENGTH = { min: 4, max: 22 } as const;
export const CARD_DESCRIPTOR_CHARACTERS = /^[\x20-\x7e]+$/;

/** `lineItems` (v2026.01.00). */
export const MAX_LINE_ITEMS = 100;
export const MAX_LINE_ITEM_OPTIONS = 20;
export const MAX_LINE_ITEM_NAME_LENGTH = 150;
export const MAX_LINE_ITEM_GROUP_LENGTH = 100;
export const MAX_LINE_ITEM_QUANTITY = 1_000_000;
export const LINE_ITEM_DECIMAL_PATTERN = /^-?\d{1,12}(\.\d{1,9})?$/;
/** Not blank: at least one character that is not white space. */
const NOT_BLANK = /\S/;

const uuid = z.string().regex(UUID_PATTERN);
const nacha = (length: { min: number; max: number }) => z.string().min(length.min).max(length.max).regex(NACHA_CHARACTERS);
const achOptions = {
  companyEntryDescription: nacha(ACH_COMPANY_ENTRY_DESCRIPTION_LENGTH).optional(),
  originatingCompanyName: nacha(ACH_ORIGINATING_COMPANY_NAME_LENGTH).optional(),
  addenda: z
    .array(z.object({ record: z.string().min(1).max(MAX_ACH_ADDENDA_RECORD_LENGTH).regex(NACHA_CHARACTERS) }))
    .max(MAX_ACH_ADDENDA_RECORDS)
    .optional(),
};
const dynamicDescriptor = z
  .string()
  .min(CARD_DYNAMIC_DESCRIPTOR_LENGTH.min)
  .max(CARD_DYNAMIC_DESCRIPTOR_LENGTH.max)
  .regex(CARD_DESCRIPTOR_CHARACTERS);

/** `source.achDetails` (SDK `CreateTransferSourceACH`), checked by the ACH rail. */
export const CreateTransferSourceAch = z.strictObject({
  ...achOptions,
  debitHoldPeriod: AchDebitHoldPeriod.optional().describe('Default 2-days.'),
  secCode: AchSecCode.optional().describe('Default WEB for a debit, PPD for a credit.'),
});
/** `destination.achDetails` (SDK `CreateTransferDestinationACH`), checked by the ACH rail. */
export const CreateTransferDestinationAch = z.strictObject(achOptions);
/** `source.cardDetails` (SDK `CreateTransferSourceCard`), checked by the card rail. */
export const CreateTransferSourceCard = z.strictObject({
  dynamicDescriptor: dynamicDescriptor.optional(),
  transactionSource: CardTransactionSource.optional(),
});
/** `destination.cardDetails` (SDK `CreateTransferDestinationCard`), checked by the card rail. */
export const CreateTransferDestinationCard = z.strictObject({ dynamicDescriptor: dynamicDescriptor.optional() });

const usd = (min: number) => z.object({ currency: z.literal(TRANSFER_CURRENCY), value: z.number().int().min(min).max(MAX_TRANSFER_AMOUNT) });
const feeCents = z.number().int().min(0).max(MAX_TRANSFER_AMOUNT);
const feeDecimal = z.string().regex(FEE_DECIMAL_PATTERN);
const price = z.object({ currency: z.literal(TRANSFER_CURRENCY), valueDecimal: z.string().regex(LINE_ITEM_DECIMAL_PATTERN) });
const lineItemName = z.string().regex(NOT_BLANK).max(MAX_LINE_ITEM_NAME_LENGTH);
const lineItemQuantity = z.number().int().min(1).max(MAX_LINE_ITEM_QUANTITY);
const noImages = z.array(z.string()).max(0).describe('Railyard stores no images: absent or empty.');

/**
 * The create body. Railyard refuses what this schema refuses, with the flat
 * `TransferValidationError` keys; what the schema cannot say is checked in the
 * domain only: the facilitator fee and sales tax are at most the amount, and
 * the amount within the limit of the payment-method pair (docs/transfers.md
 * "Request rules"). `achDetails` and `cardDetails` are checked by the rail
 * that moves the transfer; a rail ignores the other rail's options.
 */
export const CreateTransferShape = z.object({
  source: z.object({
    paymentMethodID: uuid,
    transferID: z.never().optional().describe('Transfer groups are not supported by Railyard yet: must be absent (422).'),
    paymentToken: z.never().optional().describe('Payment tokens are not supported by Railyard: must be absent (422).'),
    achDetails: CreateTransferSourceAch.optional(),
    cardDetails: CreateTransferSourceCard.optional(),
  }),
  destination: z.object({
    paymentMethodID: uuid,
    achDetails: CreateTransferDestinationAch.optional(),
    cardDetails: CreateTransferDestinationCard.optional(),
  }),
  amount: usd(1),
  facilitatorFee: z
    .object({ total: feeCents.optional(), totalDecimal: feeDecimal.optional(), markup: feeCents.optional(), markupDecimal: feeDecimal.optional() })
    .refine((fee) => fee.total === undefined || fee.totalDecimal === undefined, { message: 'set either total or totalDecimal, not both' })
    .refine((fee) => fee.markup === undefined || fee.markupDecimal === undefined, { message: 'set either markup or markupDecimal, not both' })
    .meta({
      description: 'In cents: either `total` or `totalDecimal`, either `markup` or `markupDecimal`; the total is at most the amount.',
      not: { anyOf: [{ required: ['total', 'totalDecimal'] }, { required: ['markup', 'markupDecimal'] }] },
    })
    .optional(),
  description: z.string().max(MAX_TRANSFER_DESCRIPTION_LENGTH).optional(),
  metadata: Metadata.optional(),
  salesTaxAmount: usd(0).describe('At most the amount.').optional(),
  foreignID: z.string().max(MAX_TRANSFER_FOREIGN_ID_LENGTH).optional(),
  lineItems: z
    .object({
      items: z
        .array(
          z.object({
            name: lineItemName,
            basePrice: price,
            quantity: lineItemQuantity,
            options: z
              .array(z.object({ name: lineItemName, quantity: lineItemQuantity, priceModifier: price.optional(), group: z.string().max(MAX_LINE_ITEM_GROUP_LENGTH).optional(), imageIDs: noImages.optional() }))
              .max(MAX_LINE_ITEM_OPTIONS)
              .optional(),
            productID: uuid.optional(),
            imageIDs: noImages.optional(),
          }),
        )
        .min(1)
        .max(MAX_LINE_ITEMS),
    })
    .optional(),
});
export type CreateTransferInput = z.input<typeof CreateTransferShape>;

export const PatchTransferShape = z.object({
  metadata: Metadata.nullable().optional().describe('Replaces the map; null clears it.'),
  foreignID: z.string().max(MAX_TRANSFER_FOREIGN_ID_LENGTH).optional().describe('v2026.01.00 and later.'),
});
export type PatchTransferInput = z.input<typeof PatchTransferShape>;

/**
 * Checked in the domain, which answers one string per flat key
 * (`TransferValidationError`); only a body that is not a JSON object is
 * refused here (400). The OpenAPI document shows `CreateTransferShape`.
 */
export const CreateTransfer = z
  .custom<CreateTransferInput>(isPlainObject, { message: 'must be a JSON object' })
  .meta({ id: 'CreateTransfer', ...inputJsonSchemaOf(CreateTransferShape) });
export const PatchTransfer = z
  .custom<PatchTransferInput>(isPlainObject, { message: 'must be a JSON object' })
  .meta({ id: 'PatchTransfer', ...inputJsonSchemaOf(PatchTransferShape) });

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
const dateTime = z.iso.datetime({ offset: true, error: 'must be an RFC 3339 date-time' });
const idFilter = z.string().regex(UUID_PATTERN, 'must be a valid UUID');

const accountIDList = z
  .string()
  .max(37 * MAX_TRANSFER_FILTER_ACCOUNTS, 'names too many accounts')
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
    if (parts.length === 0 || parts.length > MAX_TRANSFER_FILTER_ACCOUNTS || !parts.every((p) => UUID_PATTERN.test(p))) {
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
