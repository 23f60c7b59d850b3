import type { TestPlatform, TestServer } from './server.ts';

// Credentials as a client sends them (moved here from http/helpers.ts).

/** Mints tokens through the real endpoint with the platform's API key in Basic auth. */
export async function mintToken(
  server: TestServer,
  scope: string,
  platform: TestPlatform = server.platform,
): Promise<{ access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string }> {
  const response = await server.request('POST', '/oauth2/token', {
    auth: platform.basic,
    body: { grant_type: 'client_credentials', scope },
  });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
  return response.json;
}

/** The `Authorization` value for a token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** The `Authorization` value for HTTP Basic credentials. */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
