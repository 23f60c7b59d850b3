/**
 * The sandbox bank table (decisions 0702 and 1754): well-known routing numbers with the
 * instant rails the sandbox treats them as reachable on. The rail flags are sandbox facts
 * [Railyard], chosen so every combination can be exercised (see docs/bank-accounts.md); they
 * are not a statement about the real banks' participation.
 */
export interface BankFacts {
  bankName: string;
  rtp: boolean;
  fedNow: boolean;
}

export const KNOWN_BANKS: ReadonlyMap<string, BankFacts> = new Map([
  ['021000021', { bankName: 'JPMorgan Chase Bank, N.A.', rtp: true, fedNow: true }],
  ['322271627', { bankName: 'JPMorgan Chase Bank, N.A.', rtp: true, fedNow: true }],
  ['121000248', { bankName: 'Wells Fargo Bank, N.A.', rtp: true, fedNow: true }],
  ['091000022', { bankName: 'U.S. Bank N.A.', rtp: true, fedNow: true }],
  ['026009593', { bankName: 'Bank of America, N.A.', rtp: true, fedNow: false }],
  ['011000138', { bankName: 'Bank of America, N.A.', rtp: true, fedNow: false }],
  ['111000025', { bankName: 'Bank of America, N.A.', rtp: true, fedNow: false }],
  ['021000089', { bankName: 'Citibank, N.A.', rtp: true, fedNow: false }],
  ['043000096', { bankName: 'PNC Bank, N.A.', rtp: true, fedNow: false }],
  ['031101266', { bankName: 'TD Bank, N.A.', rtp: true, fedNow: false }],
  ['061000104', { bankName: 'Truist Bank', rtp: true, fedNow: false }],
  ['256074974', { bankName: 'Navy Federal Credit Union', rtp: false, fedNow: true }],
  // The routing number of the API reference's examples: an ACH-only sandbox bank.
  ['123456780', { bankName: 'Railyard Sandbox Bank', rtp: false, fedNow: false }],
]);
