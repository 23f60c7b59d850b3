import type { RailPacing } from '../transfers/pacing.ts';

/**
 * When a dispute's steps happen, in platform time (docs/disputes.md "Timing",
 * decision 1650).
 *
 * - `respondBy`: Moov's Dashboard guide gives 14 calendar days for Visa,
 *   Mastercard and Discover and 10 for American Express; the deadline is that
 *   many days after the dispute opened, in both pacings. An unanswered dispute
 *   expires then.
 * - The network's decision after evidence is submitted: Moov documents no
 *   figure. `fast` pacing: 5 seconds, so a demo sees the outcome at once;
 *   `realistic`: 10 calendar days, the order of a network's review.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const RESPOND_DAYS: Readonly<Record<string, number>> = { 'American Express': 10 };
const DEFAULT_RESPOND_DAYS = 14;

export const FAST_DECISION_DELAY_MS = 5_000;
export const REALISTIC_DECISION_DELAY_MS = 10 * DAY_MS;

export function respondByFor(openedAt: Date, brand: string): Date {
  return new Date(openedAt.getTime() + (RESPOND_DAYS[brand] ?? DEFAULT_RESPOND_DAYS) * DAY_MS);
}

export function decisionAt(submittedAt: Date, pacing: RailPacing): Date {
  return new Date(submittedAt.getTime() + (pacing.mode === 'fast' ? FAST_DECISION_DELAY_MS : REALISTIC_DECISION_DELAY_MS));
}
