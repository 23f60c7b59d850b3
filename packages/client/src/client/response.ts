import { NEWEST_VERSION, responseMediaTypes, type ApiVersion, type BinaryBody, type OperationDef } from '#contract';
import { RailyardApiError, RailyardResponseValidationError } from './errors.ts';
import type { RawResponse } from './send.ts';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Maps a response to the method's result or a typed error.
 *
 * The success body is parsed with the contract's schema when the operation's
 * own status came back in the newest version: zod objects drop fields they do
 * not know, so a newer server's additions never break an older client, and
 * transforms give typed values. Older versions answer in older shapes, which
 * the contract (newest shapes only) cannot describe: those bodies pass through.
 */
export function readResult(op: OperationDef, response: RawResponse, version: ApiVersion): unknown {
  const requestID = response.headers.get('x-request-id') ?? undefined;
  const json = parseJson(response.text);
  if (response.status < 200 || response.status > 299) {
    throw new RailyardApiError({
      operationId: op.id,
      status: response.status,
      requestID,
      body: json.ok ? json.value : response.text,
      retryAfterMs: response.retryAfterMs,
    });
  }
  if (op.response.media && response.status === op.response.status) {
    // Not JSON by contract (a PDF, an image): the bytes and the type they came with.
    const body: BinaryBody = { contentType: response.headers.get('content-type') ?? responseMediaTypes(op)[0]!, bytes: response.bytes };
    return body;
  }
  if (!json.ok) {
    throw new RailyardResponseValidationError({
      operationId: op.id,
      status: response.status,
      requestID,
      body: response.text,
      issues: [{ path: [], message: 'the body is not JSON' }],
    });
  }
  const schema = op.response.body;
  if (!schema || json.value === undefined || response.status !== op.response.status || version !== NEWEST_VERSION) {
    return json.value;
  }
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    throw new RailyardResponseValidationError({
      operationId: op.id,
      status: response.status,
      requestID,
      body: json.value,
      issues: parsed.error.issues,
    });
  }
  return parsed.data;
}
