import { z } from 'zod';
import { Timestamp, Uuid } from './common.ts';

/*
 * Receipts (docs/api-behaviour.md §5.5), SDK 26.2.0 `receiptrequest.ts`,
 * `receiptresponse.ts`, `receiptkind.ts`, `sentreceipt.ts`. The create body is
 * a JSON array checked item by item in the domain; the schema documents it.
 */

export const RECEIPT_KINDS = ['sale.customer.v1'] as const;
export const ReceiptKind = z.enum(RECEIPT_KINDS).meta({ id: 'ReceiptKind' });
/** How many receipt requests one `POST /receipts` may carry. */
export const MAX_RECEIPTS_PER_REQUEST = 50;
export const MAX_RECEIPT_EMAIL_LENGTH = 254;

const ReceiptRequestShape = z.object({
  kind: ReceiptKind,
  email: z.string().email().max(MAX_RECEIPT_EMAIL_LENGTH).optional().describe('Either email or emailAccountID, not both.'),
  emailAccountID: z.string().uuid().optional().describe('Either email or emailAccountID, not both: the account’s profile email.'),
  forTransferID: z.string().uuid().optional().describe('Exactly one of forTransferID, forScheduleID, forOccurrenceID.'),
  forScheduleID: z.string().uuid().optional().describe('Schedules do not exist in Railyard: refused (422).'),
  forOccurrenceID: z.string().uuid().optional().describe('Schedules do not exist in Railyard: refused (422).'),
});
export type ReceiptRequestInput = z.input<typeof ReceiptRequestShape>;
const CreateReceiptsShape = z.array(ReceiptRequestShape).min(1).max(MAX_RECEIPTS_PER_REQUEST);

const jsonSchemaOf = (shape: z.ZodType) => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(shape, { io: 'input' }) as Record<string, unknown>;
  return schema;
};

export const CreateReceipts = z
  .custom<ReceiptRequestInput[]>((value) => Array.isArray(value), { message: 'must be a JSON array of receipt requests' })
  .meta({ id: 'CreateReceipts', ...jsonSchemaOf(CreateReceiptsShape) });

export const SentReceipt = z
  .object({ receiptID: z.string(), idempotencyKey: z.string(), sentOn: Timestamp })
  .meta({ id: 'SentReceipt' });

export const ReceiptResponse = z
  .object({
    receiptID: z.string(),
    createdBy: z.string(),
    disabledOn: Timestamp.optional(),
    kind: ReceiptKind,
    email: z.string().optional(),
    emailAccountID: z.string().optional(),
    forTransferID: z.string().optional(),
    forScheduleID: z.string().optional(),
    forOccurrenceID: z.string().optional(),
    sentFor: z.array(SentReceipt).optional(),
  })
  .meta({ id: 'ReceiptResponse' });
export type ReceiptView = z.output<typeof ReceiptResponse>;
export const ReceiptList = z.array(ReceiptResponse).meta({ id: 'ReceiptList' });

export const ListReceiptsQuery = z.object({
  id: Uuid.describe('The transfer whose receipt requests to list (schedule and occurrence IDs name nothing in Railyard).'),
});
