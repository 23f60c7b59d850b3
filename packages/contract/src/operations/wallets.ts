import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, MAX_PAGE_COUNT, Uuid } from '../schemas/common.ts';
import {
  CreateWallet,
  CreateWalletValidationError,
  ListWalletsQuery,
  ListWalletsValidationError,
  ListWalletTransactionsQuery,
  ListWalletTransactionsValidationError,
  PatchWallet,
  PatchWalletValidationError,
  Wallet,
  WalletList,
  WalletTransaction,
  WalletTransactionList,
} from '../schemas/wallets.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const AccountParams = z.object({ accountID: Uuid });
const WalletParams = z.object({ accountID: Uuid, walletID: Uuid });
const TransactionParams = z.object({ accountID: Uuid, walletID: Uuid, transactionID: Uuid });

const paging = `Newest first. Paging: \`skip\` (default 0) and \`count\` (default and maximum ${MAX_PAGE_COUNT}).`;

export const listWallets = defineOperation({
  id: 'wallets.list',
  method: 'GET',
  path: '/accounts/{accountID}/wallets',
  summary: 'List the wallets of an account',
  description:
    'Lists the account’s wallets with their available balance: the `default` wallet (created when the wallet ' +
    'capability is enabled) and up to 10 `general` wallets. Filters: `status` (active|closed), `walletType` ' +
    '(default|general). ' + paging,
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: AccountParams, query: ListWalletsQuery },
  response: { status: 200, description: 'The wallets', body: WalletList },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account, or not one the caller may see' },
    422: { description: 'Invalid query parameters', body: ListWalletsValidationError },
  },
});

export const getWallet = defineOperation({
  id: 'wallets.get',
  method: 'GET',
  path: '/accounts/{accountID}/wallets/{walletID}',
  summary: 'Get a wallet',
  description: 'Answers one wallet of the account with its available balance (`value` in cents, `valueDecimal` in dollars).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: WalletParams },
  response: { status: 200, description: 'The wallet', body: Wallet },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such wallet on this account' } },
});

export const createWallet = defineOperation({
  id: 'wallets.create',
  method: 'POST',
  path: '/accounts/{accountID}/wallets',
  summary: 'Create a general wallet',
  description:
    'Creates a `general` wallet (`name` required; `description`, `metadata` optional) for an account whose wallet ' +
    'capability is enabled. At most 10 active general wallets per account (409 beyond).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.write'],
  readOnly: false,
  since: 'v2026.01.00',
  request: { params: AccountParams, body: CreateWallet, bodyRequired: true },
  response: { status: 200, description: 'The new wallet', body: Wallet },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account, or not one the caller may see' },
    409: { description: 'No enabled wallet capability, too many wallets, or a disconnected account', body: GenericError },
    422: { description: 'Invalid fields', body: CreateWalletValidationError },
  },
});

export const updateWallet = defineOperation({
  id: 'wallets.update',
  method: 'PATCH',
  path: '/accounts/{accountID}/wallets/{walletID}',
  summary: 'Update or close a wallet',
  description:
    'Changes `name`, `description`, `metadata` (replaces the map) or closes the wallet with `status: closed`. Closing ' +
    'needs a zero balance and is final; the default wallet cannot be closed (409). A closed wallet is read-only ' +
    '(closing it again answers it unchanged).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.write'],
  readOnly: false,
  since: 'v2026.01.00',
  request: { params: WalletParams, body: PatchWallet, bodyRequired: true },
  response: { status: 200, description: 'The wallet', body: Wallet },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such wallet on this account' },
    409: { description: 'The wallet cannot change that way', body: GenericError },
    422: { description: 'Invalid fields', body: PatchWalletValidationError },
  },
});

export const listWalletTransactions = defineOperation({
  id: 'walletTransactions.list',
  method: 'GET',
  path: '/accounts/{accountID}/wallets/{walletID}/transactions',
  summary: 'List the transactions of a wallet',
  description:
    'Lists the money movements of a wallet, derived from its ledger postings (one transaction per transfer or other ' +
    'source). Filters: `transactionType`, `transactionTypes` (comma-separated), `sourceType`, `sourceID`, `status`, ' +
    '`createdStartDateTime` (inclusive), `createdEndDateTime` (exclusive), `completedStartDateTime`, ' +
    '`completedEndDateTime`, `sweepID`. ' + paging,
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: WalletParams, query: ListWalletTransactionsQuery },
  response: { status: 200, description: 'The transactions', body: WalletTransactionList },
  errors: {
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such wallet on this account' },
    422: { description: 'Invalid query parameters', body: ListWalletTransactionsValidationError },
  },
});

export const getWalletTransaction = defineOperation({
  id: 'walletTransactions.get',
  method: 'GET',
  path: '/accounts/{accountID}/wallets/{walletID}/transactions/{transactionID}',
  summary: 'Get a wallet transaction',
  description: 'Answers one transaction of the wallet.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/wallets.read'],
  readOnly: true,
  request: { params: TransactionParams },
  response: { status: 200, description: 'The transaction', body: WalletTransaction },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such transaction on this wallet' } },
});

export const walletOperations = [listWallets, getWallet, createWallet, updateWallet, listWalletTransactions, getWalletTransaction] as const;
