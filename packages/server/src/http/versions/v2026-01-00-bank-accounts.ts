import { isPlainObject, type ApiVersion, type OperationId } from '@railyard/contract';
import type { ChangeSet } from './transforms.ts';

/**
 * v2024.01.00 shapes of bank accounts and their verification (the v2024
 * OpenAPI against SDK 26.2.0): `BankAccountHolderType` lacks `guest`,
 * `BankAccountStatusReason` lacks `fednow-credit-failure`, the exception has no
 * `fednowRejectionCode`, and no `instant-bank-credit` payment method exists.
 * Requests are gated in the handler (`guest` is refused by the domain under
 * v2024), so only responses change here.
 */

const INTRODUCED_IN: ApiVersion = 'v2026.01.00';

type Json = Record<string, unknown>;

export function acceptsGuestHolder(version: ApiVersion): boolean {
  return version >= INTRODUCED_IN;
}

function exceptionToV2024(exception: unknown): unknown {
  if (!isPlainObject(exception)) return exception;
  const { fednowRejectionCode: _dropped, ...rest } = exception;
  return rest;
}

/**
 * A guest holder is shown as `individual` (guests are people, and v2024 has no
 * other word for them); a FedNow failure as `other`, its description kept.
 */
export function bankAccountToV2024(bankAccount: unknown): unknown {
  if (!isPlainObject(bankAccount)) return bankAccount;
  const out: Json = { ...bankAccount };
  if (out['holderType'] === 'guest') out['holderType'] = 'individual';
  if (out['statusReason'] === 'fednow-credit-failure') out['statusReason'] = 'other';
  if (out['exceptionDetails'] !== undefined) out['exceptionDetails'] = exceptionToV2024(out['exceptionDetails']);
  if (Array.isArray(out['paymentMethods'])) {
    out['paymentMethods'] = out['paymentMethods'].filter((m) => !(isPlainObject(m) && m['paymentMethodType'] === 'instant-bank-credit'));
  }
  return out;
}

function verificationToV2024(verification: unknown): unknown {
  if (!isPlainObject(verification) || verification['exceptionDetails'] === undefined) return verification;
  return { ...verification, exceptionDetails: exceptionToV2024(verification['exceptionDetails']) };
}

export const bankAccountChanges: ChangeSet['operations'] = {
  'bankAccounts.link': { response: bankAccountToV2024 },
  'bankAccounts.get': { response: bankAccountToV2024 },
  'bankAccounts.list': { response: (body: unknown) => (Array.isArray(body) ? body.map(bankAccountToV2024) : body) },
  'bankAccounts.completeVerification': { response: verificationToV2024 },
  'bankAccounts.getVerification': { response: verificationToV2024 },
} satisfies Partial<Record<OperationId, unknown>>;
