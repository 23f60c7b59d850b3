import { checkAccountNumber } from './account-number.ts';
import {
  accountTypeRefusal,
  isBankAccountHolderType,
  isBankAccountType,
  type BankAccountHolderType,
  type BankAccountType,
} from './bank-account-types.ts';
import { hasErrors, MESSAGES, summarizeFieldErrors, type Checked, type FieldErrors } from './field-errors.ts';
import { checkHolderName } from './holder-name.ts';
import { checkRoutingNumber } from './routing-number.ts';

/** The `account` member of a link-bank-account body, after validation. */
export interface BankAccountDetails {
  holderName: string;
  holderType: BankAccountHolderType;
  accountNumber: string;
  bankAccountType: BankAccountType;
  routingNumber: string;
}

/** Loose on purpose: the body arrives as JSON and every field may be missing or of the wrong type. */
export interface BankAccountDetailsInput {
  holderName?: unknown;
  holderType?: unknown;
  accountNumber?: unknown;
  bankAccountType?: unknown;
  routingNumber?: unknown;
}

/** Checks every field and reports all refusals at once, keyed like the request. */
export function checkBankAccountDetails(input: BankAccountDetailsInput): Checked<BankAccountDetails> {
  const errors: FieldErrors = {};
  const text = (field: keyof BankAccountDetailsInput): string | undefined => {
    const value = input[field];
    if (value === undefined || value === null) {
      errors[field] = MESSAGES.blank;
      return undefined;
    }
    if (typeof value !== 'string') {
      errors[field] = MESSAGES.mustBeString;
      return undefined;
    }
    return value;
  };

  let holderName: string | undefined;
  const rawName = text('holderName');
  if (rawName !== undefined) {
    const name = checkHolderName(rawName);
    if (name.ok) holderName = name.holderName;
    else errors['holderName'] = name.reason;
  }

  let holderType: BankAccountHolderType | undefined;
  const rawHolderType = text('holderType');
  if (rawHolderType !== undefined) {
    if (isBankAccountHolderType(rawHolderType)) holderType = rawHolderType;
    else errors['holderType'] = rawHolderType === '' ? MESSAGES.blank : MESSAGES.invalidValue;
  }

  let accountNumber: string | undefined;
  const rawAccountNumber = text('accountNumber');
  if (rawAccountNumber !== undefined) {
    const checked = checkAccountNumber(rawAccountNumber);
    if (checked.ok) accountNumber = checked.accountNumber;
    else errors['accountNumber'] = checked.reason;
  }

  let bankAccountType: BankAccountType | undefined;
  const rawType = text('bankAccountType');
  if (rawType !== undefined) {
    if (isBankAccountType(rawType)) bankAccountType = rawType;
    else errors['bankAccountType'] = rawType === '' ? MESSAGES.blank : MESSAGES.invalidValue;
  }
  if (bankAccountType !== undefined && holderType !== undefined) {
    const refusal = accountTypeRefusal(bankAccountType, holderType);
    if (refusal !== undefined) errors['bankAccountType'] = refusal;
  }

  let routingNumber: string | undefined;
  const rawRouting = text('routingNumber');
  if (rawRouting !== undefined) {
    const checked = checkRoutingNumber(rawRouting);
    if (checked.ok) routingNumber = checked.routingNumber;
    else errors['routingNumber'] = checked.reason;
  }

  if (
    hasErrors(errors) ||
    holderName === undefined ||
    holderType === undefined ||
    accountNumber === undefined ||
    bankAccountType === undefined ||
    routingNumber === undefined
  ) {
    return { ok: false, errors };
  }
  return { ok: true, value: { holderName, holderType, accountNumber, bankAccountType, routingNumber } };
}

/**
 * The 422 body of link-bank-account: `BankAccountValidationError` has one
 * string per payload kind, so the per-field refusals fold into `account`.
 */
export function bankAccountValidationBody(errors: FieldErrors): { account: string } {
  return { account: summarizeFieldErrors(errors) };
}
