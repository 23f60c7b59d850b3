/**
 * Operations the authorization matrix does not send its credentials checks
 * to, each with the reason. Everything else in the registry is covered by
 * construction; the coverage test fails when an entry here names an
 * operation the registry no longer has, so the list cannot go stale.
 */
export const EXEMPT_OPERATIONS: Readonly<Record<string, string>> = {
  'authentication.createAccessToken':
    'OAuth2 endpoint: authenticates with the client credentials (API key) in Basic auth or the body, never with a Bearer token, so there is no scope to check; held by test/http/oauth.test.ts',
  'authentication.revokeAccessToken':
    'OAuth2 endpoint: client credentials, no token scope (as createAccessToken); held by test/http/oauth.test.ts',
};
