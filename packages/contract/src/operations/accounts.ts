import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, MAX_PAGE_COUNT, Uuid } from '../schemas/common.ts';
import {
  Account,
  AccountList,
  ConnectAccountRequestValidationError,
  CreateAccount,
  CreateAccountError,
  ListAccountsQuery,
  PatchAccount,
  PatchAccountError,
  ShareScopes,
  TermsOfServiceToken,
} from '../schemas/accounts.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const AccountParams = z.object({ accountID: Uuid });

const notFound = { description: 'No such account, or not one the caller may see' } as const;

const listFilters =
  'Filters (all optional, combined with AND): `name` (part of the display name or of a first, middle, last, legal or ' +
  'DBA name, case-insensitive), `email` (the full address, case-insensitive), `type` (individual|business), `foreignID`, ' +
  '`capability` and `capabilityStatus`, `includeDisconnected=true` to include accounts disconnected from the caller. ' +
  `Newest first. Paging: \`skip\` (default 0) and \`count\` (default and maximum ${MAX_PAGE_COUNT}).`;

export const createAccount = defineOperation({
  id: 'accounts.create',
  method: 'POST',
  path: '/accounts',
  summary: 'Create an account',
  description:
    'Creates an individual or business account connected to the calling platform. Send `accountType` and a matching ' +
    '`profile`: `profile.individual.name.firstName`/`lastName` for individuals, `profile.business.legalBusinessName` for ' +
    'businesses. Optional: contact details, `birthDate` and `governmentID` (individuals), `taxID.ein` (businesses), ' +
    '`metadata`, `foreignID`, `customerSupport`, `settings`, `termsOfService` (a token from getTermsOfServiceToken or a ' +
    'manual acceptance record) and `capabilities` to request. The `transfers` capability is always enabled. Sensitive ' +
    'values (birth date, SSN/ITIN, EIN) are stored but never returned; the response only says they were provided. ' +
    'Answers the new account.',
  auth: 'api',
  scopes: ['/accounts.write'],
  readOnly: false,
  request: { body: CreateAccount, bodyRequired: true },
  response: { status: 200, description: 'The created account', body: Account },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    409: { description: 'Conflicting request', body: GenericError },
    422: { description: 'Invalid fields, keyed like the request', body: CreateAccountError },
  },
});

export const listAccounts = defineOperation({
  id: 'accounts.list',
  method: 'GET',
  path: '/accounts',
  summary: 'List or search accounts',
  description:
    'Lists the accounts connected to the calling platform (its own account is not listed). ' + listFilters,
  auth: 'api',
  scopes: ['/accounts.read'],
  readOnly: true,
  request: { query: ListAccountsQuery },
  response: { status: 200, description: 'Matching accounts', body: AccountList },
  errors: {
    400: { description: 'Invalid query parameter', body: GenericError },
    401: noCredentials,
    403: missingScope,
  },
});

export const getAccount = defineOperation({
  id: 'accounts.get',
  method: 'GET',
  path: '/accounts/{accountID}',
  summary: 'Get an account',
  description:
    'Answers one account by ID: the platform’s own account or an account connected to it (disconnected accounts stay ' +
    'readable and carry `disconnectedOn`).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The account', body: Account },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const updateAccount = defineOperation({
  id: 'accounts.update',
  method: 'PATCH',
  path: '/accounts/{accountID}',
  summary: 'Update an account',
  description:
    'Changes only the fields sent. Profile fields merge into the stored profile (an empty string removes an optional ' +
    'field); `metadata` replaces the whole map and `null` clears it; `customerSupport: null` clears it; ' +
    '`termsOfService` records acceptance with a token or a manual record. `accountType` cannot change. Accounts ' +
    'disconnected from the caller are read-only (409).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.write'],
  readOnly: false,
  request: { params: AccountParams, body: PatchAccount, bodyRequired: true },
  response: { status: 200, description: 'The updated account', body: Account },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
    422: { description: 'Invalid fields, keyed like the request', body: PatchAccountError },
  },
});

export const disconnectAccount = defineOperation({
  id: 'accounts.disconnect',
  method: 'DELETE',
  path: '/accounts/{accountID}',
  summary: 'Disconnect an account',
  description:
    'Severs the connection between the calling platform and the account. The account then disappears from lists ' +
    '(unless `includeDisconnected=true`), stays readable with `disconnectedOn` set, and can no longer be changed. ' +
    'Disconnecting again answers 204 and changes nothing. A platform cannot disconnect its own account (400).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.disconnect'],
  readOnly: false,
  request: { params: AccountParams },
  response: { status: 204, description: 'Disconnected' },
  errors: {
    400: { description: 'The platform’s own account cannot be disconnected', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
  },
});

export const connectAccount = defineOperation({
  id: 'accounts.connect',
  method: 'POST',
  path: '/accounts/{accountID}/connections',
  summary: 'Share an account with another account',
  description:
    'Connects the account in the path to `principalAccountID` (another account the caller can see), so the principal ' +
    'lists it among its connected accounts. `allowScopes` lists the short-form scopes shared (for example ' +
    '`profile.read`, `transfers.write`); omitted means every scope. Answers 201 with no body; 409 if already connected.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.write'],
  readOnly: false,
  request: { params: AccountParams, body: ShareScopes, bodyRequired: true },
  response: { status: 201, description: 'Connected' },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'Already connected, or the account is disconnected from the caller', body: GenericError },
    422: { description: 'Invalid principal or scopes', body: ConnectAccountRequestValidationError },
  },
});

export const listConnectedAccounts = defineOperation({
  id: 'accounts.listConnected',
  method: 'GET',
  path: '/accounts/{accountID}/connected-accounts',
  summary: 'List accounts connected to an account',
  description:
    'Lists the accounts connected to the account in the path (those shared with it), among the accounts the caller ' +
    'can see. For the platform’s own account this is the same as listing accounts. ' + listFilters,
  auth: 'api',
  scopes: ['/accounts.read'],
  readOnly: true,
  request: { params: AccountParams, query: ListAccountsQuery },
  response: { status: 200, description: 'Matching accounts', body: AccountList },
  errors: {
    400: { description: 'Invalid query parameter', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
  },
});

export const getTermsOfServiceToken = defineOperation({
  id: 'accounts.getTermsOfServiceToken',
  method: 'GET',
  path: '/tos-token',
  summary: 'Get a terms-of-service acceptance token',
  description:
    'Records that a user is accepting the terms of service from a web page and answers a token for it. The request ' +
    'must carry an `Origin` or `Referer` header (the page); the caller’s IP, user agent and that page are kept. Send ' +
    'the token as `termsOfService.token` when creating or updating an account. Tokens do not expire; each is used once.',
  auth: 'api',
  scopes: ['/accounts.write'],
  readOnly: false,
  request: {
    headers: [
      { name: 'Origin', field: 'origin', required: false, description: 'The page where the user accepts the terms.', schema: z.string().max(2048) },
      { name: 'Referer', field: 'referer', required: false, description: 'The page where the user accepts the terms, when Origin is absent.', schema: z.string().max(2048) },
      { name: 'User-Agent', field: 'userAgent', required: false, description: 'The user agent of the accepting user’s browser, kept with the acceptance.', schema: z.string().max(512) },
    ],
  },
  response: { status: 200, description: 'The token', body: TermsOfServiceToken },
  errors: {
    400: { description: 'Neither Origin nor Referer was sent', body: GenericError },
    401: noCredentials,
    403: missingScope,
  },
});

export const accountOperations = [
  createAccount,
  listAccounts,
  getAccount,
  updateAccount,
  disconnectAccount,
  connectAccount,
  listConnectedAccounts,
  getTermsOfServiceToken,
] as const;
