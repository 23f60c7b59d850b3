import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { Representative } from '../schemas/accounts.ts';
import {
  CreateRepresentative,
  RepresentativeList,
  RepresentativeValidationError,
  UpdateRepresentative,
} from '../schemas/representatives.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Business representatives (docs/onboarding.md, decision 1700). A
 * representative belongs to one business account; another platform's account
 * or representative is the same empty 404 as an unknown one.
 */

const AccountParams = z.object({ accountID: Uuid });
const RepresentativeParams = z.object({ accountID: Uuid, representativeID: Uuid });
const READ = ['/accounts/{accountID}/representatives.read'] as const;
const WRITE = ['/accounts/{accountID}/representatives.write'] as const;

const notFound = { description: 'No such account or representative, or not one the caller may see' } as const;
const conflict = {
  description: 'Not a business account, already 7 representatives, or the account is disconnected from the caller',
  body: GenericError,
} as const;
const invalid = { description: 'Invalid fields, nested under `error`', body: RepresentativeValidationError, fieldsUnder: 'error' } as const;

const rules =
  'Only business accounts have representatives (at most 7). Birth date and SSN/ITIN are stored encrypted and never ' +
  'shown again: the answer says `birthDateProvided`/`governmentIDProvided`. `responsibilities`: a controller ' +
  '(`isController`, with a `jobTitle` of at most 64 characters) manages the business; an owner (`isOwner`) holds ' +
  '`ownershipPercentage` (1-100, required for owners) and the owners of one account total at most 100. ' +
  "Each change is recomputed into the account's capability requirements (`business.controllers`, " +
  '`representative.{rep-uuid}.*`).';

export const createRepresentative = defineOperation({
  id: 'representatives.create',
  method: 'POST',
  path: '/accounts/{accountID}/representatives',
  summary: 'Add a representative to a business account',
  description:
    'Adds a person who controls or owns the business: body `{name: {firstName, lastName}, phone?, email?, address?, ' +
    'birthDate? {day, month, year}, governmentID? {ssn? {full}, itin? {full}}, responsibilities?}`. ' + rules,
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: AccountParams, body: CreateRepresentative, bodyRequired: true },
  response: { status: 200, description: 'The representative', body: Representative },
  errors: { 400: { description: 'Malformed request', body: GenericError }, 401: noCredentials, 403: missingScope, 404: notFound, 409: conflict, 422: invalid },
});

export const listRepresentatives = defineOperation({
  id: 'representatives.list',
  method: 'GET',
  path: '/accounts/{accountID}/representatives',
  summary: 'List the representatives of an account',
  description: "Lists the account's representatives, oldest first (none for an individual account).",
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The representatives', body: RepresentativeList },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const getRepresentative = defineOperation({
  id: 'representatives.get',
  method: 'GET',
  path: '/accounts/{accountID}/representatives/{representativeID}',
  summary: 'Get a representative',
  description: 'One representative of the account.',
  auth: 'api',
  scopes: READ,
  readOnly: true,
  request: { params: RepresentativeParams },
  response: { status: 200, description: 'The representative', body: Representative },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const updateRepresentative = defineOperation({
  id: 'representatives.update',
  method: 'PATCH',
  path: '/accounts/{accountID}/representatives/{representativeID}',
  summary: 'Update a representative',
  description:
    'Changes only the fields sent; `null` clears `phone`, `email`, `address`, `birthDate`, `governmentID` or ' +
    '`responsibilities`. The result is checked as a whole, as on create. ' + rules,
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: RepresentativeParams, body: UpdateRepresentative, bodyRequired: true },
  response: { status: 200, description: 'The representative', body: Representative },
  errors: { 400: { description: 'Malformed request', body: GenericError }, 401: noCredentials, 403: missingScope, 404: notFound, 409: conflict, 422: invalid },
});

export const deleteRepresentative = defineOperation({
  id: 'representatives.delete',
  method: 'DELETE',
  path: '/accounts/{accountID}/representatives/{representativeID}',
  summary: 'Remove a representative',
  description: 'Removes the representative: it no longer counts for the capability requirements, and reads answer 404.',
  auth: 'api',
  scopes: WRITE,
  readOnly: false,
  request: { params: RepresentativeParams },
  response: { status: 204, description: 'Removed' },
  errors: { 400: { description: 'Malformed request', body: GenericError }, 401: noCredentials, 403: missingScope, 404: notFound, 409: conflict },
});

export const representativeOperations = [createRepresentative, listRepresentatives, getRepresentative, updateRepresentative, deleteRepresentative] as const;
