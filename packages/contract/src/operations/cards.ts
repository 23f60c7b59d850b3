import { z } from 'zod';
import { defineOperation } from '../core/operation.ts';
import { GenericError, Uuid } from '../schemas/common.ts';
import { Card, CardList, CardWaitFor, DuplicateCardError, LinkCard, LinkCardError, UpdateCard, UpdateCardError } from '../schemas/cards.ts';
import { missingScope, noCredentials } from './common-errors.ts';

const CardAccountParams = z.object({ accountID: Uuid });
const CardParams = z.object({ accountID: Uuid, cardID: Uuid });

const noAccount = { description: 'No such account, or not one the caller may see' } as const;
const noCard = { description: 'No such card on the account (disabled cards are gone), or an account the caller may not see' } as const;

const sandboxNote =
  'Sandbox: test cards 4111111111111111 (Visa), 5555555555554444 (Mastercard), 6011111111111117 (Discover), ' +
  '371111111111114 (Amex); 4111100010002000 is a debit card eligible for push-to-card and pull-from-card. CVV 222 and ' +
  'postal code 22222 answer noMatch, 999 / 99999 unavailable; with `verifyName`, "Alex Nora Irwin" matches.';

export const linkCard = defineOperation({
  id: 'cards.link',
  method: 'POST',
  path: '/accounts/{accountID}/cards',
  summary: 'Link a card',
  description:
    'Links a debit or credit card to an account and runs a $0 verification authorization. Send `cardNumber` (digits ' +
    'only), `cardCvv`, `expiration` `{month: "MM", year: "YY"}` and `billingAddress` (at least `postalCode`); optional ' +
    '`holderName`, `cardOnFile`, `merchantAccountID` (an account whose details the authorization uses) and ' +
    '`verifyName` (Visa/Mastercard; checks `holderName`). The response carries the brand, type, issuer, the ' +
    'verification results (mismatches are reported, not refused) and push/pull eligibility; the full number and CVV are ' +
    'never stored or returned. An expired card or a bad number is refused (422). Linking a card already linked to the ' +
    'account answers 409 with `existingCardID`. With `X-Wait-For: payment-method` the response lists the payment ' +
    'methods the card yields (card-payment, and push-to-card / pull-from-card when eligible). ' +
    sandboxNote,
  auth: 'api',
  scopes: ['/accounts/{accountID}/cards.write'],
  readOnly: false,
  request: {
    params: CardAccountParams,
    headers: [
      {
        name: 'X-Wait-For',
        field: 'xWaitFor',
        required: false,
        description: '`payment-method`: include the payment methods created for the card in `paymentMethods`.',
        schema: CardWaitFor,
      },
    ],
    body: LinkCard,
    bodyRequired: true,
  },
  response: { status: 200, description: 'The linked card', body: Card },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noAccount,
    409: { description: 'The card is already linked to the account, or the account is disconnected', body: DuplicateCardError },
    422: { description: 'Invalid fields, one message per field', body: LinkCardError },
  },
});

export const listCards = defineOperation({
  id: 'cards.list',
  method: 'GET',
  path: '/accounts/{accountID}/cards',
  summary: 'List cards',
  description: 'Lists the cards linked to an account, oldest first (at most 100 live cards per account). Disabled cards are not listed.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/cards.read'],
  readOnly: true,
  request: { params: CardAccountParams },
  response: { status: 200, description: 'The account’s cards', body: CardList },
  errors: { 401: noCredentials, 403: missingScope, 404: noAccount },
});

export const getCard = defineOperation({
  id: 'cards.get',
  method: 'GET',
  path: '/accounts/{accountID}/cards/{cardID}',
  summary: 'Get a card',
  description: 'Answers one linked card. Disabled cards answer 404.',
  auth: 'api',
  scopes: ['/accounts/{accountID}/cards.read'],
  readOnly: true,
  request: { params: CardParams },
  response: { status: 200, description: 'The card', body: Card },
  errors: { 401: noCredentials, 403: missingScope, 404: noCard },
});

export const updateCard = defineOperation({
  id: 'cards.update',
  method: 'PATCH',
  path: '/accounts/{accountID}/cards/{cardID}',
  summary: 'Update a card',
  description:
    'Changes only the fields sent: `billingAddress` (merged field by field; re-runs address verification), ' +
    '`expiration` (month and/or year; an expired date is refused), `cardCvv` (runs a new $0 authorization: CVV and ' +
    'address verification), `holderName` (an empty string removes it), `cardOnFile`, `merchantAccountID`, and ' +
    '`verifyName: true` (re-checks the holder name; Visa/Mastercard). Payment methods follow the change (a card whose ' +
    'new expiration passes yields none). Cards of an account disconnected from the caller cannot change (409).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/cards.write'],
  readOnly: false,
  request: { params: CardParams, body: UpdateCard, bodyRequired: true },
  response: { status: 200, description: 'The updated card', body: Card },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noCard,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
    422: { description: 'Invalid fields, one message per field', body: UpdateCardError },
  },
});

export const disableCard = defineOperation({
  id: 'cards.disable',
  method: 'DELETE',
  path: '/accounts/{accountID}/cards/{cardID}',
  summary: 'Disable a card',
  description:
    'Disables a card: it leaves the list, its payment methods are disabled (paymentMethod.disabled events), and it can ' +
    'no longer be read or changed. Disabling it again answers 404, like any card that does not exist. The same card ' +
    'can be linked again afterwards (it gets a new cardID).',
  auth: 'api',
  scopes: ['/accounts/{accountID}/cards.write'],
  readOnly: false,
  request: { params: CardParams },
  response: { status: 204, description: 'Disabled' },
  errors: {
    400: { description: 'Malformed request', body: GenericError },
    401: noCredentials,
    403: missingScope,
    404: noCard,
    409: { description: 'The account is disconnected from the caller', body: GenericError },
  },
});

export const cardOperations = [linkCard, listCards, getCard, updateCard, disableCard] as const;
