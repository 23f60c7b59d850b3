import { BANK_ACCOUNT_HOLDER_TYPES, BANK_ACCOUNT_TYPES } from '@railyard/contract';

/**
 * The closed vocabularies of a linked bank account, as SDK 26.2.0 spells them
 * (`BankAccountType`, `BankAccountHolderType`), defined by the contract.
 * `guest` is listed by the v2026.01 enum but not by v2024.01.00; the HTTP edge
 * decides per version whether to accept it. The domain knows all three.
 */
export { BANK_ACCOUNT_HOLDER_TYPES, BANK_ACCOUNT_TYPES };
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export type BankAccountHolderType = (typeof BANK_ACCOUNT_HOLDER_TYPES)[number];

export const BANK_ACCOUNT_TYPE_MESSAGES = {
  generalLedgerNeedsBusiness: 'general-ledger accounts must have holderType business',
} as const;

export function isBankAccountType(value: unknown): value is BankAccountType {
  return typeof value === 'string' && (BANK_ACCOUNT_TYPES as readonly string[]).includes(value);
}

export function isBankAccountHolderType(value: unknown): value is BankAccountHolderType {
  return typeof value === 'string' && (BANK_ACCOUNT_HOLDER_TYPES as readonly string[]).includes(value);
}

/**
 * Moov's link guide: "general-ledger (business holder type only)". Returns the
 * refusal message for the `bankAccountType` field, or undefined when allowed.
 */
export function accountTypeRefusal(type: BankAccountType, holder: BankAccountHolderType): string | undefined {
  if (type === 'general-ledger' && holder !== 'business') return BANK_ACCOUNT_TYPE_MESSAGES.generalLedgerNeedsBusiness;
  return undefined;
}
