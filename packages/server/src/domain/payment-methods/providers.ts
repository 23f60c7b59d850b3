import type { PaymentMethodProvider } from './provider.ts';
import { walletPaymentMethods } from '../wallets/payment-method-provider.ts';
import { bankAccountPaymentMethods } from '../bank-accounts/payment-method-provider.ts';
import { cardPaymentMethods } from '../cards/payment-method-provider.ts';

/** Every kind of source that yields payment methods. */
export const paymentMethodProviders: readonly PaymentMethodProvider[] = [
  walletPaymentMethods,
  bankAccountPaymentMethods,
  cardPaymentMethods,
];
