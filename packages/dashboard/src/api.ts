import { clearSession, loadSession } from './session.ts';

/** The newest API version: the dashboard reads and writes the newest shapes. */
export const API_VERSION = 'v2026.01.00';

/** An answer that was not 2xx, with the field messages of a 422 flattened to dotted paths. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** Raised when the session is gone (expired, or the key no longer accepted); the app shows the sign-in page. */
export class SessionEnded extends Error {
  constructor(readonly reason: 'expired' | 'rejected') {
    super(reason === 'expired' ? 'Your session expired' : 'The API key is no longer accepted');
  }
}

type Listener = (reason: 'expired' | 'rejected') => void;
let onSessionEnded: Listener = () => {};
export function whenSessionEnds(listener: Listener): void {
  onSessionEnded = listener;
}

/** `{profile: {individual: {email: "…"}}}` → `{"profile.individual.email": "…"}`. */
export function flattenFields(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flattenFields(inner, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body && typeof (body as { error: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  if (status === 422) return 'Some fields need attention.';
  if (status === 404) return 'Not found.';
  if (status === 403) return 'This API key may not do that.';
  if (status === 409) return 'That conflicts with the current state.';
  if (status === 429) return 'Too many requests; wait a moment and try again.';
  return `The server answered ${status}.`;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Basic credentials to use instead of the session's (sign-in checks a key with it). */
  credentials?: { publicKey: string; secret: string };
}

/** Calls Railyard's API with the session's key; every page reads through here. */
export async function api<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let credentials = options.credentials;
  if (!credentials) {
    const state = loadSession();
    if (state.kind !== 'signed-in') {
      const reason = state.reason === 'expired' ? 'expired' : 'rejected';
      onSessionEnded(reason);
      throw new SessionEnded(reason);
    }
    // Reading does not renew the session: the pages' own refreshes would keep an idle tab signed in
    // for ever. What the person does (a click, a key) renews it (app.tsx).
    credentials = state.session;
  }
  const headers: Record<string, string> = {
    authorization: `Basic ${btoa(`${credentials.publicKey}:${credentials.secret}`)}`,
    'x-moov-version': API_VERSION,
    accept: 'application/json',
    ...(options.headers ?? {}),
  };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(path, { method, headers, ...(body !== undefined ? { body } : {}), credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (response.status === 401 && !options.credentials) {
    clearSession();
    onSessionEnded('rejected');
    throw new SessionEnded('rejected');
  }
  if (!response.ok) {
    const fields = response.status === 422 ? flattenFields(parsed) : {};
    throw new ApiError(response.status, messageOf(response.status, parsed), fields, parsed);
  }
  return parsed as T;
}

/** A fresh idempotency key for a POST that moves money. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
