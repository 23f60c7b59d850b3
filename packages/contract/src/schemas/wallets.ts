import { z } from 'zod';
import { AccountMetadata } from './accounts.ts';
import { Paging, Timestamp } from './common.ts';

/*
 * Wallets and wallet transactions (docs/api-behaviour.md §5.7), v2026.01.00 shapes
 * (SDK 26.2.0 `wallet.ts`, `wallettransaction.ts`, `createwallet.ts`, `patchwallet.ts`).
 */

const blank = 'cannot be blank';
const tooLong = (max: number) => `the length must be no more than ${max}`;

export const WalletStatus = z.enum(['active', 'closed']).meta({ id: 'WalletStatus' });
export const WalletType = z.enum(['default', 'general']).meta({ id: 'WalletType' });

export const WalletAvailableBalance = z
  .object({ currency: z.string(), value: z.number().int(), valueDecimal: z.string() })
  .meta({ id: 'WalletAvailableBalance', description: 'Spendable money: `value` in cents (rounded down), `valueDecimal` in dollars.' });

export const Wallet = z
  .object({
    walletID: z.string(),
    availableBalance: WalletAvailableBalance,
    partnerAccountID: z.string(),
    name: z.string(),
    status: WalletStatus,
    walletType: WalletType,
    description: z.string(),
    metadata: z.record(z.string(), z.string()).optional(),
    createdOn: Timestamp,
    closedOn: Timestamp.optional(),
  })
  .meta({ id: 'Wallet' });
export type WalletView = z.output<typeof Wallet>;
export const WalletList = z.array(Wallet).meta({ id: 'WalletList' });

export const MAX_WALLET_NAME_LENGTH = 64;
export const MAX_WALLET_DESCRIPTION_LENGTH = 255;
const name = z.string({ error: 'must be a string' }).max(MAX_WALLET_NAME_LENGTH, tooLong(MAX_WALLET_NAME_LENGTH));
const description = z.string({ error: 'must be a string' }).max(MAX_WALLET_DESCRIPTION_LENGTH, tooLong(MAX_WALLET_DESCRIPTION_LENGTH));

export const CreateWallet = z
  .object({ name: name.min(1, blank), description: description.optional(), metadata: AccountMetadata.optional() })
  .meta({ id: 'CreateWallet' });
export type CreateWalletInput = z.output<typeof CreateWallet>;

export const PatchWallet = z
  .object({
    name: name.min(1, blank).optional(),
    status: z.enum(['active', 'closed'], { error: 'must be active or closed' }).optional(),
    description: description.optional(),
    metadata: AccountMetadata.optional(),
  })
  .meta({ id: 'PatchWallet' });
export type PatchWalletInput = z.output<typeof PatchWallet>;

export const CreateWalletValidationError = z
  .object({ name: z.string().optional(), description: z.string().optional(), metadata: z.string().optional() })
  .meta({ id: 'CreateWalletValidationError' });
export const PatchWalletValidationError = z
  .object({ name: z.string().optional(), status: z.string().optional(), description: z.string().optional(), metadata: z.string().optional() })
  .meta({ id: 'PatchWalletValidationError' });

export const ListWalletsQuery = z.object({
  status: z.enum(['active', 'closed'], { error: 'must be active or closed' }).optional().describe('Only wallets in this status.'),
  walletType: z.enum(['default', 'general'], { error: 'must be default or general' }).optional().describe('Only wallets of this type.'),
  ...Paging,
});
export type ListWalletsFilter = z.output<typeof ListWalletsQuery>;

export const ListWalletsValidationError = z
  .object({ status: z.string().optional(), walletType: z.string().optional(), skip: z.string().optional(), count: z.string().optional() })
  .meta({ id: 'ListWalletsValidationError' });

// ---------------------------------------------------------------- transactions

export const WALLET_TRANSACTION_TYPES = [
  'account-funding',
  'ach-reversal',
  'auto-sweep',
  'card-payment',
  'card-decline',
  'card-reversal',
  'cash-out',
  'dispute',
  'dispute-reversal',
  'facilitator-fee',
  'issuing-refund',
  'issuing-transaction',
  'issuing-transaction-adjustment',
  'issuing-auth-hold',
  'issuing-auth-release',
  'issuing-decline',
  'moov-fee',
  'payment',
  'payout',
  'refund',
  'refund-failure',
  'rtp-failure',
  'top-up',
  'wallet-transfer',
  'adjustment',
  'fee-revenue',
  'residual',
] as const;
export const WalletTransactionType = z.enum(WALLET_TRANSACTION_TYPES).meta({ id: 'WalletTransactionType' });
export type WalletTransactionTypeValue = z.output<typeof WalletTransactionType>;

export const WALLET_TRANSACTION_SOURCE_TYPES = [
  'transfer',
  'dispute',
  'issuing-card-transaction',
  'issuing-authorization',
  'sweep',
  'adjustment',
  'fee',
  'residual',
] as const;
export const WalletTransactionSourceType = z.enum(WALLET_TRANSACTION_SOURCE_TYPES).meta({ id: 'WalletTransactionSourceType' });
export const WALLET_TRANSACTION_STATUSES = ['pending', 'completed', 'canceled', 'failed'] as const;
export const WalletTransactionStatus = z.enum(WALLET_TRANSACTION_STATUSES).meta({ id: 'WalletTransactionStatus' });

export const WalletTransaction = z
  .object({
    walletID: z.string(),
    transactionID: z.string(),
    transactionType: WalletTransactionType,
    sourceType: WalletTransactionSourceType,
    sourceID: z.string(),
    status: WalletTransactionStatus,
    memo: z.string(),
    createdOn: Timestamp,
    completedOn: Timestamp.optional(),
    currency: z.string(),
    grossAmount: z.number().int(),
    grossAmountDecimal: z.string(),
    fee: z.number().int(),
    feeIDs: z.array(z.string()).optional(),
    feeDecimal: z.string(),
    netAmount: z.number().int(),
    netAmountDecimal: z.string(),
    availableBalance: z.number().int().optional(),
    availableBalanceDecimal: z.string().optional(),
    sweepID: z.string().optional(),
  })
  .meta({ id: 'WalletTransaction' });
export type WalletTransactionView = z.output<typeof WalletTransaction>;
export const WalletTransactionList = z.array(WalletTransaction).meta({ id: 'WalletTransactionList' });

const dateTime = z.iso.datetime({ offset: true, error: 'must be an RFC 3339 date-time' });
const typeName = (value: string) => (WALLET_TRANSACTION_TYPES as readonly string[]).includes(value);
/** `transactionTypes` arrives as one comma-separated string (the SDK sends `explode: false`). */
const typeList = z
  .string()
  .max(1024, tooLong(1024))
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
    if (parts.length === 0 || parts.length > WALLET_TRANSACTION_TYPES.length || !parts.every(typeName)) {
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of transaction types' });
      return z.NEVER;
    }
    return parts as WalletTransactionTypeValue[];
  });

export const ListWalletTransactionsQuery = z.object({
  transactionType: z.enum(WALLET_TRANSACTION_TYPES, { error: 'must be a valid transaction type' }).optional().describe('Only transactions of this type.'),
  transactionTypes: typeList.optional().describe('Only transactions of these types (comma-separated).'),
  sourceType: z.enum(WALLET_TRANSACTION_SOURCE_TYPES, { error: 'must be a valid source type' }).optional().describe('Only transactions from this kind of source.'),
  sourceID: z.string().min(1, blank).max(64, tooLong(64)).optional().describe('Only transactions of this source (a transferID…).'),
  status: z.enum(WALLET_TRANSACTION_STATUSES, { error: 'must be pending, completed, canceled or failed' }).optional().describe('Only transactions in this status.'),
  createdStartDateTime: dateTime.optional().describe('Created at or after (RFC 3339).'),
  createdEndDateTime: dateTime.optional().describe('Created before (RFC 3339).'),
  completedStartDateTime: dateTime.optional().describe('Completed at or after (RFC 3339).'),
  completedEndDateTime: dateTime.optional().describe('Completed before (RFC 3339).'),
  sweepID: z.string().min(1, blank).max(64, tooLong(64)).optional().describe('Only transactions of this sweep.'),
  ...Paging,
});
export type ListWalletTransactionsFilter = z.output<typeof ListWalletTransactionsQuery>;

export const ListWalletTransactionsValidationError = z
  .object({
    transactionType: z.string().optional(),
    transactionTypes: z.string().optional(),
    sourceType: z.string().optional(),
    sourceID: z.string().optional(),
    status: z.string().optional(),
    sweepID: z.string().optional(),
    createdStartDateTime: z.string().optional(),
    createdEndDateTime: z.string().optional(),
    completedStartDateTime: z.string().optional(),
    completedEndDateTime: z.string().optional(),
    statementDescriptor: z.string().optional(),
    skip: z.string().optional(),
    count: z.string().optional(),
  })
  .meta({ id: 'ListWalletTransactionsValidationError' });
