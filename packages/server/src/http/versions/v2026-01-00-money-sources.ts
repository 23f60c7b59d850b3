import { isPlainObject, LEGACY_CAPABILITY_IDS, PAYMENT_METHOD_TYPES_AFTER_V2024, type ApiVersion, type OperationId } from '@railyard/contract';
import { NotFound } from '../../kernel/errors.ts';
import type { ChangeSet } from './transforms.ts';

/**
 * v2024.01.00 shapes of capabilities, wallets and payment methods
 * (docs/api-behaviour.md §2.1): no granular capability IDs, wallets as
 * `{walletID, availableBalance}`, `PaymentMethodsWallet` as `{walletID}`, and
 * no `card-present-payment` / `instant-bank-credit` methods.
 */

const INTRODUCED_IN: ApiVersion = 'v2026.01.00';
const legacyCapabilities: ReadonlySet<string> = new Set(LEGACY_CAPABILITY_IDS);
const hiddenTypes: ReadonlySet<string> = new Set(PAYMENT_METHOD_TYPES_AFTER_V2024);

const eachOf = (transform: (item: unknown) => unknown) => (body: unknown) => (Array.isArray(body) ? body.map(transform) : body);

export function isOlderThanV2026(version: ApiVersion): boolean {
  return version < INTRODUCED_IN;
}

/** A granular capability ID names nothing for a v2024.01.00 caller. */
export function checkCapabilityVisible(version: ApiVersion, capabilityID: string): void {
  if (isOlderThanV2026(version) && !legacyCapabilities.has(capabilityID)) throw new NotFound('capability');
}

/** A payment method type v2024.01.00 does not know names nothing for its callers. */
export function checkPaymentMethodVisible(version: ApiVersion, paymentMethodType: string): void {
  if (isOlderThanV2026(version) && hiddenTypes.has(paymentMethodType)) throw new NotFound('payment method');
}

/** The payment method types a caller of `version` cannot see: what it may not name in a transfer either. */
export function hiddenPaymentMethodTypes(version: ApiVersion): ReadonlySet<string> {
  return isOlderThanV2026(version) ? hiddenTypes : NONE;
}
const NONE: ReadonlySet<string> = new Set();

const legacyCapabilityList = (body: unknown) =>
  Array.isArray(body) ? body.filter((c) => isPlainObject(c) && legacyCapabilities.has(String(c['capability']))) : body;

export function walletToV2024(wallet: unknown): unknown {
  if (!isPlainObject(wallet)) return wallet;
  return { walletID: wallet['walletID'], availableBalance: wallet['availableBalance'] };
}

export function paymentMethodToV2024(method: unknown): unknown {
  if (!isPlainObject(method) || !isPlainObject(method['wallet'])) return method;
  return { ...method, wallet: { walletID: method['wallet']['walletID'] } };
}

const paymentMethodList = (body: unknown) =>
  Array.isArray(body)
    ? body.filter((m) => !(isPlainObject(m) && hiddenTypes.has(String(m['paymentMethodType'])))).map(paymentMethodToV2024)
    : body;

export const moneySourceChanges: ChangeSet['operations'] = {
  'capabilities.request': { response: legacyCapabilityList },
  'capabilities.list': { response: legacyCapabilityList },
  'wallets.list': { response: eachOf(walletToV2024) },
  'wallets.get': { response: walletToV2024 },
  'paymentMethods.list': { response: paymentMethodList },
  'paymentMethods.get': { response: paymentMethodToV2024 },
} satisfies Partial<Record<OperationId, unknown>>;
