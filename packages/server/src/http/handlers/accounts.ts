import type { Handler } from '../handler.ts';

// Filled by the accounts work, one handler per accounts operation.
export const accountHandlers: Record<string, Handler> = {};
