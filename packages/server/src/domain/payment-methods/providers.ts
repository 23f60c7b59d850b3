import type { PaymentMethodProvider } from './provider.ts';
import { walletPaymentMethods } from './wallet-methods.ts';
import { bankAccountPaymentMethods } from './bank-account-methods.ts';
import { cardPaymentMethods } from './card-methods.ts';

/** Every kind of source that yields payment methods. */
export const paymentMethodProviders: readonly PaymentMethodProvider[] = [
  walletPaymentMethods,
  bankAccountPaymentMethods,
  cardPaymentMethods,
];
