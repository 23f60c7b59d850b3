import type { OperationDef } from '@railyard/contract';
import type { z } from 'zod';

/**
 * Query strings a read is sent with to look for the other platform's rows
 * through its filters and paging, derived from the operation's query schema:
 * each ID filter set to each of the other platform's IDs, each enum filter
 * to each of its values, and the pages of `skip`/`count` walked one row at a
 * time.
 */

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as any;
  while (current?.def && ['optional', 'default', 'nullable', 'pipe', 'prefault'].includes(current.def.type)) {
    current = current.def.type === 'pipe' ? current.def.in : current.def.innerType;
  }
  return current;
}

export interface QueryShape {
  /** Keys that filter by an ID (`accountIDs`, `groupID`, `id`, …). */
  idKeys: string[];
  /** Keys that take one of a fixed set of values, with those values. */
  enumKeys: Array<[string, string[]]>;
  paging: boolean;
}

export function queryShape(op: OperationDef): QueryShape {
  const shape = ((op.request.query as any)?.shape ?? {}) as Record<string, z.ZodType>;
  const idKeys: string[] = [];
  const enumKeys: Array<[string, string[]]> = [];
  for (const [key, schema] of Object.entries(shape)) {
    const inner = unwrap(schema) as any;
    if (/(^id|ID|IDs)$/.test(key)) idKeys.push(key);
    else if (inner?.def?.type === 'enum' && Array.isArray(inner.options)) enumKeys.push([key, inner.options.map(String)]);
  }
  return { idKeys, enumKeys, paging: 'skip' in shape && 'count' in shape };
}
