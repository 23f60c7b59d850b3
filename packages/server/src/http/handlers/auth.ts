import type { Handler } from '../handler.ts';

// Filled by the OAuth2 work: token creation and revocation.
export const authHandlers: Record<string, Handler> = {};
