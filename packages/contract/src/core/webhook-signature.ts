/**
 * Webhook signatures (docs/webhooks.md "Delivery", decision 1500), shared by the
 * server that signs deliveries and the receivers that check them
 * (https://docs.moov.io/guides/webhooks/check-webhook-signatures):
 *
 *   X-Signature = lowercase hex HMAC-SHA512(key = the webhook's secret as UTF-8,
 *                                           message = `${X-Timestamp}|${X-Nonce}|${X-Webhook-ID}`)
 *
 * The body is not part of the signature (Moov's algorithm).
 *
 * Web Crypto (`globalThis.crypto.subtle`) rather than `node:crypto`: the
 * client's core is exported from here and runs in browsers as well as Node 20+
 * (docs/client.md "Browser use"), so both functions answer promises. The
 * comparison is the one `crypto.subtle.verify` makes for HMAC, which is
 * constant-time (Node compares with CRYPTO_memcmp); lengths are public and
 * checked first.
 */

export const WEBHOOK_TIMESTAMP_HEADER = 'X-Timestamp';
export const WEBHOOK_NONCE_HEADER = 'X-Nonce';
export const WEBHOOK_ID_HEADER = 'X-Webhook-ID';
export const WEBHOOK_SIGNATURE_HEADER = 'X-Signature';

/** By default a delivery signed more than this long before (or after) the receiver's now is refused. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

const SIGNATURE_BYTES = 64;
/** Header values longer than this are refused before any work (a nonce is 60 characters, an ID 36, a timestamp 20). */
const MAX_HEADER_LENGTH = 512;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('webhook signatures need Web Crypto (globalThis.crypto.subtle): Node 20+ or a browser in a secure context');
  return api;
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return subtle().importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-512' }, false, [usage]);
}

function signedMessage(timestamp: string, nonce: string, webhookID: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${timestamp}|${nonce}|${webhookID}`);
}

/** The `X-Signature` value of a delivery: lowercase hex HMAC-SHA512 of `timestamp|nonce|webhookID`. */
export async function webhookSignature(secret: string, timestamp: string, nonce: string, webhookID: string): Promise<string> {
  if (secret.length === 0) throw new Error('a webhook secret cannot be empty');
  const mac = new Uint8Array(await subtle().sign('HMAC', await hmacKey(secret, 'sign'), signedMessage(timestamp, nonce, webhookID)));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** A `Headers` object (fetch, undici) or a plain record such as Node's `IncomingMessage.headers`. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookSignatureOptions {
  /**
   * How far `X-Timestamp` may be from `now`, either way, in seconds (default
   * 300). The body is not signed, so this window is what limits a replay of
   * captured headers. `Infinity` turns the check off.
   */
  toleranceSeconds?: number;
  /** The receiver's current time (default: the system clock). */
  now?: Date;
}

/** One header's value, looked up case-insensitively; undefined when absent, repeated or too long. */
function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  let value: string | null | undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): string | null }).get(name);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    const wanted = name.toLowerCase();
    let found: string | readonly string[] | undefined;
    let matches = 0;
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() !== wanted) continue;
      matches++;
      found = record[key];
    }
    if (matches !== 1) return undefined;
    if (Array.isArray(found)) value = found.length === 1 ? (found[0] as string) : undefined;
    else value = found as string | undefined;
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_HEADER_LENGTH) return undefined;
  return value;
}

function hexBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length !== SIGNATURE_BYTES * 2 || !/^[0-9a-fA-F]+$/.test(text)) return undefined;
  const bytes = new Uint8Array(SIGNATURE_BYTES);
  for (let i = 0; i < SIGNATURE_BYTES; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * True when the four headers of a delivery carry a valid signature for
 * `secret`: `X-Signature` equals HMAC-SHA512(secret, `X-Timestamp|X-Nonce|X-Webhook-ID`),
 * compared in constant time, and `X-Timestamp` (RFC 3339) is within
 * `toleranceSeconds` of now. False on any missing, repeated or malformed
 * header; never throws for bad input. Deliveries are at least once: dedupe
 * by the body's `eventID` after this check.
 */
export async function verifyWebhookSignature(
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookSignatureOptions = {},
): Promise<boolean> {
  if (typeof secret !== 'string' || secret.length === 0 || headers === null || typeof headers !== 'object') return false;
  const timestamp = headerValue(headers, WEBHOOK_TIMESTAMP_HEADER);
  const nonce = headerValue(headers, WEBHOOK_NONCE_HEADER);
  const webhookID = headerValue(headers, WEBHOOK_ID_HEADER);
  const signatureText = headerValue(headers, WEBHOOK_SIGNATURE_HEADER);
  if (timestamp === undefined || nonce === undefined || webhookID === undefined || signatureText === undefined) return false;
  const signature = hexBytes(signatureText);
  if (!signature) return false;
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  if (!(tolerance >= 0)) return false;
  if (tolerance !== Infinity) {
    const signedAt = RFC3339.test(timestamp) ? Date.parse(timestamp) : NaN;
    if (!Number.isFinite(signedAt)) return false;
    const now = (options.now ?? new Date()).getTime();
    if (Math.abs(now - signedAt) > tolerance * 1000) return false;
  }
  try {
    return await subtle().verify('HMAC', await hmacKey(secret, 'verify'), signature, signedMessage(timestamp, nonce, webhookID));
  } catch {
    return false;
  }
}
