import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import {
  BankAccount,
  BankAccountList,
  BankAccountValidationError,
  BankAccountVerification,
  BankAccountVerificationCreated,
  BankAccountWaitFor,
  CompleteBankAccountVerification,
  CompletedMicroDeposits,
  CompleteMicroDeposits,
  LinkBankAccount,
  MicroDepositValidationError,
} from '../schemas/bank-accounts.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const OwnerParams = z.object({ accountID: Uuid });
const BankAccountParams = z.object({ accountID: Uuid, bankAccountID: Uuid });

const READ = '/accounts/{accountID}/bank-accounts.read';
const WRITE = '/accounts/{accountID}/bank-accounts.write';

const notFound = { description: 'No such account or bank account, or not one the caller may see' } as const;
const stateConflict = { description: 'The bank account’s state does not allow this now', body: GenericError } as const;

const waitFor = (description: string) =>
  ({ name: 'X-Wait-For', field: 'xWaitFor', required: false, description, schema: BankAccountWaitFor }) as const;

export const linkBankAccount = defineOperation({
  id: 'bankAccounts.link',
  method: 'POST',
  path: '/accounts/{accountID}/bank-accounts',
  summary: 'Link a bank account',
  description:
    'Links a US bank account to an account by routing and account number: body `{"account": {"holderName", ' +
    '"holderType": "individual"|"business", "accountNumber" (4-17 digits), "bankAccountType": ' +
    '"checking"|"savings"|"general-ledger"|"loan", "routingNumber" (9 digits, valid ABA checksum)}}`. The new bank ' +
    'account is `new` (it can receive credits; verify it with micro-deposits or instant verification before ' +
    'debiting it). Only the last four digits are ever shown. Linking the same bank account twice on one account is ' +
    'a 409 naming the existing one. Plaid and MX payloads are refused (422): Railyard has no aggregator ' +
    'integrations. With `X-Wait-For: payment-method` the answer lists the payment methods the bank account yields.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: {
    params: OwnerParams,
    headers: [waitFor('`payment-method`: include the generated payment methods in the answer.')],
    body: LinkBankAccount,
    bodyRequired: true,
  },
  response: { status: 200, description: 'The linked bank account', body: BankAccount },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'Already linked, or the account is disconnected from the caller', body: GenericError },
    422: { description: 'Invalid bank account details', body: BankAccountValidationError },
  },
});

export const listBankAccounts = defineOperation({
  id: 'bankAccounts.list',
  method: 'GET',
  path: '/accounts/{accountID}/bank-accounts',
  summary: 'List bank accounts',
  description: 'Lists the bank accounts linked to an account and not disabled, oldest first (at most 200; Railyard links at most 200 per account).',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: OwnerParams },
  response: { status: 200, description: 'The bank accounts', body: BankAccountList },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const getBankAccount = defineOperation({
  id: 'bankAccounts.get',
  method: 'GET',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}',
  summary: 'Get a bank account',
  description: 'Answers one linked bank account with its verification `status` and `statusReason`. Disabled bank accounts are gone (404).',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: BankAccountParams },
  response: { status: 200, description: 'The bank account', body: BankAccount },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const disableBankAccount = defineOperation({
  id: 'bankAccounts.disable',
  method: 'DELETE',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}',
  summary: 'Disable a bank account',
  description:
    'Disables a bank account and every payment method it yields; it no longer appears anywhere, so disabling it ' +
    'again answers 404. The same bank account may be linked again afterwards (it gets a new ID).',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: BankAccountParams },
  response: { status: 204, description: 'Disabled' },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
  },
});

export const initiateMicroDeposits = defineOperation({
  id: 'bankAccounts.initiateMicroDeposits',
  method: 'POST',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}/micro-deposits',
  summary: 'Send micro-deposits',
  description:
    'Starts micro-deposit verification: two small credits go to the bank account (in the sandbox always $0.00 and ' +
    '$0.00), and the bank account becomes `pending`. Report the amounts with completeMicroDeposits within 14 days. ' +
    'Refused (409) when the bank account is already verified, errored, or has a verification in progress.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: BankAccountParams },
  response: { status: 204, description: 'Micro-deposits sent' },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: stateConflict,
  },
});

export const completeMicroDeposits = defineOperation({
  id: 'bankAccounts.completeMicroDeposits',
  method: 'PUT',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}/micro-deposits',
  summary: 'Confirm micro-deposit amounts',
  description:
    'Reports the two micro-deposit amounts in cents, in either order: `{"amounts": [0, 0]}` in the sandbox. Right ' +
    'amounts verify the bank account (`{"status": "verified"}`). Wrong amounts answer 400 saying how many tries are ' +
    'left; the third wrong report leaves the bank account `errored` (`micro-deposit-attempts-exceeded`): link a new ' +
    'bank account. Amounts unused for 14 days expire (409). A body that is not two whole amounts of 0-49 ' +
    'cents is a 422 and uses no try.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: BankAccountParams, body: CompleteMicroDeposits, bodyRequired: true },
  response: { status: 200, description: 'Verified', body: CompletedMicroDeposits },
  errors: {
    400: { description: 'Wrong amounts, or malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'No micro-deposits to confirm (none sent, round over or expired), or already verified', body: GenericError },
    422: { description: 'The amounts are not two whole numbers of cents', body: MicroDepositValidationError },
  },
});

export const initiateBankAccountVerification = defineOperation({
  id: 'bankAccounts.initiateVerification',
  method: 'POST',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}/verify',
  summary: 'Start instant verification',
  description:
    'Sends a $0.01 credit whose description carries a 4-digit code (`MV1234`) over RTP or FedNow when the bank is ' +
    'reachable on them (`verificationMethod: instant`), else same-day ACH (`ach`). The sandbox code is always ' +
    '`0000` and its rails answer at once, so the status is `sent-credit` with or without `X-Wait-For: rail-response`. ' +
    'Refused (409) when the bank account is already verified, errored, or has a verification in progress.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: BankAccountParams, headers: [waitFor('`rail-response`: answer once the rail has taken or refused the credit.')] },
  response: { status: 200, description: 'The verification', body: BankAccountVerificationCreated },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: stateConflict,
  },
});

export const completeBankAccountVerification = defineOperation({
  id: 'bankAccounts.completeVerification',
  method: 'PUT',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}/verify',
  summary: 'Confirm the instant verification code',
  description:
    'Checks the code from the holder’s bank statement: `{"code": "MV0000"}` (`mv0000` and `0000` are accepted too). ' +
    'The right code verifies the bank account (`status: successful`). A wrong code answers 400 saying how many tries ' +
    'are left; the fifth ends the round: 200 with `max-attempts-exceeded`, and the bank account becomes ' +
    '`verificationFailed` (`errored` after its third failed round). A code unused for 14 days answers `expired`. A ' +
    'code that is not four digits is a 422 and uses no try.',
  auth: 'api',
  scopes: [WRITE],
  readOnly: false,
  request: { params: BankAccountParams, body: CompleteBankAccountVerification, bodyRequired: true },
  response: { status: 200, description: 'The verification after the attempt', body: BankAccountVerification },
  errors: {
    400: { description: 'Wrong code (tries remain), or malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: notFound,
    409: { description: 'No verification to complete, or already verified', body: GenericError },
    422: { description: 'The code is not a verification code', body: GenericError },
  },
});

export const getBankAccountVerification = defineOperation({
  id: 'bankAccounts.getVerification',
  method: 'GET',
  path: '/accounts/{accountID}/bank-accounts/{bankAccountID}/verify',
  summary: 'Get the instant verification',
  description: 'Answers the latest instant verification of a bank account (404 when none was started).',
  auth: 'api',
  scopes: [READ],
  readOnly: true,
  request: { params: BankAccountParams },
  response: { status: 200, description: 'The verification', body: BankAccountVerification },
  errors: { 401: noCredentials, 403: missingScope, 404: notFound },
});

export const bankAccountOperations = [
  linkBankAccount,
  listBankAccounts,
  getBankAccount,
  disableBankAccount,
  initiateMicroDeposits,
  completeMicroDeposits,
  initiateBankAccountVerification,
  completeBankAccountVerification,
  getBankAccountVerification,
] as const;
