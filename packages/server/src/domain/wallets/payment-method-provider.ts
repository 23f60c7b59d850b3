import type { PaymentMethodProvider } from '../payment-methods/provider.ts';

// Replaced by the wallets work: the payment methods its sources yield (behaviour.md §5.8).
export const walletPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'wallet',
  field: 'wallet',
  desired: async () => [],
  render: async () => new Map(),
};
