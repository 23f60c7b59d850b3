import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { Underwriting, UpdateUnderwriting, UpdateUnderwritingError, UpsertUnderwriting, UpsertUnderwritingError } from '../schemas/underwriting.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Underwriting of a business account (docs/onboarding.md, decision 1701): what
 * the business sells and how much, read by the capability requirements
 * (`underwriting.*`).
 */

const AccountParams = z.object({ accountID: Uuid });
const notFound = { description: 'No such account, not one the caller may see, or (GET) no underwriting saved yet' } as const;
const conflict = { description: 'Not a business account, or the account is disconnected from the caller', body: GenericError } as const;

export const getUnderwriting = defineOperation({
  id: 'underwriting.get',
  method: 'GET',
  path: '/accounts/{accountID}/underwriting',
  summary: "Get an account's underwriting",
  description: 'The underwriting saved for the account (the newer fields of POST and the legacy ones of PUT); 404 before any is saved.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The underwriting', body: Underwriting },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const saveUnderwriting = defineOperation({
  id: 'underwriting.save',
  method: 'POST',
  path: '/accounts/{accountID}/underwriting',
  summary: "Save an account's underwriting",
  description:
    'Saves underwriting details; fields sent replace the stored ones, others are kept. `geographicReach` and ' +
    '`businessPresence` are due for every capability but `transfers`; `collectFunds.cardPayments.*` for card payments, ' +
    'the `estimatedActivity` of each other capability for it; `pendingLitigation` and `volumeShareByCustomerType` once ' +
    'the reach is international. Shares (`cardAcceptanceMethods`, `volumeShareByCustomerType`) total 100; ' +
    '`averageTransactionAmount` is at most `maximumTransactionAmount` (cents). `submissionIntent: "wait"` saves a ' +
    'draft the requirements do not read yet; `"submit"` (the default) submits it, and in the sandbox it is approved at once.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.write'],
  readOnly: false,
  request: { params: AccountParams, body: UpsertUnderwriting, bodyRequired: true },
  response: { status: 200, description: 'The underwriting', body: Underwriting },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: conflict,
    422: { description: 'Invalid fields', body: UpsertUnderwritingError },
  },
});

export const upsertUnderwriting = defineOperation({
  id: 'underwriting.upsert',
  method: 'PUT',
  path: '/accounts/{accountID}/underwriting',
  summary: "Replace an account's legacy underwriting",
  description:
    'The legacy model: every field required (`averageTransactionSize`, `maxTransactionSize`, ' +
    '`averageMonthlyTransactionVolume` in cents, `volumeByCustomerType` and `cardVolumeDistribution` shares totalling ' +
    '100, `fulfillment`). Replaces the legacy fields and submits them; the newer fields are kept.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.write'],
  readOnly: false,
  request: { params: AccountParams, body: UpdateUnderwriting, bodyRequired: true },
  response: { status: 200, description: 'The underwriting', body: Underwriting },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: conflict,
    422: { description: 'Invalid fields, nested under `error`', body: UpdateUnderwritingError, fieldsUnder: 'error' },
  },
});

export const underwritingOperations = [getUnderwriting, saveUnderwriting, upsertUnderwriting] as const;
