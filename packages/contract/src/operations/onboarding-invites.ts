import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError } from '../schemas/common.ts';
import { CreateOnboardingInvite, InviteCode, OnboardingInvite, OnboardingInviteError, OnboardingInviteList } from '../schemas/onboarding-invites.ts';
import { missingScope, noCredentials } from './common-errors.ts';

/*
 * Onboarding invites (docs/onboarding.md, decision 1750). An invite belongs to
 * the platform that made it: another platform's code is the same empty 404 as
 * an unknown one. Its `link` opens Railyard's own page, `/onboarding/{code}`,
 * where the invited person creates the connected account.
 */

const CodeParams = z.object({ code: InviteCode });
const noInvite = { description: "No such invite (or another platform's)" } as const;

export const createOnboardingInvite = defineOperation({
  id: 'onboarding.createInvite',
  method: 'POST',
  path: '/onboarding-invites',
  summary: 'Create an onboarding invite',
  description:
    'Creates an invitation with a unique code and link. Whoever opens the link fills in a form served by Railyard; ' +
    'submitting it creates a connected account of the platform that asks for `capabilities`, prefilled from `prefill`. ' +
    'Body: `scopes` (required, at least one), `capabilities` and `feePlanCodes` (required lists, may be empty), ' +
    '`grantScopes`, `returnURL` (where the person is sent afterwards, with `accountID` added to its query) and ' +
    '`termsOfServiceURL`. A link works once, until it is revoked, or for 30 days of platform time.',
  auth: 'api',
  scopes: ['/accounts.write'],
  readOnly: false,
  request: { body: CreateOnboardingInvite, bodyRequired: true },
  response: { status: 200, description: 'The invite', body: OnboardingInvite },
  errors: {
    400: { description: 'Malformed request (not a JSON object)', body: GenericError },
    401: noCredentials,
    403: missingScope,
    422: { description: 'Invalid fields, one message per field (list fields keyed by index)', body: OnboardingInviteError },
  },
});

export const listOnboardingInvites = defineOperation({
  id: 'onboarding.listInvites',
  method: 'GET',
  path: '/onboarding-invites',
  summary: 'List onboarding invites',
  description: "Lists the platform's onboarding invites, newest first, revoked and redeemed ones included.",
  auth: 'api',
  scopes: ['/accounts.read'],
  readOnly: true,
  request: {},
  response: { status: 200, description: 'The invites', body: OnboardingInviteList },
  errors: { 401: noCredentials, 403: missingScope },
});

export const getOnboardingInvite = defineOperation({
  id: 'onboarding.getInvite',
  method: 'GET',
  path: '/onboarding-invites/{code}',
  summary: 'Get an onboarding invite',
  description: 'Answers one of the platform’s invites by its code: `redeemedOn` and `redeemedAccountID` once used, `revokedOn` once revoked.',
  auth: 'api',
  scopes: ['/accounts.read'],
  readOnly: true,
  request: { params: CodeParams },
  response: { status: 200, description: 'The invite', body: OnboardingInvite },
  errors: { 401: noCredentials, 403: missingScope, 404: noInvite },
});

export const revokeOnboardingInvite = defineOperation({
  id: 'onboarding.revokeInvite',
  method: 'DELETE',
  path: '/onboarding-invites/{code}',
  summary: 'Revoke an onboarding invite',
  description:
    'Revokes an invite: its link stops working at once (the page answers 410). Revoking a revoked invite is allowed (204) ' +
    'and keeps the first `revokedOn`; a redeemed invite cannot be revoked (409: its account exists).',
  auth: 'api',
  scopes: ['/accounts.write'],
  readOnly: false,
  request: { params: CodeParams },
  response: { status: 204, description: 'Revoked' },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: noInvite,
    409: { description: 'The invite was already redeemed', body: GenericError },
  },
});

export const onboardingInviteOperations = [createOnboardingInvite, listOnboardingInvites, getOnboardingInvite, revokeOnboardingInvite] as const;
