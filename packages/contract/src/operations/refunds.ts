import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { IdempotencyKey, TransferWaitFor } from '../schemas/transfers.ts';
import {
  CardAcquiringRefund,
  CreateRefund,
  CreateRefundResponse,
  CreateReversal,
  RefundList,
  RefundValidationError,
  Reversal,
  ReversalValidationError,
} from '../schemas/refunds.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Refunds and reversals of card payments (docs/refunds.md). `accountID` is the
 * platform that created the transfer; another platform's transfer is a 404
 * like a missing one.
 */

const TransferParams = z.object({ accountID: Uuid, transferID: Uuid });
const READ = '/accounts/{accountID}/transfers.read';
const WRITE = '/accounts/{accountID}/transfers.write';

const idempotencyHeader = {
  name: 'X-Idempotency-Key',
  field: 'xIdempotencyKey',
  required: true,
  description: 'A key unique to this request (a UUID, or ≤ 64 visible ASCII characters); kept for ever per platform.',
  schema: IdempotencyKey,
} as const;

export const initiateRefund = defineOperation({
  id: 'transfers.initiateRefund',
  method: 'POST',
  path: '/accounts/{accountID}/transfers/{transferID}/refunds',
  summary: 'Refund a card payment',
  description:
    'Sends money of a settled card payment back to the card. Body `{amount}` in cents refunds part of it; no body (or ' +
    'no `amount`) refunds everything not refunded yet. Several partial refunds may follow each other up to the ' +
    'payment’s amount, never beyond (422 `amount`). The merchant’s wallet is debited at once, even below zero ' +
    '(a negative wallet cannot send money until it is funded again). The refund then moves through the card ' +
    'network on the platform clock: `pending` (card `confirmed`) when the network accepts it, `completed` once ' +
    'settled and posted, or `failed` (the money goes back to the wallet). `X-Idempotency-Key` is required: a second ' +
    'request with the same key moves no money and answers 409 with the refund as it stands. Without `X-Wait-For` ' +
    'the answer is `{refundID, createdOn, amount}`; with `X-Wait-For: rail-response` the full refund once the network ' +
    'answered. Only card payments (and pulls from a card) into a wallet that have settled can be refunded: 400 ' +
    'otherwise (cancel an unsettled one, or use a reversal).',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: {
    params: TransferParams,
    headers: [
      idempotencyHeader,
      {
        name: 'X-Wait-For',
        field: 'xWaitFor',
        required: false,
        description: '`rail-response`: answer with the full refund once the card network answered (202 after 15 s).',
        schema: TransferWaitFor,
      },
    ],
    body: CreateRefund,
    bodyRequired: false,
  },
  response: {
    status: 200,
    description: '`{refundID, createdOn, amount}` without X-Wait-For; the full refund with it (202 when the wait limit passed first)',
    body: CreateRefundResponse,
  },
  errors: {
    400: { description: 'The transfer cannot be refunded (not a card payment, not settled, failed or canceled)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such transfer on this platform' },
    409: { description: 'The idempotency key was used before: the original refund, as it stands now', body: CardAcquiringRefund },
    422: { description: 'Invalid amount: not whole cents above zero, or more than what remains refundable', body: RefundValidationError },
  },
});

export const listRefunds = defineOperation({
  id: 'transfers.listRefunds',
  method: 'GET',
  path: '/accounts/{accountID}/transfers/{transferID}/refunds',
  summary: 'List the refunds of a transfer',
  description:
    'Every refund of the transfer, oldest first. `accountID` may be the platform’s own account or the transfer’s ' +
    'source or destination account.',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: TransferParams },
  response: { status: 200, description: 'The refunds', body: RefundList },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such transfer on this platform' } },
});

export const getRefund = defineOperation({
  id: 'transfers.getRefund',
  method: 'GET',
  path: '/accounts/{accountID}/transfers/{transferID}/refunds/{refundID}',
  summary: 'Get a refund',
  description: 'One refund of the transfer, with its card network details.',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid, transferID: Uuid, refundID: Uuid }) },
  response: { status: 200, description: 'The refund', body: CardAcquiringRefund },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such refund of this transfer' } },
});

export const createReversal = defineOperation({
  id: 'transfers.createReversal',
  method: 'POST',
  path: '/accounts/{accountID}/transfers/{transferID}/reversals',
  summary: 'Cancel or refund a card payment',
  description:
    'Gives a card payment’s money back in the cheapest way its state allows. While the payment can still be ' +
    'canceled (authorized, not settled) a reversal of the whole amount cancels it: the answer is `{cancellation}`. ' +
    'Once it settled, or for part of the amount (partial cancellations do not exist), it becomes a refund: the ' +
    'answer is `{refund}`. Body `{amount}` (required when a body is sent); no body reverses everything not yet ' +
    'refunded. `X-Idempotency-Key` is required: a replay answers what the first request became. Transfers that ' +
    'are not card payments into a wallet, or that failed or were canceled, cannot be reversed: 400.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: TransferParams, headers: [idempotencyHeader], body: CreateReversal, bodyRequired: false },
  response: { status: 200, description: 'What the reversal became: `{cancellation}` or `{refund}`', body: Reversal },
  errors: {
    400: { description: 'The transfer cannot be reversed', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such transfer on this platform' },
    409: { description: 'The idempotency key was used before for another transfer', body: GenericError },
    422: { description: 'Invalid amount', body: ReversalValidationError },
  },
});

export const refundOperations = [initiateRefund, listRefunds, getRefund, createReversal] as const;
