import type { PaymentMethodProvider } from '../payment-methods/provider.ts';

// Replaced by the cards work: the payment methods its sources yield (behaviour.md §5.8).
export const cardPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'card',
  field: 'card',
  desired: async () => [],
  render: async () => new Map(),
};
