import { FILE_METADATA_KEYS } from '@railyard/contract';

/*
 * A file's `metadata`: a JSON object sent as a string, of Moov's keys
 * (`representative_id`, `comment`, `requirement_id`, `error_code`), each a
 * string. Kept as sent (normalised JSON), answered as a string.
 */

export type FileMetadata = Partial<Record<(typeof FILE_METADATA_KEYS)[number], string>>;

const MAX_VALUE_LENGTH = 1024;

export function parseFileMetadata(text: string | undefined): { metadata: FileMetadata } | { problem: string } {
  if (text === undefined || text.trim() === '') return { metadata: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'must be a JSON object' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'must be a JSON object' };
  const metadata: FileMetadata = {};
  for (const [key, v] of Object.entries(value)) {
    if (!(FILE_METADATA_KEYS as readonly string[]).includes(key)) return { problem: `unknown key ${key.slice(0, 64)}; keys are ${FILE_METADATA_KEYS.join(', ')}` };
    if (typeof v !== 'string') return { problem: `${key} must be a string` };
    if (v.length > MAX_VALUE_LENGTH) return { problem: `${key} must be no longer than ${MAX_VALUE_LENGTH} characters` };
    metadata[key as keyof FileMetadata] = v;
  }
  return { metadata };
}
