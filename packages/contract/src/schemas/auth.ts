import { z } from 'zod';

export const AuthTokenRequest = z
  .object({
    grant_type: z.enum(['client_credentials', 'refresh_token']),
    client_id: z.string().max(256).optional(),
    client_secret: z.string().max(256).optional(),
    scope: z.string().max(8192).optional(),
    refresh_token: z.string().max(512).optional(),
  })
  .meta({ id: 'AuthTokenRequest' });

export const AuthToken = z
  .object({
    token_type: z.literal('Bearer'),
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    scope: z.string(),
  })
  .meta({ id: 'AuthToken' });

export const AuthTokenRequestError = z
  .object({ scope: z.string().optional(), refresh_token: z.string().optional() })
  .meta({ id: 'AuthTokenRequestError' });

export const RevokeTokenRequest = z
  .object({
    token: z.string().min(1).max(512),
    token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
    client_id: z.string().max(256).optional(),
    client_secret: z.string().max(256).optional(),
  })
  .meta({ id: 'RevokeTokenRequest' });

export const RevokeTokenRequestError = z
  .object({ token: z.string().optional(), token_type_hint: z.string().optional() })
  .meta({ id: 'RevokeTokenRequestError' });
