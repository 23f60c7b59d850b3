/**
 * Behaviour as the docs state it, written out by hand, so a test compares the
 * code against the docs and never against the code's own tables (a changed
 * trigger in the source would otherwise change the test with it). Each table
 * names the docs section it copies; change both together or neither.
 */

/** docs/sandbox.md "RTP failures": amount in cents → failureCode, networkResponseCode, and whether the bank account becomes errored. */
export const RTP_FAILURES_AS_DOCUMENTED: ReadonlyArray<{ cents: number; failureCode: string; networkResponseCode: string; accountErrored: boolean }> = [
  { cents: 7701, failureCode: 'invalid-account', networkResponseCode: 'AC03', accountErrored: true },
  { cents: 7702, failureCode: 'account-closed', networkResponseCode: 'AC04', accountErrored: true },
  { cents: 7703, failureCode: 'account-blocked', networkResponseCode: 'AC06', accountErrored: true },
  { cents: 7704, failureCode: 'invalid-field', networkResponseCode: 'FF02', accountErrored: false },
  { cents: 7705, failureCode: 'transaction-not-supported', networkResponseCode: 'AG03', accountErrored: false },
  { cents: 7706, failureCode: 'limit-exceeded', networkResponseCode: 'AM02', accountErrored: false },
  { cents: 7707, failureCode: 'invalid-amount', networkResponseCode: 'AM12', accountErrored: false },
  { cents: 7708, failureCode: 'customer-deceased', networkResponseCode: 'MD07', accountErrored: true },
  { cents: 7709, failureCode: 'processing-error', networkResponseCode: '9910', accountErrored: false },
  { cents: 7710, failureCode: 'other', networkResponseCode: 'NARR', accountErrored: false },
];

/** docs/sandbox.md "RTP failures": accepted without posting (the transfer completes). */
export const RTP_ACCEPTED_WITHOUT_POSTING_CENTS = 7711;

/** docs/sandbox.md "ACH returns": amount in cents → return code, when it arrives, and the transfer's end status. */
export const ACH_RETURNS_AS_DOCUMENTED: ReadonlyArray<{ cents: number; code: string; arrives: 'clearing' | 'after-completion'; transferStatus: 'failed' | 'reversed' }> = [
  { cents: 5501, code: 'R01', arrives: 'clearing', transferStatus: 'failed' },
  { cents: 5502, code: 'R02', arrives: 'clearing', transferStatus: 'failed' },
  { cents: 5503, code: 'R03', arrives: 'after-completion', transferStatus: 'reversed' },
  { cents: 5504, code: 'R04', arrives: 'after-completion', transferStatus: 'reversed' },
  { cents: 5505, code: 'R05', arrives: 'after-completion', transferStatus: 'reversed' },
  { cents: 5506, code: 'R06', arrives: 'after-completion', transferStatus: 'reversed' },
  { cents: 5507, code: 'R07', arrives: 'after-completion', transferStatus: 'reversed' },
];

/** docs/sandbox.md "Test cards": number → brand, type, push, pull, and the decline it carries (undefined: none). */
export const TEST_CARDS_AS_DOCUMENTED: ReadonlyArray<{
  pan: string;
  brand: string;
  cardType: string;
  push: string;
  pull: string;
  declines?: 'do-not-honor';
}> = [
  { pan: '4111111111111111', brand: 'Visa', cardType: 'credit', push: 'not-supported', pull: 'not-supported' },
  { pan: '5555555555554444', brand: 'Mastercard', cardType: 'credit', push: 'not-supported', pull: 'not-supported' },
  { pan: '6011111111111117', brand: 'Discover', cardType: 'credit', push: 'not-supported', pull: 'not-supported' },
  { pan: '371111111111114', brand: 'American Express', cardType: 'credit', push: 'not-supported', pull: 'not-supported' },
  { pan: '4111100010002000', brand: 'Visa', cardType: 'debit', push: 'fast-funds', pull: 'supported' },
  { pan: '4111100010002018', brand: 'Visa', cardType: 'debit', push: 'fast-funds', pull: 'supported', declines: 'do-not-honor' },
  { pan: '5555000010002002', brand: 'Mastercard', cardType: 'debit', push: 'fast-funds', pull: 'supported' },
  { pan: '5555000010002010', brand: 'Mastercard', cardType: 'debit', push: 'fast-funds', pull: 'supported', declines: 'do-not-honor' },
  { pan: '4111100010003008', brand: 'Visa', cardType: 'prepaid', push: 'standard', pull: 'not-supported' },
  { pan: '4000020000000000', brand: 'Visa', cardType: 'credit', push: 'not-supported', pull: 'not-supported', declines: 'do-not-honor' },
  { pan: '5555000022220022', brand: 'Mastercard', cardType: 'credit', push: 'not-supported', pull: 'not-supported', declines: 'do-not-honor' },
  { pan: '6011000022220002', brand: 'Discover', cardType: 'credit', push: 'not-supported', pull: 'not-supported', declines: 'do-not-honor' },
  { pan: '371100002222007', brand: 'American Express', cardType: 'credit', push: 'not-supported', pull: 'not-supported', declines: 'do-not-honor' },
];

/** docs/authentication.md "Token lifetimes", in seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const REFRESH_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
