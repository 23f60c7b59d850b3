import { operationGroup, operationMethodName, operations, operationsById, type OperationDef, type OperationId } from '#contract';
import { RailyardInputError } from './errors.ts';
import { resolveOptions, type ClientOptions, type ResolvedOptions } from './options.ts';
import { prepareRequest } from './request.ts';
import { readResult } from './response.ts';
import { send } from './send.ts';
import type { CallOptions, OperationById, OperationGroups, OperationInput, OperationOutput } from './types.ts';

export interface RailyardClientCore {
  /** Calls any operation by id; what the group methods and the MCP tools use underneath. */
  call<Id extends OperationId>(
    id: Id,
    input?: OperationInput<OperationById<Id>>,
    options?: CallOptions,
  ): Promise<OperationOutput<OperationById<Id>>>;
  /** The operations this client knows (the contract registry). */
  readonly operations: readonly OperationDef[];
  /** The options as checked at construction, credentials excluded. */
  readonly settings: Readonly<Omit<ResolvedOptions, 'authorization' | 'fetch'>>;
}

export type RailyardClient = OperationGroups & RailyardClientCore;

/** Calls one operation: build the request, send it with retries, read the result. */
async function callOperation(op: OperationDef, input: unknown, options: ResolvedOptions, call?: CallOptions): Promise<unknown> {
  const request = prepareRequest(op, input, options);
  const response = await send(op.id, request, options, call);
  return readResult(op, response, options.version);
}

/**
 * Builds a client with one method per registry operation: `client.accounts.create(…)`
 * for `accounts.create`. Nothing here names an operation: new registry entries
 * appear as methods (and their types) without any change to this file.
 */
export function createRailyardClient(options: ClientOptions): RailyardClient {
  const resolved = resolveOptions(options);
  const groups: Record<string, Record<string, (input?: unknown, call?: CallOptions) => Promise<unknown>>> = {};
  for (const op of operations as readonly OperationDef[]) {
    const group = (groups[operationGroup(op)] ??= {});
    group[operationMethodName(op)] = (input, call) => callOperation(op, input, resolved, call);
  }
  const { authorization: _authorization, fetch: _fetch, ...settings } = resolved;
  const core: RailyardClientCore = {
    call(id, input, call) {
      const op = operationsById.get(id);
      if (!op) return Promise.reject(new RailyardInputError(`unknown operation ${String(id)}`));
      return callOperation(op, input, resolved, call) as never;
    },
    operations: operations as readonly OperationDef[],
    settings: Object.freeze(settings),
  };
  for (const name of Object.keys(groups)) {
    if (name in core) throw new Error(`operation group ${name} collides with a client property`);
  }
  return { ...groups, ...core } as unknown as RailyardClient;
}
