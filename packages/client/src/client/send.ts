import { RailyardError, RailyardNetworkError, RailyardResponseValidationError, RailyardTimeoutError } from './errors.ts';
import { MAX_ATTEMPTS, MAX_TIMEOUT_MS, type ResolvedOptions } from './options.ts';
import type { PreparedRequest } from './request.ts';
import { isRetryableStatus, nextDelay, parseRetryAfter, sleep } from './retry.ts';
import type { CallOptions } from './types.ts';

/** A response read in full, within the attempt's time limit. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body as received, for operations that answer something other than JSON (a PDF, an image). */
  bytes: Uint8Array;
  /** `Retry-After` in milliseconds when the server sent one. */
  retryAfterMs: number | undefined;
}

class ResponseTooLarge extends RailyardError {}

async function readBody(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) throw new ResponseTooLarge(`the response is larger than ${limit} bytes`);
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new ResponseTooLarge(`the response is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** One attempt: fetch and read the body, aborted after `timeoutMs` or by the caller's signal. */
async function attemptOnce(
  operationId: string,
  request: PreparedRequest,
  options: ResolvedOptions,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await options.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
    });
    let bytes: Uint8Array;
    try {
      bytes = await readBody(response, options.maxResponseBytes);
    } catch (error) {
      if (!(error instanceof ResponseTooLarge)) throw error;
      // A too-large answer is the same on every attempt: an error about the response, not retried.
      throw new RailyardResponseValidationError({
        operationId,
        status: response.status,
        requestID: response.headers.get('x-request-id') ?? undefined,
        body: undefined,
        issues: [{ path: [], message: error.message }],
      });
    }
    return {
      status: response.status,
      headers: response.headers,
      text: new TextDecoder().decode(bytes),
      bytes,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
    };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw new RailyardTimeoutError(operationId, request.url, timeoutMs);
    if (error instanceof RailyardResponseValidationError) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new RailyardNetworkError(operationId, request.url, `could not reach the server: ${detail}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

function bounded(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new TypeError(`${name} must be an integer from 1 to ${max}`);
  return value;
}

/**
 * Sends a request, retrying 429/5xx answers and network failures with
 * exponential backoff, but only when a repeat is harmless (`retrySafe`).
 * Returns the last response, whatever its status; errors are the caller's to map.
 */
export async function send(
  operationId: string,
  request: PreparedRequest,
  options: ResolvedOptions,
  call: CallOptions = {},
): Promise<RawResponse> {
  const maxAttempts = request.retrySafe ? bounded('maxAttempts', call.maxAttempts, options.retries.maxAttempts, MAX_ATTEMPTS) : 1;
  const timeoutMs = bounded('timeoutMs', call.timeoutMs, options.timeoutMs, MAX_TIMEOUT_MS);
  for (let attempt = 1; ; attempt++) {
    const isLast = attempt >= maxAttempts;
    let response: RawResponse;
    try {
      response = await attemptOnce(operationId, request, options, timeoutMs, call.signal);
    } catch (error) {
      if (isLast || !(error instanceof RailyardNetworkError)) throw error;
      await sleep(nextDelay(attempt - 1, undefined, options.retries)!, call.signal);
      continue;
    }
    if (isLast || !isRetryableStatus(response.status)) return response;
    const delay = nextDelay(attempt - 1, response.retryAfterMs, options.retries);
    if (delay === undefined) return response;
    await sleep(delay, call.signal);
  }
}
