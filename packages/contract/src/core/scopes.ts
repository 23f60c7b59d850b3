/**
 * OAuth2 scope strings (docs/api-behaviour.md §1.3). Templates name path parameters in
 * braces; the server fills them from the request before checking a token.
 */
export type ScopeTemplate = string;

export function fillScope(template: ScopeTemplate, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
}

/** Account-independent scopes a token may carry. */
export const GLOBAL_SCOPES = [
  '/accounts.read',
  '/accounts.write',
  '/ping.read',
  '/fed.read',
  '/profile-enrichment.read',
  // GET /institutions (SDK 26.2.0); the deprecated /institutions/ach/search keeps /fed.read.
  '/institutions.read',
  // Railyard's names for the webhook operations; Moov documents none (decision 1500).
  '/webhooks.read',
  '/webhooks.write',
] as const;

/** Resources of account-bound scopes `/accounts/{id}/<resource>.<verb>`. */
export const ACCOUNT_SCOPE_PATTERN =
  /^\/accounts\/[0-9a-fA-F-]{36}\/(profile\.(read|write|disconnect)|(bank-accounts|cards|capabilities|transfers|wallets|representatives|files|documents|apple-pay|apple-pay-merchant)\.(read|write)|payment-methods\.read|issued-cards\.(read|write|read-secure)|analytics\.read)$/;

export function isKnownScope(scope: string): boolean {
  return (GLOBAL_SCOPES as readonly string[]).includes(scope) || ACCOUNT_SCOPE_PATTERN.test(scope);
}
