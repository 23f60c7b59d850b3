import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import {
  Adjustment,
  AdjustmentList,
  CreateAdjustment,
  CreateAdjustmentValidationError,
  ListAdjustmentsQuery,
  ListAdjustmentsValidationError,
} from '../schemas/adjustments.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/* Wallet adjustments (docs/refunds.md "Adjustments"). */

export const listAdjustments = defineOperation({
  id: 'adjustments.list',
  method: 'GET',
  path: '/accounts/{accountID}/adjustments',
  summary: 'List adjustments',
  description:
    'The corrections the platform made to the account’s wallets, newest first; `walletID` keeps one wallet’s. Each ' +
    'also shows among the wallet’s transactions as an `adjustment`.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid }), query: ListAdjustmentsQuery },
  response: { status: 200, description: 'The adjustments', body: AdjustmentList },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account visible to the caller' },
    422: { description: 'Invalid query', body: ListAdjustmentsValidationError },
  },
});

export const getAdjustment = defineOperation({
  id: 'adjustments.get',
  method: 'GET',
  path: '/accounts/{accountID}/adjustments/{adjustmentID}',
  summary: 'Get an adjustment',
  description: 'One adjustment of the account’s wallets.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid, adjustmentID: Uuid }) },
  response: { status: 200, description: 'The adjustment', body: Adjustment },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such adjustment of this account' } },
});

export const createAdjustment = defineOperation({
  id: 'sandbox.createAdjustment',
  method: 'POST',
  path: '/railyard/accounts/{accountID}/adjustments',
  summary: 'Adjust a wallet (Railyard only)',
  description:
    'Posts a platform correction to one wallet of an account the platform created: `amount.value` in cents, positive ' +
    'to credit the wallet, negative to debit it (even below zero, as Moov settles its own corrections). The money ' +
    'comes from or goes to the platform’s outside-world ledger account, in one balanced entry; the wallet shows an ' +
    '`adjustment` transaction and `GET /accounts/{accountID}/adjustments` lists it. Railyard-only: Moov has no ' +
    'create operation for adjustments.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.write'],
  readOnly: false,
  request: { params: z.object({ accountID: Uuid }), body: CreateAdjustment, bodyRequired: true },
  response: { status: 200, description: 'The adjustment', body: Adjustment },
  errors: {
    400: { description: 'Malformed request, or the wallet is closed', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account or wallet of this platform' },
    422: { description: 'Invalid fields', body: CreateAdjustmentValidationError },
  },
});

export const adjustmentOperations = [listAdjustments, getAdjustment, createAdjustment] as const;
