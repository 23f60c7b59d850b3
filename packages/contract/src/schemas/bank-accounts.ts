import { z } from 'zod';
import { isPlainObject } from '../core/json.ts';
import { Timestamp } from './common.ts';

/*
 * Bank accounts, micro-deposits and instant verification (docs/api-behaviour.md §5.9),
 * in v2026.01.00 shapes (SDK 26.2.0). Request bodies are deliberately loose
 * here: the bank-accounts domain checks every field with the source rules and
 * answers the API's own 422 bodies (`{"account": "…"}`, `{"amounts": "…"}`),
 * which a per-field zod map could not produce. The JSON Schema for the OpenAPI
 * document is given explicitly with `.meta`.
 */

/** A bank account's verification standing (the bank-accounts domain moves it: domain/sources/bank-account-status.ts). */
export const BANK_ACCOUNT_STATUSES = ['new', 'verified', 'verificationFailed', 'pending', 'errored'] as const;
export const BankAccountStatus = z.enum(BANK_ACCOUNT_STATUSES).meta({ id: 'BankAccountStatus' });

export const BANK_ACCOUNT_STATUS_REASONS = [
  'bank-account-created',
  'verification-initiated',
  'micro-deposit-attempts-exceeded',
  'micro-deposit-expired',
  'max-verification-failures',
  'verification-attempts-exceeded',
  'verification-expired',
  'verification-successful',
  'ach-debit-return',
  'ach-credit-return',
  'rtp-credit-failure',
  'fednow-credit-failure',
  'micro-deposit-return',
  'admin-action',
  'other',
] as const;
export const BankAccountStatusReason = z.enum(BANK_ACCOUNT_STATUS_REASONS).meta({ id: 'BankAccountStatusReason' });

/** `guest` is not in v2024.01.00's enum; the HTTP edge decides per version whether to accept it. */
export const BANK_ACCOUNT_HOLDER_TYPES = ['individual', 'business', 'guest'] as const;
export const BankAccountHolderType = z.enum(BANK_ACCOUNT_HOLDER_TYPES).meta({ id: 'BankAccountHolderType' });
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'general-ledger', 'loan'] as const;
export const BankAccountType = z.enum(BANK_ACCOUNT_TYPES).meta({ id: 'BankAccountType' });

export const BankAccountException = z
  .object({
    achReturnCode: z.string().optional(),
    rtpRejectionCode: z.string().optional(),
    fednowRejectionCode: z.string().optional(),
    description: z.string(),
  })
  .meta({ id: 'BankAccountException' });

/** `{paymentMethodID, paymentMethodType}`, as listed on a bank account linked with `X-Wait-For`. */
export const BankAccountPaymentMethodSummary = z.object({ paymentMethodID: z.string(), paymentMethodType: z.string() });

export const BankAccount = z
  .object({
    bankAccountID: z.string(),
    fingerprint: z.string().max(100),
    status: BankAccountStatus,
    holderName: z.string(),
    holderType: BankAccountHolderType,
    bankName: z.string(),
    bankAccountType: BankAccountType,
    routingNumber: z.string(),
    lastFourAccountNumber: z.string(),
    updatedOn: Timestamp,
    statusReason: BankAccountStatusReason.optional(),
    exceptionDetails: BankAccountException.optional(),
    paymentMethods: z.array(BankAccountPaymentMethodSummary).optional(),
  })
  .meta({ id: 'BankAccount' });

export const BankAccountList = z.array(BankAccount);

/** The bank account inside a PaymentMethod (`PaymentMethodsBankAccount`). */
export const PaymentMethodsBankAccount = z
  .object({
    bankAccountID: z.string(),
    fingerprint: z.string().max(100),
    status: BankAccountStatus,
    holderName: z.string(),
    holderType: BankAccountHolderType,
    bankName: z.string(),
    bankAccountType: BankAccountType,
    routingNumber: z.string(),
    lastFourAccountNumber: z.string(),
    updatedOn: Timestamp,
  })
  .meta({ id: 'PaymentMethodsBankAccount' });

// ---------------------------------------------------------------- requests

/** The `account` member as the SDK types it; the domain accepts anything and checks it. */
export interface BankAccountIntegration {
  holderName: string;
  holderType: (typeof BANK_ACCOUNT_HOLDER_TYPES)[number];
  accountNumber: string;
  bankAccountType: (typeof BANK_ACCOUNT_TYPES)[number];
  routingNumber: string;
}

/** Plaid and MX payloads are accepted on the wire only to be refused with a clear message. */
export type LinkBankAccountInput =
  | { account: BankAccountIntegration }
  | { plaid: Record<string, unknown> }
  | { plaidLink: Record<string, unknown> }
  | { mx: Record<string, unknown> };

const accountJsonSchema = {
  type: 'object',
  required: ['holderName', 'holderType', 'accountNumber', 'bankAccountType', 'routingNumber'],
  properties: {
    holderName: { type: 'string', maxLength: 64 },
    holderType: { type: 'string', enum: [...BANK_ACCOUNT_HOLDER_TYPES] },
    accountNumber: { type: 'string', pattern: '^[0-9]{4,17}$' },
    bankAccountType: { type: 'string', enum: [...BANK_ACCOUNT_TYPES] },
    routingNumber: { type: 'string', pattern: '^[0-9]{9}$' },
  },
};

export const LinkBankAccount = z
  .custom<LinkBankAccountInput>(isPlainObject, { message: 'must be an object' })
  .meta({
    id: 'LinkBankAccount',
    description:
      'One of `{account: {…}}` (link by routing and account number), `{plaid}`, `{plaidLink}` or `{mx}`. ' +
      'Railyard links by account and routing number only; the aggregator payloads are refused with 422.',
    oneOf: [
      { type: 'object', required: ['account'], properties: { account: accountJsonSchema } },
      { type: 'object', required: ['plaid'], properties: { plaid: { type: 'object' } } },
      { type: 'object', required: ['plaidLink'], properties: { plaidLink: { type: 'object' } } },
      { type: 'object', required: ['mx'], properties: { mx: { type: 'object' } } },
    ],
  } as Record<string, unknown>);

export const BankAccountWaitFor = z.enum(['payment-method', 'rail-response']).meta({ id: 'BankAccountWaitFor' });

/** Anything: the domain reads it and answers `{"amounts": "…"}` when it is not two whole cents. */
const anyAmounts = z.custom<number[]>(() => true).meta({
  type: 'array',
  items: { type: 'integer', minimum: 0, maximum: 49 },
  minItems: 2,
  maxItems: 2,
  description: 'The two micro-deposit amounts in cents, in either order ([0, 0] in the sandbox).',
} as Record<string, unknown>);

export const CompleteMicroDeposits = z.object({ amounts: anyAmounts }).meta({ id: 'CompleteMicroDeposits' });

export const CompletedMicroDeposits = z.object({ status: z.literal('verified') }).meta({ id: 'CompletedMicroDeposits' });

const anyCode = z.custom<string>(() => true).meta({
  type: 'string',
  description: 'The code from the holder’s bank statement: `MV1234`, `mv1234` or `1234` (`0000` in the sandbox).',
} as Record<string, unknown>);

export const CompleteBankAccountVerification = z.object({ code: anyCode }).meta({ id: 'CompleteBankAccountVerification' });

export const BankAccountVerificationMethod = z.enum(['instant', 'ach']).meta({ id: 'BankAccountVerificationMethod' });
export const BankAccountVerificationStatus = z
  .enum(['new', 'sent-credit', 'max-attempts-exceeded', 'failed', 'expired', 'successful'])
  .meta({ id: 'BankAccountVerificationStatus' });

export const BankAccountVerificationCreated = z
  .object({ verificationMethod: BankAccountVerificationMethod, status: BankAccountVerificationStatus })
  .meta({ id: 'BankAccountVerificationCreated' });

export const BankAccountVerification = z
  .object({
    verificationMethod: BankAccountVerificationMethod,
    status: BankAccountVerificationStatus,
    exceptionDetails: BankAccountException.optional(),
  })
  .meta({ id: 'BankAccountVerification' });

// ---------------------------------------------------------------- errors

export const BankAccountValidationError = z
  .object({
    account: z.string().optional(),
    plaid: z.string().optional(),
    plaidLink: z.string().optional(),
    mx: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'BankAccountValidationError' });

export const MicroDepositValidationError = z.object({ amounts: z.string().optional() }).meta({ id: 'MicroDepositValidationError' });
