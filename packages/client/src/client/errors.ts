import type { ValidationMap } from '#contract';

/** Reason phrases for statuses whose Moov responses carry no body. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized: the credentials (API key or access token) were refused',
  403: 'Forbidden: the credentials lack a scope this operation needs',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity: the request failed validation',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Base of every error the client throws, so callers can catch them all at once. */
export class RailyardError extends Error {
  override name = 'RailyardError';
}

function isValidationMap(value: unknown): value is ValidationMap {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string' || isValidationMap(v));
}

/** `{"profile":{"name":"cannot be blank"}}` → `profile.name: cannot be blank`. */
export function flattenFields(fields: ValidationMap, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') lines.push(`${path}: ${value}`);
    else lines.push(...flattenFields(value, path));
  }
  return lines;
}

/** The server answered with a non-2xx status. */
export class RailyardApiError extends RailyardError {
  override name = 'RailyardApiError';
  /** The operation called, `group.method`. */
  readonly operationId: string;
  readonly status: number;
  /** The server's `x-request-id`, for support and logs. */
  readonly requestID: string | undefined;
  /** The parsed JSON body; undefined when the response had none (401/403/404/429 in Moov's API). */
  readonly body: unknown;
  /** Per-field messages of a 422, nested like the request. */
  readonly fields: ValidationMap | undefined;
  /** `Retry-After` of a 429/503, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    operationId: string;
    status: number;
    requestID: string | undefined;
    body: unknown;
    retryAfterMs?: number | undefined;
  }) {
    const fields = init.status === 422 && isValidationMap(init.body) ? init.body : undefined;
    const serverMessage =
      init.body !== null && typeof init.body === 'object' && typeof (init.body as { error?: unknown }).error === 'string'
        ? (init.body as { error: string }).error
        : undefined;
    const detail = fields ? flattenFields(fields).join('; ') : serverMessage;
    const reason = STATUS_TEXT[init.status] ?? `HTTP ${init.status}`;
    super(`${init.operationId} failed with ${init.status} ${reason}${detail ? `: ${detail}` : ''}`);
    this.operationId = init.operationId;
    this.status = init.status;
    this.requestID = init.requestID;
    this.body = init.body;
    this.fields = fields;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** The request never got an HTTP answer: connection refused, DNS failure, reset. */
export class RailyardNetworkError extends RailyardError {
  override name = 'RailyardNetworkError';
  readonly operationId: string;
  readonly url: string;
  constructor(operationId: string, url: string, message: string, options?: { cause?: unknown }) {
    super(`${operationId}: ${message} (${url})`, options);
    this.operationId = operationId;
    this.url = url;
  }
}

/** An attempt took longer than `timeoutMs`. A timed-out write may still have happened. */
export class RailyardTimeoutError extends RailyardNetworkError {
  override name = 'RailyardTimeoutError';
  readonly timeoutMs: number;
  constructor(operationId: string, url: string, timeoutMs: number) {
    super(operationId, url, `no answer within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** A 2xx body did not match the contract's schema (a server of another version, or a bug). */
export class RailyardResponseValidationError extends RailyardError {
  override name = 'RailyardResponseValidationError';
  readonly operationId: string;
  readonly status: number;
  readonly requestID: string | undefined;
  /** The body as received. */
  readonly body: unknown;
  readonly issues: readonly { path: readonly PropertyKey[]; message: string }[];
  constructor(init: {
    operationId: string;
    status: number;
    requestID: string | undefined;
    body: unknown;
    issues: readonly { path: readonly PropertyKey[]; message: string }[];
  }) {
    const first = init.issues[0];
    const where = first ? `${first.path.map(String).join('.') || '(body)'}: ${first.message}` : 'unreadable body';
    super(`${init.operationId}: the ${init.status} response does not match the contract (${where})`);
    this.operationId = init.operationId;
    this.status = init.status;
    this.requestID = init.requestID;
    this.body = init.body;
    this.issues = init.issues;
  }
}

/** The call's input cannot make a request (a missing path parameter, a non-object input). */
export class RailyardInputError extends RailyardError {
  override name = 'RailyardInputError';
}
