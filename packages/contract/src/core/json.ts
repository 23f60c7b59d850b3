import { z } from 'zod';

/**
 * A JSON object: not null, not an array. The one test every package uses when
 * it reads a parsed body or a stored JSON column by key (`value['field']`).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Schema of what a caller sends for `shape`, without `$schema`: the
 * documentation a domain-checked body carries in `.meta()` (decision 0801).
 */
export function inputJsonSchemaOf(shape: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(shape, { io: 'input' }) as Record<string, unknown>;
  return schema;
}
