import type { OperationDef } from './operation.ts';
import { authOperations } from './operations/auth.ts';
import { pingOperations } from './operations/ping.ts';
import { accountOperations } from './operations/accounts.ts';

/**
 * The one list of operations. Routes, the OpenAPI document, the client and the
 * MCP tools are all derived from it; nothing is wired outside it.
 */
export const operations = [...authOperations, ...pingOperations, ...accountOperations] as const;

export type Operation = (typeof operations)[number];
export type OperationId = Operation['id'];

export const operationsById: ReadonlyMap<string, OperationDef> = new Map(
  (operations as readonly OperationDef[]).map((op) => [op.id, op]),
);
