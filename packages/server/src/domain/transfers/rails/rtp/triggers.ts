/**
 * Railyard's sandbox triggers for RTP credits (docs/sandbox.md "RTP
 * failures"; Moov advertises amount-based instant-payment failures without
 * publishing the values, docs/api-behaviour.md §8). The amount alone decides the
 * receiving bank's answer, so a test can ask for every outcome:
 * $77.01–$77.10 fail with one failure code each, $77.11 is accepted without
 * posting, anything else completes.
 *
 * `networkResponseCode` is the ISO 20022 reason code an RTP participant
 * answers with; the codes that say the account cannot take money (AC03, AC04,
 * AC06, MD07) also mark the bank account `errored` (rtp-credit-failure).
 */

export const RTP_FAILURE_CODES = [
  'processing-error',
  'invalid-account',
  'account-closed',
  'account-blocked',
  'invalid-field',
  'transaction-not-supported',
  'limit-exceeded',
  'invalid-amount',
  'customer-deceased',
  'other',
] as const;
export type RtpFailureCode = (typeof RTP_FAILURE_CODES)[number];

export type RtpAnswer =
  | { outcome: 'completed' }
  | { outcome: 'accepted-without-posting' }
  | { outcome: 'failed'; failureCode: RtpFailureCode; networkResponseCode: string };

/** Trigger amounts in cents, and what the receiving bank answers. */
export const RTP_FAILURE_TRIGGERS: ReadonlyMap<number, { failureCode: RtpFailureCode; networkResponseCode: string }> = new Map([
  [7701, { failureCode: 'invalid-account', networkResponseCode: 'AC03' }],
  [7702, { failureCode: 'account-closed', networkResponseCode: 'AC04' }],
  [7703, { failureCode: 'account-blocked', networkResponseCode: 'AC06' }],
  [7704, { failureCode: 'invalid-field', networkResponseCode: 'FF02' }],
  [7705, { failureCode: 'transaction-not-supported', networkResponseCode: 'AG03' }],
  [7706, { failureCode: 'limit-exceeded', networkResponseCode: 'AM02' }],
  [7707, { failureCode: 'invalid-amount', networkResponseCode: 'AM12' }],
  [7708, { failureCode: 'customer-deceased', networkResponseCode: 'MD07' }],
  [7709, { failureCode: 'processing-error', networkResponseCode: '9910' }],
  [7710, { failureCode: 'other', networkResponseCode: 'NARR' }],
]);

export const RTP_ACCEPTED_WITHOUT_POSTING_AMOUNT = 7711;

export function rtpAnswerFor(amount: number): RtpAnswer {
  const failure = RTP_FAILURE_TRIGGERS.get(amount);
  if (failure) return { outcome: 'failed', ...failure };
  if (amount === RTP_ACCEPTED_WITHOUT_POSTING_AMOUNT) return { outcome: 'accepted-without-posting' };
  return { outcome: 'completed' };
}
