import { NEWEST_VERSION, SUPPORTED_VERSIONS, type ApiVersion } from '#contract';

/** The `fetch` the client calls; the platform's by default. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Attempts in all, the first included; 1 means no retry. At most MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** Delay before the first retry, doubled for each later one (before jitter). */
  initialDelayMs?: number;
  /** Ceiling of one backoff delay. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is returned at once. */
  maxRetryAfterMs?: number;
}

export type Credentials =
  | { username: string; password: string; accessToken?: undefined }
  | { accessToken: string; username?: undefined; password?: undefined };

export type ClientOptions = {
  /** Base URL of the Railyard (or Moov) server, e.g. `http://127.0.0.1:8080`. */
  serverURL: string;
  /** Sent as `X-Moov-Version`; defaults to the newest version this client knows. */
  version?: ApiVersion;
  /** Time limit of one attempt, in milliseconds. */
  timeoutMs?: number;
  retries?: RetryOptions;
  /** Replaces the global `fetch` (tests, proxies, instrumentation). */
  fetch?: FetchLike;
  /** Largest response body read, in bytes; a larger one is an error, not a memory spike. */
  maxResponseBytes?: number;
} & Credentials;

export const MAX_ATTEMPTS = 10;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface ResolvedRetryOptions {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

export interface ResolvedOptions {
  baseURL: string;
  authorization: string;
  version: ApiVersion;
  timeoutMs: number;
  retries: ResolvedRetryOptions;
  fetch: FetchLike;
  maxResponseBytes: number;
}

function integerIn(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new TypeError(`${name} must be an integer from ${min} to ${max}, not ${String(value)}`);
  }
  return value;
}

/** Base64 of UTF-8 bytes, with platform APIs only (no Node `Buffer`), so browsers work too. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function authorizationHeader(options: ClientOptions): string {
  if (options.accessToken !== undefined) {
    if (options.username !== undefined || options.password !== undefined) {
      throw new TypeError('give either accessToken or username and password, not both');
    }
    if (!options.accessToken) throw new TypeError('accessToken must not be empty');
    return `Bearer ${options.accessToken}`;
  }
  if (!options.username || options.password === undefined) {
    throw new TypeError('credentials are required: username and password, or accessToken');
  }
  if (options.username.includes(':')) throw new TypeError('username must not contain ":"');
  return `Basic ${base64Utf8(`${options.username}:${options.password}`)}`;
}

function baseURL(serverURL: string): string {
  let url: URL;
  try {
    url = new URL(serverURL);
  } catch {
    throw new TypeError(`serverURL is not a URL: ${serverURL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('serverURL must be http or https');
  if (url.search || url.hash) throw new TypeError('serverURL must not carry a query or fragment');
  // Operations' paths start with '/', so the base keeps any path prefix without its trailing slash.
  return url.href.replace(/\/+$/, '');
}

/** Checks options once, at construction, so a misconfigured client fails before any request. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const version = options.version ?? NEWEST_VERSION;
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(version)) {
    throw new TypeError(`version must be one of ${SUPPORTED_VERSIONS.join(', ')}`);
  }
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new TypeError('no fetch available: pass options.fetch');
  }
  const retries = options.retries ?? {};
  return {
    baseURL: baseURL(options.serverURL),
    authorization: authorizationHeader(options),
    version,
    timeoutMs: integerIn('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS),
    retries: {
      maxAttempts: integerIn('retries.maxAttempts', retries.maxAttempts, 3, 1, MAX_ATTEMPTS),
      initialDelayMs: integerIn('retries.initialDelayMs', retries.initialDelayMs, 250, 0, 60_000),
      maxDelayMs: integerIn('retries.maxDelayMs', retries.maxDelayMs, 8_000, 0, 5 * 60_000),
      maxRetryAfterMs: integerIn('retries.maxRetryAfterMs', retries.maxRetryAfterMs, 60_000, 0, 10 * 60_000),
    },
    // Bound to globalThis: browsers throw "Illegal invocation" when fetch is called detached.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    maxResponseBytes: integerIn('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 1, 1024 ** 3),
  };
}
