import type { OperationId } from '@railyard/contract';
import type { Handler } from '../handler.ts';
import { pingHandlers } from './ping.ts';
import { authHandlers } from './auth.ts';
import { accountHandlers } from './accounts.ts';

/** One handler per operation of the registry; the type makes a missing one a compile error. */
export const handlers: Record<OperationId, Handler> = {
  ...pingHandlers,
  ...authHandlers,
  ...accountHandlers,
};
