import { z } from 'zod';
import { PaymentMethodsCard } from './cards.ts';
import { WalletType } from './wallets.ts';

/*
 * Payment methods (docs/api-behaviour.md §5.8), v2026.01.00 shapes (SDK 26.2.0
 * `paymentmethod.ts`): a union discriminated by `paymentMethodType`, carrying
 * the source under `wallet`, `bankAccount` or `card`.
 */

export const PAYMENT_METHOD_TYPE_IDS = [
  'moov-wallet',
  'ach-debit-fund',
  'ach-debit-collect',
  'ach-credit-standard',
  'ach-credit-same-day',
  'rtp-credit',
  'card-payment',
  'push-to-card',
  'pull-from-card',
  'apple-pay',
  'card-present-payment',
  'instant-bank-credit',
] as const;
export const PaymentMethodTypeID = z.enum(PAYMENT_METHOD_TYPE_IDS).meta({ id: 'PaymentMethodType' });
export type PaymentMethodTypeValue = (typeof PAYMENT_METHOD_TYPE_IDS)[number];
/** Types v2024.01.00 does not know (docs/api-behaviour.md §2.1). */
export const PAYMENT_METHOD_TYPES_AFTER_V2024: readonly string[] = ['card-present-payment', 'instant-bank-credit'];

export const PaymentMethodsWallet = z
  .object({ walletID: z.string(), partnerAccountID: z.string(), walletType: WalletType })
  .meta({ id: 'PaymentMethodsWallet' });

/**
 * The bank account object is rendered by the bank-accounts module; only its key field is named here, so
 * the two modules never disagree (a stricter schema can replace this one when that module exports it).
 */
const BankAccountOfPaymentMethod = z.looseObject({ bankAccountID: z.string() });

const WALLET_METHOD_TYPES = ['moov-wallet'] as const;
const BANK_ACCOUNT_METHOD_TYPES = ['ach-debit-fund', 'ach-debit-collect', 'ach-credit-standard', 'ach-credit-same-day', 'rtp-credit', 'instant-bank-credit'] as const;
const CARD_METHOD_TYPES = ['card-payment', 'push-to-card', 'pull-from-card', 'apple-pay', 'card-present-payment'] as const;

export const PaymentMethod = z
  .union([
    z.object({ paymentMethodID: z.string(), paymentMethodType: z.enum(WALLET_METHOD_TYPES), wallet: PaymentMethodsWallet }),
    z.object({ paymentMethodID: z.string(), paymentMethodType: z.enum(BANK_ACCOUNT_METHOD_TYPES), bankAccount: BankAccountOfPaymentMethod }),
    z.object({ paymentMethodID: z.string(), paymentMethodType: z.enum(CARD_METHOD_TYPES), card: PaymentMethodsCard }),
  ])
  .meta({ id: 'PaymentMethod' });
export type PaymentMethodView = z.output<typeof PaymentMethod>;
export const PaymentMethodList = z.array(PaymentMethod).meta({ id: 'PaymentMethodList' });

export const ListPaymentMethodsQuery = z.object({
  sourceID: z.string().max(64).optional().describe('Only methods of this source: a walletID, bankAccountID or cardID.'),
  paymentMethodType: PaymentMethodTypeID.optional().describe('Only methods of this type.'),
});
export type ListPaymentMethodsFilter = z.output<typeof ListPaymentMethodsQuery>;
