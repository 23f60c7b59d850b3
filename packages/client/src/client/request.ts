import type { z } from 'zod';
import { FileUploadJson, filePartNames, type OperationDef } from '#contract';
import { RailyardInputError } from './errors.ts';
import type { ResolvedOptions } from './options.ts';

/** Everything needed to send one operation call, independent of retries. */
export interface PreparedRequest {
  url: string;
  method: OperationDef['method'];
  headers: Record<string, string>;
  /** JSON text, or the parts of a multipart operation (fetch writes the boundary and Content-Type). */
  body: string | FormData | undefined;
  /** Whether sending it twice is harmless: a read-only op, or one carrying an idempotency key. */
  retrySafe: boolean;
}

const IDEMPOTENCY_HEADER = 'x-idempotency-key';
/** Longest URL built; beyond it servers and proxies answer 414 or worse. */
const MAX_URL_LENGTH = 8 * 1024;

type QueryScalar = string | number | bigint | boolean | Date;

function queryValue(name: string, value: QueryScalar): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  throw new RailyardInputError(`query parameter ${name} must be a string, number, boolean or Date`);
}

/**
 * Fills the path from the input, each value checked against the operation's
 * params schema first (UUIDs, capability names). `.` and `..` are refused
 * outright whatever a schema says: `encodeURIComponent` leaves them alone and
 * URL parsing collapses them, so `{bankAccountID: '..'}` would turn
 * `DELETE /accounts/X/bank-accounts/..` into `DELETE /accounts/X/`, another
 * operation than the one called (and than the one an MCP `--tool` list allows).
 */
function pathOf(op: OperationDef, input: Record<string, unknown>): string {
  const shape = op.request.params?.shape ?? {};
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new RailyardInputError(`${op.id}: path parameter ${name} is required`);
    }
    const text = String(value);
    if (text === '') throw new RailyardInputError(`${op.id}: path parameter ${name} must not be empty`);
    if (text === '.' || text === '..') throw new RailyardInputError(`${op.id}: path parameter ${name} must not be ${text}`);
    const schema = shape[name] as z.ZodType | undefined;
    // Every registry path parameter has a schema (a test holds the registry to it); none is refused unchecked.
    if (!schema) throw new RailyardInputError(`${op.id}: path parameter ${name} has no schema to check it against`);
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      throw new RailyardInputError(`${op.id}: path parameter ${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
    }
    return encodeURIComponent(text);
  });
}

function queryOf(op: OperationDef, input: Record<string, unknown>): string {
  const names = op.request.query ? Object.keys(op.request.query.shape) : [];
  const search = new URLSearchParams();
  for (const name of names) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(name, queryValue(name, item as QueryScalar));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A file part from a `File`/`Blob`, or from its JSON form (`{fileName, contentType,
 * contentBase64}`, what an MCP tool or a script can send).
 */
function filePart(op: OperationDef, name: string, value: unknown): Blob {
  if (value instanceof Blob) return value;
  const parsed = FileUploadJson.safeParse(value);
  if (!parsed.success) {
    throw new RailyardInputError(`${op.id}: body.${name} must be a File, a Blob or {fileName, contentType, contentBase64}`);
  }
  let binary: string;
  try {
    // atob, not Buffer: the client core runs in browsers too.
    binary = atob(parsed.data.contentBase64);
  } catch {
    throw new RailyardInputError(`${op.id}: body.${name}.contentBase64 is not base64`);
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new File([bytes], parsed.data.fileName, { type: parsed.data.contentType });
}

/** The parts of a multipart body: files as file parts, everything else as text. */
function formDataOf(op: OperationDef, rawBody: unknown): FormData {
  if (rawBody === null || typeof rawBody !== 'object' || Array.isArray(rawBody)) {
    throw new RailyardInputError(`${op.id}: body must be an object`);
  }
  const files = new Set(filePartNames(op.request.body));
  const form = new FormData();
  for (const [name, value] of Object.entries(rawBody as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (files.has(name)) {
      const part = filePart(op, name, value);
      form.append(name, part, part instanceof File ? part.name : name);
    } else {
      form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return form;
}

/**
 * Turns one method input (path and query parameters at the top level, declared
 * headers by field name, `body`) into an HTTP request. Fields the operation does
 * not declare are refused rather than dropped, so a typo is not a silent no-op.
 */
export function prepareRequest(op: OperationDef, rawInput: unknown, options: ResolvedOptions): PreparedRequest {
  if (rawInput !== undefined && (rawInput === null || typeof rawInput !== 'object' || Array.isArray(rawInput))) {
    throw new RailyardInputError(`${op.id}: the input must be an object`);
  }
  const input = (rawInput ?? {}) as Record<string, unknown>;
  const known = new Set<string>([
    ...(op.request.params ? Object.keys(op.request.params.shape) : []),
    ...(op.request.query ? Object.keys(op.request.query.shape) : []),
    ...(op.request.headers ?? []).map((h) => h.field),
    ...(op.request.body ? ['body'] : []),
  ]);
  const unknown = Object.keys(input).filter((key) => !known.has(key) && input[key] !== undefined);
  if (unknown.length > 0) {
    throw new RailyardInputError(`${op.id}: unknown input field ${unknown.join(', ')}; it takes ${[...known].join(', ') || 'nothing'}`);
  }

  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: options.authorization,
    'x-moov-version': options.version,
  };
  for (const spec of op.request.headers ?? []) {
    const value = input[spec.field];
    if (value === undefined || value === null || value === '') {
      if (spec.required) throw new RailyardInputError(`${op.id}: ${spec.field} (header ${spec.name}) is required`);
      continue;
    }
    if (typeof value !== 'string') throw new RailyardInputError(`${op.id}: ${spec.field} must be a string`);
    headers[spec.name.toLowerCase()] = value;
  }

  let body: string | FormData | undefined;
  if (op.request.body && input['body'] !== undefined && op.request.multipart) {
    body = formDataOf(op, input['body']);
  } else if (op.request.body && input['body'] !== undefined) {
    body = JSON.stringify(input['body']);
    headers['content-type'] = 'application/json';
  } else if (op.request.body && op.request.bodyRequired) {
    throw new RailyardInputError(`${op.id}: body is required`);
  }

  const url = options.baseURL + pathOf(op, input) + queryOf(op, input);
  if (url.length > MAX_URL_LENGTH) throw new RailyardInputError(`${op.id}: the URL is longer than ${MAX_URL_LENGTH} characters`);
  return {
    url,
    method: op.method,
    headers,
    body,
    retrySafe: op.readOnly || headers[IDEMPOTENCY_HEADER] !== undefined,
  };
}
