import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BinaryBody } from '#contract';
import {
  RailyardApiError,
  RailyardInputError,
  RailyardNetworkError,
  RailyardResponseValidationError,
  RailyardTimeoutError,
} from '../client/errors.ts';

/** Caps one tool result, so a huge list cannot flood a model's context. */
export const MAX_RESULT_CHARS = 200_000;

function text(value: string, isError: boolean): CallToolResult {
  const clipped = value.length > MAX_RESULT_CHARS ? `${value.slice(0, MAX_RESULT_CHARS)}\n… (cut at ${MAX_RESULT_CHARS} characters; narrow the request with skip/count or filters)` : value;
  return { content: [{ type: 'text', text: clipped }], ...(isError ? { isError: true } : {}) };
}

function isBinaryBody(value: unknown): value is BinaryBody {
  return typeof value === 'object' && value !== null && (value as BinaryBody).bytes instanceof Uint8Array && typeof (value as BinaryBody).contentType === 'string';
}

/**
 * A body that is not JSON (an operation with `response.media`): an image as MCP
 * image content, anything else (a PDF) as an embedded resource, both base64.
 */
function binaryResult(value: BinaryBody, operationId: string): CallToolResult {
  const mimeType = value.contentType.split(';')[0]!.trim();
  const data = Buffer.from(value.bytes).toString('base64');
  if (mimeType.startsWith('image/')) return { content: [{ type: 'image', data, mimeType }] };
  return { content: [{ type: 'resource', resource: { uri: `railyard:${operationId}`, mimeType, blob: data } }] };
}

/** A successful call: the response body as JSON text, or as image or resource content when it is not JSON. */
export function successResult(value: unknown, operationId = 'result'): CallToolResult {
  if (isBinaryBody(value)) return binaryResult(value, operationId);
  if (value === undefined) return text(JSON.stringify({ ok: true, body: null }), false);
  return text(JSON.stringify(value, null, 2), false);
}

/**
 * A failed call as a tool error the model can act on: the status, what it
 * means, the server's message and, for a 422, which fields to fix.
 */
export function errorResult(error: unknown, serverURL: string): CallToolResult {
  if (error instanceof RailyardApiError) {
    const hint =
      error.status === 401
        ? ' Check the credentials the MCP server was started with (--username/--password or --access-token).'
        : error.status === 422
          ? ' Fix the fields listed in "fields" and call again.'
          : '';
    const detail = {
      status: error.status,
      ...(error.requestID ? { requestID: error.requestID } : {}),
      ...(error.fields ? { fields: error.fields } : error.body !== undefined ? { body: error.body } : {}),
    };
    return text(`${error.message}.${hint}\n${JSON.stringify(detail, null, 2)}`, true);
  }
  if (error instanceof RailyardTimeoutError) {
    return text(`${error.message}. The server at ${serverURL} did not answer in time; a write may still have happened, so check before repeating it.`, true);
  }
  if (error instanceof RailyardNetworkError) {
    return text(`${error.message}. The Railyard server at ${serverURL} is unreachable; it may be down or the --server-url may be wrong.`, true);
  }
  if (error instanceof RailyardInputError) return text(`Invalid tool input: ${error.message}`, true);
  if (error instanceof RailyardResponseValidationError) {
    return text(`${error.message}\n${JSON.stringify({ status: error.status, body: error.body }, null, 2)}`, true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return text(`Unexpected failure: ${message}`, true);
}
