/**
 * The Railyard client: one typed method per operation of the contract registry.
 * Only platform APIs (fetch, AbortController, TextEncoder): runs in Node 20 and in browsers.
 */
export { createRailyardClient, type RailyardClient, type RailyardClientCore } from './client/client.ts';
export type { ClientOptions, Credentials, FetchLike, RetryOptions } from './client/options.ts';
export type { CallOptions, OperationInput, OperationOutput, OperationGroups } from './client/types.ts';
export {
  RailyardError,
  RailyardApiError,
  RailyardNetworkError,
  RailyardTimeoutError,
  RailyardResponseValidationError,
  RailyardInputError,
  flattenFields,
} from './client/errors.ts';
export { SUPPORTED_VERSIONS, NEWEST_VERSION, type ApiVersion } from '#contract';
/** Checks a webhook delivery's signature headers (docs/webhooks.md "Delivery"); Web Crypto, so browser-safe too. */
export {
  verifyWebhookSignature,
  webhookSignature,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  type VerifyWebhookSignatureOptions,
  type WebhookHeaders,
} from '#contract';
