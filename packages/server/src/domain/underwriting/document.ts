import type { UnderwritingView, UpdateUnderwritingInput, UpsertUnderwritingInput } from '@railyard/contract';
import type { UnderwritingRow } from '../../store/repos/underwriting.ts';

/*
 * The stored underwriting: `document` is what GET answers (without `status`),
 * `submitted` the copy the capability requirements read, taken at each submit.
 */

export type UnderwritingDocument = Omit<UnderwritingView, 'status'>;

export interface StoredUnderwriting {
  document: UnderwritingDocument;
  submitted: UnderwritingDocument | undefined;
}

export function parseUnderwriting(row: UnderwritingRow | undefined): StoredUnderwriting | undefined {
  if (!row) return undefined;
  return { document: JSON.parse(row.document) as UnderwritingDocument, submitted: row.submitted ? (JSON.parse(row.submitted) as UnderwritingDocument) : undefined };
}

/** Sets of shares are replaced whole: merging one share into old ones would make a total nobody sent. */
const REPLACED_WHOLE = new Set(['cardAcceptanceMethods', 'volumeShareByCustomerType']);

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(stored: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const before = out[key];
    out[key] = isObject(value) && isObject(before) && !REPLACED_WHOLE.has(key) ? merge(before, value) : value;
  }
  return out;
}

/** POST: the fields sent replace the stored ones, others are kept (`submissionIntent` is not a field). */
export function mergeUpsert(stored: UnderwritingDocument | undefined, change: UpsertUnderwritingInput): UnderwritingDocument {
  const { submissionIntent: _intent, ...fields } = change;
  return merge((stored ?? {}) as Record<string, unknown>, fields as Record<string, unknown>) as UnderwritingDocument;
}

/** PUT: the legacy fields replaced whole, the newer ones kept. */
export function replaceLegacy(stored: UnderwritingDocument | undefined, legacy: UpdateUnderwritingInput): UnderwritingDocument {
  return { ...(stored ?? {}), ...legacy };
}
