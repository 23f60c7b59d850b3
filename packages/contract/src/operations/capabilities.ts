import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { CapabilityID } from '../schemas/accounts.ts';
import { AddCapabilities, AddCapabilitiesError, Capability, CapabilityList } from '../schemas/capabilities.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const AccountParams = z.object({ accountID: Uuid });
const CapabilityParams = z.object({ accountID: Uuid, capabilityID: CapabilityID });

const notFound = { description: 'No such account or capability, or not one the caller may see' } as const;

const statuses =
  'A capability is `pending` while `requirements.currentlyDue` lists something the account still has to provide ' +
  '(profile fields, terms-of-service acceptance), `enabled` once nothing is due, `disabled` after it is disabled. ' +
  'Statuses are recomputed whenever the account is updated.';

export const requestCapabilities = defineOperation({
  id: 'capabilities.request',
  method: 'POST',
  path: '/accounts/{accountID}/capabilities',
  summary: 'Request capabilities for an account',
  description:
    'Requests capabilities (for example `wallet.balance`, `send-funds.ach`, `collect-funds.card-payments`; legacy IDs ' +
    '`wallet`, `send-funds`, `collect-funds`, `card-issuing` too) for an account. ' + statuses + ' Requesting one the ' +
    'account already has changes nothing; a disabled one is requested again. Moov-managed IDs (`production-app`, ' +
    '`platform.*`) and business-only ones for individuals (`collect-funds*`) are refused with 422 keyed by index. ' +
    'Once any send, collect or money-transfer capability is enabled, `wallet`/`wallet.balance` are requested too. ' +
    'Answers the requested capabilities.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/capabilities.write'],
  readOnly: false,
  request: { params: AccountParams, body: AddCapabilities, bodyRequired: true },
  response: { status: 200, description: 'The requested capabilities', body: CapabilityList },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
    422: { description: 'Refused capabilities, keyed by index', body: AddCapabilitiesError },
  },
});

export const listCapabilities = defineOperation({
  id: 'capabilities.list',
  method: 'GET',
  path: '/accounts/{accountID}/capabilities',
  summary: 'List the capabilities of an account',
  description: 'Lists every capability the account has, with status and requirements. ' + statuses,
  auth: 'api',
  scopes: ['/accounts/{accountID}/capabilities.read'],
  readOnly: true,
  request: { params: AccountParams },
  response: { status: 200, description: 'The capabilities', body: CapabilityList },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const getCapability = defineOperation({
  id: 'capabilities.get',
  method: 'GET',
  path: '/accounts/{accountID}/capabilities/{capabilityID}',
  summary: 'Get one capability of an account',
  description: 'Answers one capability by its ID (for example `wallet.balance`), with status and requirements. ' + statuses,
  auth: 'api',
  scopes: ['/accounts/{accountID}/capabilities.read'],
  readOnly: true,
  request: { params: CapabilityParams },
  response: { status: 200, description: 'The capability', body: Capability },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const disableCapability = defineOperation({
  id: 'capabilities.disable',
  method: 'DELETE',
  path: '/accounts/{accountID}/capabilities/{capabilityID}',
  summary: 'Disable a capability of an account',
  description:
    'Disables one capability; payment methods that needed it go away. Disabling a disabled capability answers 204 ' +
    'and changes nothing. The platform’s own account keeps every capability (400); a disconnected account is ' +
    'read-only (409).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/capabilities.write'],
  readOnly: false,
  request: { params: CapabilityParams },
  response: { status: 204, description: 'Disabled' },
  errors: {
    400: { description: 'The capability cannot be disabled', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
  },
});

export const capabilityOperations = [requestCapabilities, listCapabilities, getCapability, disableCapability] as const;
