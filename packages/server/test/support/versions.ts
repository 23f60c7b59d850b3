import type { TestServer } from './server.ts';

/** The `X-Moov-Version` header of each API version the tests speak. */
export const V2026 = { 'x-moov-version': 'v2026.01.00' };
export const V2024 = { 'x-moov-version': 'v2024.01.00' };

/** A request as the first platform (or `auth`) under v2026.01.00, with a JSON body when given. */
export async function requestV2026(server: TestServer, method: string, path: string, body?: unknown, auth?: string) {
  return server.request(method, path, { headers: V2026, ...(body !== undefined ? { body } : {}), ...(auth ? { auth } : {}) });
}
