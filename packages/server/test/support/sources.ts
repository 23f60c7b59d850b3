// Card and bank-account bodies every feature's tests link (moved here from
// cards/helpers.ts and bank-accounts/helpers.ts, which re-export them).

/** The documented sandbox Visa, good for years after the test clock. */
export const VISA = '4111111111111111';
/** The sandbox debit card eligible for push-to-card and pull-from-card. */
export const PUSH_PULL_VISA = '4111100010002000';

export function cardBody(overrides: Record<string, unknown> = {}) {
  return {
    cardNumber: VISA,
    cardCvv: '123',
    expiration: { month: '09', year: '35' },
    billingAddress: { addressLine1: '123 Main Street', postalCode: '80301' },
    ...overrides,
  };
}

/** A Chase routing number from the built-in directory: RTP and FedNow. */
export const CHASE = '021000021';
/** The API reference's example routing number: an ACH-only sandbox bank. */
export const SANDBOX_BANK = '123456780';

export function accountPayload(overrides: Record<string, unknown> = {}) {
  return {
    account: {
      holderName: 'Jules Jackson',
      holderType: 'individual',
      accountNumber: '0004321567000',
      bankAccountType: 'checking',
      routingNumber: CHASE,
      ...overrides,
    },
  };
}
