import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { ListPaymentMethodsQuery, PaymentMethod, PaymentMethodList } from '../schemas/payment-methods.ts';
import { missingScope, noCredentials } from './common-errors.ts';


export const listPaymentMethods = defineOperation({
  id: 'paymentMethods.list',
  method: 'GET',
  path: '/accounts/{accountID}/payment-methods',
  summary: 'List the payment methods of an account',
  description:
    'Lists the ways money can move to or from the account: each is a source (wallet, bank account, card) paired with ' +
    'a `paymentMethodType` (moov-wallet, ach-debit-fund, ach-credit-standard, card-payment, push-to-card…). They are ' +
    'derived from the account’s sources and enabled capabilities. Filters: `sourceID` (walletID, bankAccountID or ' +
    'cardID) and `paymentMethodType`. Use a `paymentMethodID` as a transfer’s source or destination. Not paged.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/payment-methods.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid }), query: ListPaymentMethodsQuery },
  response: { status: 200, description: 'The payment methods', body: PaymentMethodList },
  errors: {
    400: { description: 'Invalid query parameter', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: { description: 'No such account, or not one the caller may see' },
  },
});

export const getPaymentMethod = defineOperation({
  id: 'paymentMethods.get',
  method: 'GET',
  path: '/accounts/{accountID}/payment-methods/{paymentMethodID}',
  summary: 'Get a payment method',
  description: 'Answers one live payment method of the account, with its source.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/payment-methods.read'],
  readOnly: true,
  request: { params: z.object({ accountID: Uuid, paymentMethodID: Uuid }) },
  response: { status: 200, description: 'The payment method', body: PaymentMethod },
  errors: { 401: noCredentials, 403: missingScope, 404: { description: 'No such payment method on this account' } },
});

export const paymentMethodOperations = [listPaymentMethods, getPaymentMethod] as const;
