import type { ApiVersion, OperationId } from '@railyard/contract';
import { changeSets } from './change-sets.ts';

/**
 * Per-version transforms at the HTTP edge, the way Stripe keeps old versions
 * alive: the domain speaks the newest shapes; each change set says how to turn
 * a newest-shape response into the shape of the versions before `introducedIn`,
 * and how to lift an older request into the newest shape.
 */
export interface ChangeSet {
  /** The version that introduced the change; callers on older versions get the transform. */
  introducedIn: ApiVersion;
  description: string;
  operations: Partial<
    Record<
      OperationId,
      {
        request?: (body: unknown) => unknown;
        response?: (body: unknown) => unknown;
      }
    >
  >;
}


export function transformResponse(operationID: string, version: ApiVersion, body: unknown): unknown {
  let current = body;
  for (const set of changeSets) {
    if (version >= set.introducedIn) break;
    const transform = set.operations[operationID as OperationId]?.response;
    if (transform) current = transform(current);
  }
  return current;
}

export function transformRequest(operationID: string, version: ApiVersion, body: unknown): unknown {
  let current = body;
  // Oldest change first, so a request is lifted step by step to the newest shape.
  for (let i = changeSets.length - 1; i >= 0; i--) {
    const set = changeSets[i]!;
    if (version >= set.introducedIn) continue;
    const transform = set.operations[operationID as OperationId]?.request;
    if (transform) current = transform(current);
  }
  return current;
}
