import type { CardVerificationResult } from './sandbox-cards.ts';

/**
 * Sandbox outcomes of `verifyName` (docs/api-behaviour.md §8). The sandbox cardholder
 * is "Alex Nora Irwin"; each listed spelling yields a documented set of
 * results. Components §8 leaves unstated are `match` when present and equal,
 * `notChecked` when the spelling leaves them out [Railyard]. Any other name
 * gets `unavailable` everywhere ("unsupported").
 */
export interface AccountNameVerification {
  firstName: CardVerificationResult;
  middleName: CardVerificationResult;
  lastName: CardVerificationResult;
  fullName: CardVerificationResult;
}

export const SANDBOX_CARDHOLDER_NAME = 'Alex Nora Irwin';

type Row = readonly [CardVerificationResult, CardVerificationResult, CardVerificationResult, CardVerificationResult];

/** Spelling → [first, middle, last, full]. */
const OUTCOMES: ReadonlyMap<string, Row> = new Map<string, Row>([
  ['alex nora irwin', ['match', 'match', 'match', 'match']],
  ['alex noraa irwin', ['match', 'partialMatch', 'match', 'match']],
  ['alx nora irwin', ['partialMatch', 'match', 'match', 'match']],
  ['alex irwin', ['match', 'notChecked', 'match', 'match']],
  ['irwin', ['notChecked', 'notChecked', 'match', 'match']],
  ['alex nor irwin', ['match', 'noMatch', 'match', 'partialMatch']],
  ['axely nora irwin', ['noMatch', 'match', 'match', 'partialMatch']],
  ['a n irwi', ['noMatch', 'noMatch', 'partialMatch', 'noMatch']],
  ['alex notwin', ['match', 'notChecked', 'noMatch', 'noMatch']],
]);

const UNSUPPORTED: Row = ['unavailable', 'unavailable', 'unavailable', 'unavailable'];

/** Case and extra spaces do not matter: "ALEX  nora irwin" is the cardholder. */
export function nameVerificationOutcome(holderName: string): AccountNameVerification {
  const key = holderName.trim().replace(/\s+/gu, ' ').toLowerCase();
  const [firstName, middleName, lastName, fullName] = OUTCOMES.get(key) ?? UNSUPPORTED;
  return { firstName, middleName, lastName, fullName };
}
