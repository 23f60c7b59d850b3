import type { ChargebackReason } from '../transfers/rails/card/chargebacks.ts';

/**
 * The network reason code a sandbox dispute carries, by card brand and reason
 * (docs/sandbox.md "Disputes"). The codes are the networks' published ones for
 * the reason: Visa's 10.x/12.x/13.x, Mastercard's four-digit codes, Discover's
 * two letters, American Express's letter and digits. Unknown brands use Visa's.
 */

interface NetworkReason {
  code: string;
  description: string;
}

const REASONS: Readonly<Record<string, Readonly<Record<ChargebackReason, NetworkReason>>>> = {
  Visa: {
    fraud: { code: '10.4', description: 'Other Fraud – Card-Absent Environment' },
    'not-received': { code: '13.1', description: 'Merchandise/Services Not Received' },
    duplicate: { code: '12.6.1', description: 'Duplicate Processing' },
  },
  Mastercard: {
    fraud: { code: '4837', description: 'No Cardholder Authorization' },
    'not-received': { code: '4855', description: 'Goods or Services Not Provided' },
    duplicate: { code: '4834', description: 'Point-of-Interaction Error (duplicate processing)' },
  },
  Discover: {
    fraud: { code: 'UA02', description: 'Fraud – Card Not Present Transaction' },
    'not-received': { code: 'RG', description: 'Non-Receipt of Goods, Services or Cash' },
    duplicate: { code: 'DP', description: 'Duplicate Processing' },
  },
  'American Express': {
    fraud: { code: 'F29', description: 'Card Not Present' },
    'not-received': { code: 'C08', description: 'Goods/Services Not Received or Only Partially Received' },
    duplicate: { code: 'P08', description: 'Duplicate Charge' },
  },
};

export function networkReason(brand: string, reason: ChargebackReason): NetworkReason {
  return (REASONS[brand] ?? REASONS['Visa']!)[reason];
}
