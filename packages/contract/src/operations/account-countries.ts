import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { AccountCountries, AssignCountriesError } from '../schemas/account-countries.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * An account's countries of operation and its merchant processing agreement
 * (docs/onboarding.md, decisions 1752 and 1756). Both read or change one account
 * the caller can see; any other account is the same empty 404 as an unknown one.
 */

const AccountParams = z.object({ accountID: Uuid });
const noAccount = { description: "No such account (or one the platform cannot see)" } as const;

export const getAccountCountries = defineOperation({
  id: 'accounts.getCountries',
  method: 'GET',
  path: '/accounts/{accountID}/countries',
  summary: 'Get the countries of operation of an account',
  description: 'Answers the countries the account operates in, as last assigned (an empty list before any assignment).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The countries', body: AccountCountries },
  errors: { 401: noCredentials, 403: missingScope, 404: noAccount },
});

export const assignAccountCountries = defineOperation({
  id: 'accounts.assignCountries',
  method: 'PUT',
  path: '/accounts/{accountID}/countries',
  summary: 'Assign the countries of operation of an account',
  description:
    'Replaces the countries the account operates in (always overwrites). Each entry is a country name as Railyard shows ' +
    'it ("United States") or its ISO 3166-1 alpha-2 code ("US"), stored as the name; duplicates count once. Unknown ' +
    'countries and those under comprehensive US sanctions (Cuba, Iran, North Korea, Syria) are refused with 422.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.write'],
  readOnly: false,
  request: { params: AccountParams, body: AccountCountries, bodyRequired: true },
  response: { status: 200, description: 'The countries as stored', body: AccountCountries },
  errors: {
    400: { description: 'Malformed request (not a JSON object)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noAccount,
    409: { description: 'The account is disconnected from the platform and is read-only', body: GenericError },
    422: { description: 'Countries refused, keyed by their index in the list', body: AssignCountriesError },
  },
});

export const getMerchantProcessingAgreement = defineOperation({
  id: 'accounts.getMerchantProcessingAgreement',
  method: 'GET',
  path: '/accounts/{accountID}/merchant-agreement',
  summary: "Get an account's merchant processing agreement",
  description:
    'Answers the merchant processing agreement of an account that has accepted the terms of service, as a PDF generated ' +
    'from the account (its legal name, address, the acceptance date and IP, the capabilities it asked for). An account ' +
    'that has not accepted the terms has no agreement and answers 404, the same as an unknown account.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/profile.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The agreement as a PDF', media: 'application/pdf' },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such account, or it has no agreement' } },
});

export const accountCountryOperations = [getAccountCountries, assignAccountCountries, getMerchantProcessingAgreement] as const;
