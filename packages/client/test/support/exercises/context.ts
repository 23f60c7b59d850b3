import { RailyardApiError, type RailyardClient } from '../../../src/index.ts';
import type { TestServer } from '../../../../server/test/support/server.ts';

export interface ExerciseContext {
  server: TestServer;
  /** Basic-auth client of the server's first platform. */
  client: RailyardClient;
}

export type Exercise = (ctx: ExerciseContext) => Promise<void>;

/** Exercise cases keyed by operation id. */
export type Exercises = Record<string, Exercise>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An `assert.rejects` check: an API error of `status`, and `more` when given. */
export function apiError(status: number, more: (error: RailyardApiError) => boolean = () => true) {
  return (error: unknown) => error instanceof RailyardApiError && error.status === status && more(error);
}
