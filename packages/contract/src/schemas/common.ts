import { z } from 'zod';

/** `{"error": "…"}`: the body of 400 and most 409 responses (docs/api-behaviour.md §4.1). */
export const GenericError = z.object({ error: z.string() }).meta({ id: 'GenericError' });

/**
 * A 422 body: request field names to messages, nested like the request, array
 * elements keyed by index. Each operation narrows it in its own error schema.
 */
export type ValidationMap = { [field: string]: string | ValidationMap };
export const ValidationErrorMap: z.ZodType<ValidationMap> = z
  .record(z.string(), z.union([z.string(), z.lazy(() => ValidationErrorMap)]))
  .meta({ id: 'ValidationError' });

/** Resource IDs are UUIDs; a malformed one is simply a resource that does not exist. */
export const Uuid = z.string().uuid();

/** RFC 3339 timestamp as sent on the wire. */
export const Timestamp = z.string().datetime({ offset: true });

/** Metadata: free-form string pairs with bounds (Moov documents none; ours keep rows small). */
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 64;
export const MAX_METADATA_VALUE_LENGTH = 512;
export const Metadata = z
  .record(z.string().min(1).max(MAX_METADATA_KEY_LENGTH), z.string().max(MAX_METADATA_VALUE_LENGTH))
  .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, { message: `must have at most ${MAX_METADATA_KEYS} keys` })
  .meta({ maxProperties: MAX_METADATA_KEYS });

/**
 * A UUID of any version, either case: how request bodies name resources. No
 * `i` flag, so the JSON Schema pattern zod writes from it means the same.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Paging shared by list operations: `skip` and `count` as query strings. */
export const MAX_PAGE_COUNT = 200;
export const DEFAULT_PAGE_COUNT = 200;
export const Paging = {
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  count: z.coerce.number().int().min(1).max(MAX_PAGE_COUNT).optional(),
};

/** Query booleans arrive as strings. */
export const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
