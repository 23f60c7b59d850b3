import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, MAX_PAGE_COUNT, Uuid } from '../schemas/common.ts';
import {
  CreateTransfer,
  CreateTransferResponse,
  IdempotencyKey,
  ListTransfersQuery,
  ListTransfersValidationError,
  PatchTransfer,
  PatchTransferValidationError,
  Transfer,
  TransferList,
  TransferValidationError,
  TransferWaitFor,
} from '../schemas/transfers.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const PlatformParams = z.object({ accountID: Uuid });
const TransferParams = z.object({ accountID: Uuid, transferID: Uuid });

const READ = '/accounts/{accountID}/transfers.read';
const WRITE = '/accounts/{accountID}/transfers.write';

const notPlatform = { description: 'The accountID is not the calling platform’s own account' } as const;

export const createTransfer = defineOperation({
  id: 'transfers.create',
  method: 'POST',
  path: '/accounts/{accountID}/transfers',
  summary: 'Create a transfer',
  description:
    'Moves money from one payment method to another. `accountID` is the calling platform’s own account. Body: ' +
    '`source.paymentMethodID`, `destination.paymentMethodID`, `amount {currency: "USD", value: cents}`, and optional ' +
    '`description` (≤ 128), `metadata`, `facilitatorFee` (either `total` or `totalDecimal`, in cents), ' +
    '`salesTaxAmount`, `foreignID` and `lineItems` (v2026.01.00). The `X-Idempotency-Key` header is required: a ' +
    'second request with the same key moves no money and answers 409 with the stored transfer. Without ' +
    '`X-Wait-For` the answer is 200 `{transferID, createdOn}` and the transfer proceeds in the background; with ' +
    '`X-Wait-For: rail-response` it is 200 with the full transfer once the rail answered, or 202 with the transfer ' +
    'as it stands after 15 seconds. Wallet-to-wallet transfers complete at once; a source wallet without the money ' +
    'makes a `failed` transfer with `failureReason: wallet-insufficient-funds`.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: {
    params: PlatformParams,
    headers: [
      {
        name: 'X-Idempotency-Key',
        field: 'xIdempotencyKey',
        required: true,
        description: 'A key unique to this transfer (a UUID, or ≤ 64 visible ASCII characters); kept for ever per platform.',
        schema: IdempotencyKey,
      },
      {
        name: 'X-Wait-For',
        field: 'xWaitFor',
        required: false,
        description: '`rail-response`: answer with the full transfer once the rail answered (202 after 15 s).',
        schema: TransferWaitFor,
      },
    ],
    body: CreateTransfer,
    bodyRequired: true,
  },
  response: {
    status: 200,
    description:
      '`{transferID, createdOn}` without X-Wait-For; the full transfer with X-Wait-For (status 202 when the wait limit passed first)',
    body: CreateTransferResponse,
  },
  errors: {
    400: { description: 'Malformed request, unsupported payment-method pair, missing capability', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notPlatform,
    409: { description: 'The idempotency key was used before: the original transfer, as it stands now', body: Transfer },
    422: { description: 'Invalid fields', body: TransferValidationError },
  },
});

export const listTransfers = defineOperation({
  id: 'transfers.list',
  method: 'GET',
  path: '/accounts/{accountID}/transfers',
  summary: 'List transfers',
  description:
    'Lists the platform’s transfers, newest first. Filters (combined with AND): `accountIDs` (comma-separated; a ' +
    'transfer matches when its source or destination account is listed), `status`, `startDateTime` (inclusive) and ' +
    '`endDateTime` (exclusive) on `createdOn`, `groupID`, `scheduleID`, `paymentLinkCode`, `refunded`, `disputed`, ' +
    `\`foreignID\`. Paging: \`skip\` (default 0) and \`count\` (default and maximum ${MAX_PAGE_COUNT}).`,
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: PlatformParams, query: ListTransfersQuery },
  response: { status: 200, description: 'The transfers', body: TransferList },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: notPlatform,
    422: { description: 'Invalid query parameters', body: ListTransfersValidationError },
  },
});

export const getTransfer = defineOperation({
  id: 'transfers.get',
  method: 'GET',
  path: '/accounts/{accountID}/transfers/{transferID}',
  summary: 'Get a transfer',
  description: 'Answers one transfer of the platform with its current status and rail details.',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: TransferParams },
  response: { status: 200, description: 'The transfer', body: Transfer },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such transfer on this platform' } },
});

export const updateTransfer = defineOperation({
  id: 'transfers.update',
  method: 'PATCH',
  path: '/accounts/{accountID}/transfers/{transferID}',
  summary: 'Update a transfer’s metadata',
  description:
    'Transfers are immutable apart from `metadata` (replaces the map; `null` clears it) and, from v2026.01.00, ' +
    '`foreignID`. Fields not sent stay as they are.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: TransferParams, body: PatchTransfer, bodyRequired: true },
  response: { status: 200, description: 'The transfer', body: Transfer },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such transfer on this platform' },
    422: { description: 'Invalid fields', body: PatchTransferValidationError },
  },
});

export const transferOperations = [createTransfer, listTransfers, getTransfer, updateTransfer] as const;
