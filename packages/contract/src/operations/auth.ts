import { defineOperation } from '../core/operation.ts';
import { GenericError } from '../schemas/common.ts';
import {
  AuthToken,
  AuthTokenRequest,
  AuthTokenRequestError,
  RevokeTokenRequest,
  RevokeTokenRequestError,
} from '../schemas/auth.ts';

export const createAccessToken = defineOperation({
  id: 'authentication.createAccessToken',
  method: 'POST',
  path: '/oauth2/token',
  summary: 'Create or refresh an OAuth2 access token',
  description:
    'Exchanges API key credentials (client_credentials grant, with a space-separated `scope`) or a refresh token ' +
    '(refresh_token grant) for a Bearer access token. Client credentials may come in Basic auth or in the body.',
  auth: 'client',
  scopes: [],
  readOnly: false,
  request: { body: AuthTokenRequest, bodyRequired: true, acceptsForm: true },
  response: { status: 200, description: 'The new token', body: AuthToken },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: { description: 'Unknown or wrong client credentials' },
    422: { description: 'Invalid scope or refresh token', body: AuthTokenRequestError },
  },
});

export const revokeAccessToken = defineOperation({
  id: 'authentication.revokeAccessToken',
  method: 'POST',
  path: '/oauth2/revoke',
  summary: 'Revoke an OAuth2 access or refresh token',
  description: 'Revokes a token so it can no longer be used. Answers 204 whether or not the token was still live.',
  auth: 'client',
  scopes: [],
  readOnly: false,
  request: { body: RevokeTokenRequest, bodyRequired: true, acceptsForm: true },
  response: { status: 204, description: 'Revoked' },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: { description: 'Unknown or wrong client credentials' },
    422: { description: 'Invalid token', body: RevokeTokenRequestError },
  },
});

export const authOperations = [createAccessToken, revokeAccessToken] as const;
