import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { Cancellation } from '../schemas/cancellations.ts';
import { missingScope, noCredentials } from './common-errors.ts';


export const createCancellation = defineOperation({
  id: 'transfers.createCancellation',
  method: 'POST',
  path: '/accounts/{accountID}/transfers/{transferID}/cancellations',
  summary: 'Cancel a transfer',
  description:
    'Asks to cancel a transfer before its rail acts: a card transfer until it settles, an ACH transfer until the leg ' +
    'that moves the money originates (the debit of a bank-funded transfer, else the credit), and a `queued` transfer. ' +
    'Answers 200 with the cancellation `completed` when it finished at once (the transfer is `canceled`, its hold ' +
    'released), or 202 with it `pending` when the rail finishes it later. Completed, failed, already canceled ' +
    'and wallet-to-wallet transfers (which complete at once) cannot be canceled: 400. `accountID` is the calling ' +
    'platform’s own account; no body.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.write'],
  readOnly: false,
  request: { params: z.object({ accountID: Uuid, transferID: Uuid }) },
  response: { status: 200, description: 'The cancellation (status 202 while it is still pending)', body: Cancellation },
  errors: {
    400: { description: 'The transfer cannot be canceled in its state', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such transfer on this platform' },
  },
});

export const getCancellation = defineOperation({
  id: 'transfers.getCancellation',
  method: 'GET',
  path: '/accounts/{accountID}/transfers/{transferID}/cancellations/{cancellationID}',
  summary: 'Get a cancellation',
  description:
    'Answers one cancellation of a transfer: `pending`, `completed` or `failed`. `accountID` may be the platform’s ' +
    'own account or the transfer’s source or destination account.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid, transferID: Uuid, cancellationID: Uuid }) },
  response: { status: 200, description: 'The cancellation', body: Cancellation },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such cancellation of this transfer' } },
});

export const cancellationOperations = [createCancellation, getCancellation] as const;
