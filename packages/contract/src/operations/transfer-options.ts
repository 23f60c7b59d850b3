import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { CreateTransferOptions, TransferOptions, TransferOptionsValidationError } from '../schemas/transfer-options.ts';
import { missingScope, noCredentials } from './common-errors.ts';


const description =
  'Answers which payment methods can pay which for an amount: `sourceOptions` and `destinationOptions`, each a list ' +
  'of payment methods (with their wallet, bank account or card). Body: `source` and `destination`, each with an ' +
  '`accountID` (every method of that account that can take part), a `paymentMethodID` (only that method, and the ' +
  'other side narrowed to what pairs with it) or both; `amount {currency: "USD", value: cents}`. A method is offered ' +
  'when it pairs with at least one method of the other side: a valid pair whose rail Railyard runs, both accounts ' +
  'hold the capabilities the pair needs, and the amount is within the pair’s limit. Accounts the platform cannot ' +
  'see are refused like missing ones (422).';

const errors = {
  400: { description: 'Malformed request', body: GenericError },
  401: noCredentials,
  403: missingScope,
  422: { description: 'Invalid `amount`, `source` or `destination`', body: TransferOptionsValidationError },
} as const;

export const generateTransferOptions = defineOperation({
  id: 'transfers.generateOptions',
  method: 'POST',
  path: '/accounts/{accountID}/transfer-options',
  summary: 'Generate transfer options',
  description: `${description} \`accountID\` is the calling platform’s own account.`,
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.write'],
  // It changes nothing: safe to retry and mounted by --read-only, although it is a POST.
  readOnly: true,
  request: { params: z.object({ accountID: Uuid }), body: CreateTransferOptions, bodyRequired: true },
  response: { status: 200, description: 'The options', body: TransferOptions },
  errors: { ...errors, 404: { description: 'The accountID is not the calling platform’s own account' } },
});

export const generateTransferOptionsLegacy = defineOperation({
  id: 'transfers.generateOptionsLegacy',
  method: 'POST',
  path: '/transfer-options',
  summary: 'Generate transfer options (older path)',
  description: `${description} The older path of the same operation, without the platform's accountID; served for every version.`,
  auth: 'api',
  scopes: ['/accounts/{accountID}/transfers.read'],
  readOnly: true,
  request: { body: CreateTransferOptions, bodyRequired: true },
  response: { status: 200, description: 'The options', body: TransferOptions },
  errors,
});

export const transferOptionOperations = [generateTransferOptions, generateTransferOptionsLegacy] as const;
