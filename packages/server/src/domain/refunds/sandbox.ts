import type { CardTransactionFailureCodeValue } from '@railyard/contract';

/**
 * Sandbox refund outcomes (docs/sandbox.md "Refunds", decision 1601). Moov
 * documents no test-mode refund triggers, so Railyard uses magic refund
 * amounts, like its ACH (55xx), RTP (77xx) and dispute (66xx) triggers. Any
 * other amount is accepted by the network and completes.
 *
 * - `answer`: the card network refuses the refund when it answers, in the
 *   creating request (`X-Wait-For: rail-response` sees it failed);
 * - `settlement`: the network accepts it (`pending`, card `confirmed`) and the
 *   issuer refuses it at settlement.
 *
 * A failed refund gives its money back to the merchant's wallet
 * (`refund-failure`) and no longer counts in the transfer's `refundedAmount`,
 * so it may be tried again.
 */
export interface RefundFailure {
  phase: 'answer' | 'settlement';
  failureCode: CardTransactionFailureCodeValue;
}

export const REFUND_FAILURE_TRIGGERS: ReadonlyMap<number, RefundFailure> = new Map([
  [88_01, { phase: 'answer', failureCode: 'cardholder-account-closed' }],
  [88_02, { phase: 'answer', failureCode: 'processing-error' }],
  [88_03, { phase: 'settlement', failureCode: 'invalid-transaction' }],
]);

/** How the sandbox network treats a refund of this many cents: undefined when it completes. */
export function refundFailureFor(amount: number): RefundFailure | undefined {
  return REFUND_FAILURE_TRIGGERS.get(amount);
}
