/**
 * [Railyard] Live bank accounts per account. Moov publishes no limit; this one
 * bounds every list and payment-method refresh, and is far above any real need.
 */
export const MAX_BANK_ACCOUNTS_PER_ACCOUNT = 200;
