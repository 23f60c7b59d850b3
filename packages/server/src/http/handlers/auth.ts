import { createAccessToken, revokeAccessToken } from '@railyard/contract';
import { BadRequest } from '../../kernel/errors.ts';
import type { ClientCredentials } from '../../domain/auth/oauth.ts';
import { handle, type RequestContext } from './handler.ts';

/**
 * Client credentials of the OAuth2 endpoints: HTTP Basic (the SDK's way) or
 * `client_id`/`client_secret` in the body (RFC 6749 §2.3.1 allows both). When
 * both are sent they must name the same client; a half-given pair is no client.
 */
function clientCredentials(
  ctx: RequestContext,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials | undefined {
  const fromBody =
    body.client_id !== undefined && body.client_secret !== undefined
      ? { clientID: body.client_id, clientSecret: body.client_secret }
      : undefined;
  if (!ctx.basic) return fromBody;
  const fromBasic = { clientID: ctx.basic.username, clientSecret: ctx.basic.password };
  if (body.client_id !== undefined && body.client_id !== fromBasic.clientID) {
    throw new BadRequest('client credentials in the Authorization header and the body name different clients');
  }
  return fromBasic;
}

export const authHandlers = {
  [createAccessToken.id]: handle(createAccessToken, async ({ body }, ctx) => {
    const tokens = await ctx.services.oauth.createToken({
      grantType: body.grant_type,
      client: clientCredentials(ctx, body),
      address: ctx.ip,
      scope: body.scope,
      refreshToken: body.refresh_token,
    });
    return {
      body: {
        token_type: 'Bearer',
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
        scope: tokens.scope,
      },
      // RFC 6749 §5.1: token responses must not be cached.
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
    };
  }),

  [revokeAccessToken.id]: handle(revokeAccessToken, async ({ body }, ctx) => {
    await ctx.services.oauth.revoke({ client: clientCredentials(ctx, body), address: ctx.ip, token: body.token });
    return undefined;
  }),
};
