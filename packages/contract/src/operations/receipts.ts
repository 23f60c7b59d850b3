import { defineOperation } from '../core/operation.ts';
import { GenericError, ValidationErrorMap } from '../schemas/common.ts';
import { CreateReceipts, ListReceiptsQuery, MAX_RECEIPTS_PER_REQUEST, ReceiptList } from '../schemas/receipts.ts';
import { missingScope, noCredentials } from './common-errors.ts';


export const createReceipts = defineOperation({
  id: 'receipts.create',
  method: 'POST',
  path: '/receipts',
  summary: 'Request receipts',
  description:
    `Requests receipt emails for transfers. Body: a JSON array of 1 to ${MAX_RECEIPTS_PER_REQUEST} requests, each ` +
    '`{kind: "sale.customer.v1", email | emailAccountID, forTransferID}` (exactly one recipient; schedules and ' +
    'occurrences do not exist in Railyard and are refused). No email leaves Railyard: a receipt for a completed ' +
    'transfer is recorded as sent at once (`sentFor`, and a `receipt.sent` event); one for a transfer still in ' +
    'flight is sent when the transfer completes. Answers 201 with the receipt requests.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.write'],
  readOnly: false,
  request: { body: CreateReceipts, bodyRequired: true },
  response: { status: 201, description: 'The receipt requests', body: ReceiptList },
  errors: {
    400: { description: 'Malformed request (not an array, too many requests, too many receipts for a transfer)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    422: { description: 'Invalid receipt requests, by index', body: ValidationErrorMap },
  },
});

export const listReceipts = defineOperation({
  id: 'receipts.list',
  method: 'GET',
  path: '/receipts',
  summary: 'List receipts',
  description: 'Lists the receipt requests of one of the platform’s transfers (`id`, required), oldest first, with what was sent.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.read'],
  readOnly: true,
  request: { query: ListReceiptsQuery },
  response: { status: 200, description: 'The receipt requests', body: ReceiptList },
  errors: { 400: { description: 'Missing or malformed `id`', body: GenericError }, 401: noCredentials, 403: missingScope },
});

export const receiptOperations = [createReceipts, listReceipts] as const;
