import type { z } from 'zod';
import type { ApiVersion } from './versions.ts';
import type { ScopeTemplate } from './scopes.ts';
import type { MultipartSpec } from './multipart.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a caller proves who it is.
 * - `api`: Basic (API key) or Bearer (OAuth2 access token); the usual case.
 * - `client`: the OAuth2 endpoints, where client credentials may come in Basic auth or the body.
 */
export type AuthMode = 'api' | 'client';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429;

export interface ErrorSpec {
  description: string;
  /** The JSON body; absent means the response has no body (401/403/404/429 in Moov's API). */
  body?: z.ZodType;
  /**
   * A 422 whose field map sits under this key (`{"error": {"name": {…}}}`: representatives and
   * the legacy underwriting PUT), so request-shape errors are nested as the domain's are.
   */
  fieldsUnder?: 'error';
  /**
   * A 422 of a multipart upload where a file part's problem is an object, the message under this
   * key (`{"file": {"filename": "…"}}`: dispute evidence, the SDK's FileUploadValidationError),
   * so a file over its limit found while reading is shaped as the domain's own file problems are.
   */
  filePartProblemsUnder?: 'filename';
}

/** One header a caller may send, with the camelCase field name the client and MCP tools use. */
export interface HeaderSpec {
  name: string;
  field: string;
  required: boolean;
  description: string;
  schema: z.ZodType<string>;
}

export interface OperationDef {
  /** `group.method`, for example `accounts.create`; the client method and MCP tool derive from it. */
  id: `${string}.${string}`;
  method: HttpMethod;
  /** OpenAPI-style path, parameters in braces. */
  path: string;
  summary: string;
  /** Written for a reader who has never seen the API (the MCP tool description). */
  description: string;
  auth: AuthMode;
  /** Scopes a Bearer token must hold, one template each; Basic auth is never narrowed by scopes. */
  scopes: readonly ScopeTemplate[];
  /** True when the operation changes nothing: safe to retry, mounted by `--read-only`. */
  readOnly: boolean;
  /** First API version that has the operation; older versions answer 404. */
  since?: ApiVersion;
  request: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: readonly HeaderSpec[];
    body?: z.ZodType;
    /** Whether a body must be present when `body` is declared. */
    bodyRequired?: boolean;
    /** Also accept `application/x-www-form-urlencoded` (OAuth2 endpoints). */
    acceptsForm?: boolean;
    /**
     * The body is `multipart/form-data` (and only that), one part per key of
     * `body`, within these limits (core/multipart.ts).
     */
    multipart?: MultipartSpec;
  };
  response: {
    status: number;
    description: string;
    /** Absent means an empty body (204, 201 without content, `GET /ping`), unless `media` is set. */
    body?: z.ZodType;
    /**
     * A success body that is not JSON (a PDF, an image): its media type, `image/png` or
     * `application/pdf`. Such an operation has no `body` schema; its handler answers
     * `{ binary: { contentType, bytes } }` and the client hands back a `BinaryBody`
     * (docs/architecture.md, "Responses that are not JSON"). A list when the body may be
     * any one of several types (dispute evidence: a PDF, a JPEG or a TIFF, as uploaded).
     */
    media?: string | readonly string[];
  };
  errors: Partial<Record<ErrorStatus, ErrorSpec>>;
}

/** The media types an operation with `response.media` may answer, as a list. */
export function responseMediaTypes(op: Pick<OperationDef, 'response'>): readonly string[] {
  const media = op.response.media;
  return media === undefined ? [] : typeof media === 'string' ? [media] : media;
}

/** What an operation with `response.media` answers: the bytes and their media type as sent. */
export interface BinaryBody {
  contentType: string;
  bytes: Uint8Array;
}

/** Identity function that keeps the literal types of an operation for the client. */
export function defineOperation<const T extends OperationDef>(def: T): T {
  return def;
}

export function operationGroup(op: Pick<OperationDef, 'id'>): string {
  return op.id.slice(0, op.id.indexOf('.'));
}

export function operationMethodName(op: Pick<OperationDef, 'id'>): string {
  return op.id.slice(op.id.indexOf('.') + 1);
}

/** MCP tool name: `accounts.listConnected` → `accounts_list_connected`. */
export function operationToolName(op: Pick<OperationDef, 'id'>): string {
  return op.id.replace('.', '_').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
