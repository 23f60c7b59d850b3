import type { PaymentMethodProvider } from '../payment-methods/provider.ts';

// Replaced by the bank-accounts work: the payment methods its sources yield (behaviour.md §5.8).
export const bankAccountPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'bank-account',
  field: 'bankAccount',
  desired: async () => [],
  render: async () => new Map(),
};
