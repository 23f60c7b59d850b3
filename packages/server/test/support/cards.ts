import type { TestServer } from './server.ts';
import { V2026 } from './versions.ts';

/** POSTs a card link under v2026 (extra `headers`, another platform's `auth`) and answers the response, whatever its status. */
export function linkCard(s: TestServer, accountID: string, body: unknown, options: { headers?: Record<string, string>; auth?: string } = {}) {
  return s.request('POST', `/accounts/${accountID}/cards`, {
    body,
    headers: { ...V2026, ...(options.headers ?? {}) },
    ...(options.auth !== undefined ? { auth: options.auth } : {}),
  });
}
