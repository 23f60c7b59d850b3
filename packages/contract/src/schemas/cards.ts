import { z } from 'zod';

/*
 * Cards (docs/api-behaviour.md §5.10), in v2026.01.00 shapes (SDK 26.2.0).
 *
 * Request bodies are described here but checked by the cards domain
 * (`domain/sources/card-input.ts`): `LinkCardError` and `UpdateCardError` carry
 * ONE string per field (a bad `expiration.month` is `{"expiration": "…"}`, not a
 * nested map), which a structural zod check of nested objects cannot produce.
 * So each body field is a typed `custom` schema that accepts any JSON value
 * and documents its real type; only a missing required field is refused here
 * ("cannot be blank"), everything else in the domain.
 */

type JsonSchema = Record<string, unknown>;

/** A field whose checks live in the domain; typed for callers, documented for the OpenAPI file. */
function checkedInDomain<T>(schema: JsonSchema) {
  return z.custom<T>(() => true).meta(schema);
}

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });

// ---------------------------------------------------------------- enums

export const CARD_BRANDS = ['American Express', 'Discover', 'Mastercard', 'Visa', 'Unknown'] as const;
export const CardBrand = z.enum(CARD_BRANDS).meta({ id: 'CardBrand' });
export const CARD_TYPES = ['debit', 'credit', 'prepaid', 'unknown'] as const;
export const CardType = z.enum(CARD_TYPES).meta({ id: 'CardType' });
export const CARD_VERIFICATION_RESULTS = ['noMatch', 'match', 'notChecked', 'unavailable', 'partialMatch'] as const;
export const CardVerificationResult = z.enum(CARD_VERIFICATION_RESULTS).meta({ id: 'CardVerificationResult' });
export const DOMESTIC_PUSH_TO_CARD = ['not-supported', 'standard', 'fast-funds', 'unknown'] as const;
export const DomesticPushToCard = z.enum(DOMESTIC_PUSH_TO_CARD).meta({ id: 'DomesticPushToCard' });
export const DOMESTIC_PULL_FROM_CARD = ['not-supported', 'supported', 'unknown'] as const;
export const DomesticPullFromCard = z.enum(DOMESTIC_PULL_FROM_CARD).meta({ id: 'DomesticPullFromCard' });
export const CardUpdateReason = z
  .enum(['unspecified', 'account-closed', 'contact-cardholder', 'expiration-update', 'no-change', 'no-match', 'number-update'])
  .meta({ id: 'CardUpdateReason' });
export const CardWaitFor = z.enum(['payment-method']);

// ---------------------------------------------------------------- response parts

export const CardExpiration = z
  .object({ month: z.string().describe('Two-digit month the card expires'), year: z.string().describe('Two-digit year') })
  .meta({ id: 'CardExpiration' });

export const CardAddress = z
  .object({
    addressLine1: z.string().max(60).optional(),
    addressLine2: z.string().max(32).optional(),
    city: z.string().max(32).optional(),
    stateOrProvince: z.string().max(2).optional(),
    postalCode: z.string().max(10),
    country: z.string().max(2).optional(),
  })
  .meta({ id: 'CardAddress' });

export const AccountNameVerification = z
  .object({
    firstName: CardVerificationResult.optional(),
    middleName: CardVerificationResult.optional(),
    lastName: CardVerificationResult.optional(),
    fullName: CardVerificationResult.optional(),
  })
  .meta({ id: 'AccountNameVerification' });

export const CardVerification = z
  .object({
    cvv: CardVerificationResult,
    addressLine1: CardVerificationResult,
    postalCode: CardVerificationResult,
    accountName: AccountNameVerification.optional(),
  })
  .meta({ id: 'CardVerification' });

export const CardAccountUpdater = z
  .object({ updatedOn: z.string().optional(), updateType: CardUpdateReason.optional() })
  .meta({ id: 'CardAccountUpdater' });

/** `{paymentMethodID, paymentMethodType}`: the methods a link created, with `X-Wait-For: payment-method`. */
export const CardPaymentMethodSummary = z
  .object({ paymentMethodID: z.string(), paymentMethodType: z.string() })
  .meta({ id: 'BasicPaymentMethod' });

/** The fields `Card` and `PaymentMethodsCard` share. */
const cardCore = {
  cardID: z.string(),
  fingerprint: z.string().max(100),
  brand: CardBrand,
  cardType: CardType,
  lastFourCardNumber: z.string(),
  bin: z.string(),
  expiration: CardExpiration,
  holderName: z.string().optional(),
  billingAddress: CardAddress,
  cardVerification: CardVerification,
  issuer: z.string().optional(),
  issuerCountry: z.string().optional(),
  cardOnFile: z.boolean().optional(),
  merchantAccountID: z.string().optional(),
  cardAccountUpdater: CardAccountUpdater.optional(),
  domesticPushToCard: DomesticPushToCard.optional(),
  domesticPullFromCard: DomesticPullFromCard.optional(),
};

export const Card = z
  .object({
    ...cardCore,
    cardCategory: z.string().optional(),
    issuerURL: z.string().optional(),
    issuerPhone: z.string().optional(),
    commercial: z.boolean().optional(),
    regulated: z.boolean().optional(),
    paymentMethods: z.array(CardPaymentMethodSummary).optional(),
  })
  .meta({ id: 'Card' });
export type CardView = z.output<typeof Card>;

export const CardList = z.array(Card).meta({ id: 'CardList' });

/** The card inside a PaymentMethod object (`card` field). */
export const PaymentMethodsCard = z.object(cardCore).meta({ id: 'PaymentMethodsCard' });
export type PaymentMethodsCardView = z.output<typeof PaymentMethodsCard>;

// ---------------------------------------------------------------- requests

const expirationSchema: JsonSchema = {
  type: 'object',
  properties: { month: str('Two digits, 01-12'), year: str('Two digits') },
  required: ['month', 'year'],
};
const addressProperties: JsonSchema = {
  addressLine1: str('Street address', { maxLength: 60 }),
  addressLine2: str('Apartment, suite…', { maxLength: 32 }),
  city: str('City', { maxLength: 32 }),
  stateOrProvince: str('Two-letter state or province code', { maxLength: 2 }),
  postalCode: str('US: 12345 or 12345-6789; elsewhere letters, digits, spaces, dashes', { maxLength: 10 }),
  country: str('Two-letter ISO 3166-1 country code', { maxLength: 2 }),
};
const e2eeSchema: JsonSchema = {
  type: 'object',
  description: 'End-to-end encrypted card data (JWE). Not supported by Railyard: send the card fields instead.',
  properties: { token: { type: 'string' } },
};

type ExpirationInput = { month: string; year: string };
type AddressInput = {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode: string;
  country?: string;
};

export const LinkCard = z
  .object({
    e2ee: checkedInDomain<{ token: string }>(e2eeSchema).optional(),
    cardNumber: checkedInDomain<string>(str('The full card number (PAN), digits only; never stored or returned', { maxLength: 19 })),
    cardCvv: checkedInDomain<string>(str('3 digits (4 for American Express); never stored', { maxLength: 4 })),
    expiration: checkedInDomain<ExpirationInput>(expirationSchema),
    holderName: checkedInDomain<string>(str('Cardholder name as on the card', { maxLength: 64 })).optional(),
    billingAddress: checkedInDomain<AddressInput>({ type: 'object', properties: addressProperties, required: ['postalCode'] }),
    cardOnFile: checkedInDomain<boolean>({ type: 'boolean' }).optional(),
    merchantAccountID: checkedInDomain<string>(str('Account whose details the $0 authorization uses', { format: 'uuid' })).optional(),
    verifyName: checkedInDomain<boolean>({ type: 'boolean', description: 'Visa and Mastercard only; needs holderName' }).optional(),
  })
  .meta({ id: 'LinkCard' });
export type LinkCardInput = z.output<typeof LinkCard>;

export const UpdateCard = z
  .object({
    e2ee: checkedInDomain<{ token: string }>(e2eeSchema).optional(),
    billingAddress: checkedInDomain<Partial<AddressInput>>({ type: 'object', properties: addressProperties }).optional(),
    expiration: checkedInDomain<Partial<ExpirationInput>>({ ...expirationSchema, required: [] }).optional(),
    cardCvv: checkedInDomain<string>(str('Runs a new $0 authorization (CVV and address verification)', { maxLength: 4 })).optional(),
    cardOnFile: checkedInDomain<boolean>({ type: 'boolean' }).optional(),
    merchantAccountID: checkedInDomain<string>(str('Account whose details the $0 authorization uses', { format: 'uuid' })).optional(),
    verifyName: checkedInDomain<boolean>({ type: 'boolean', description: 'Visa and Mastercard only; needs holderName' }).optional(),
    holderName: checkedInDomain<string>(str('Cardholder name as on the card', { maxLength: 64 })).optional(),
  })
  .meta({ id: 'UpdateCard' });
export type UpdateCardInput = z.output<typeof UpdateCard>;

// ---------------------------------------------------------------- errors

const E2eeError = z.object({ token: z.string().optional() }).meta({ id: 'End2EndEncryptionError' });

export const LinkCardError = z
  .object({
    error: z.string().optional(),
    e2ee: E2eeError.optional(),
    cardNumber: z.string().optional(),
    cardCvv: z.string().optional(),
    expiration: z.string().optional(),
    holderName: z.string().optional(),
    billingAddress: z.string().optional(),
    cardOnFile: z.string().optional(),
    merchantAccountID: z.string().optional(),
    verifyName: z.string().optional(),
  })
  .meta({ id: 'LinkCardError' });

export const UpdateCardError = z
  .object({
    e2ee: E2eeError.optional(),
    billingAddress: z.string().optional(),
    expiration: z.string().optional(),
    cardCvv: z.string().optional(),
    cardOnFile: z.string().optional(),
    merchantAccountID: z.string().optional(),
    verifyName: z.string().optional(),
    holderName: z.string().optional(),
  })
  .meta({ id: 'UpdateCardError' });

/** 409 on link: the card is already linked (and not disabled) on the account. */
export const DuplicateCardError = z
  .object({ error: z.string(), existingCardID: z.string().optional() })
  .meta({ id: 'DuplicateCardError' });
