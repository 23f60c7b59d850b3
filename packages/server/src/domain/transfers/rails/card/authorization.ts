import { createHash } from 'node:crypto';
import { CARD_TRANSACTION_FAILURE_CODES } from '@railyard/contract';
import type { CardRow } from '../../../../store/repos/cards.ts';
import { loadCard } from '../../../sources/stored-card.ts';

/**
 * The sandbox issuer's answer to a money-moving card authorization
 * (docs/api-behaviour.md §6.2, §8, docs/sandbox.md "Card failures"), decided once when
 * the transfer is created, deterministically from the card as linked:
 *
 * 1. the card's expiry has passed on the platform's clock → `expired-card`;
 * 2. a sandbox decline card (the row's `declines` code) → that code (`do-not-honor`);
 * 3. for pulls and payments, the CVV linked was a `noMatch` value (222/2222) → `cvv-mismatch`;
 * 4. for pulls and payments, the postal code was a `noMatch` value (22222) → `do-not-honor`
 *    (issuers answer an AVS refusal with a generic decline; decision 1200).
 *
 * `notChecked` and `unavailable` verification results never decline. A push
 * to card carries no CVV or address, so only 1 and 2 apply to it.
 */

/** What a card network answers when it refuses: the SDK's `CardTransactionFailureCode`, defined once in the contract. */
export const CARD_FAILURE_CODES = CARD_TRANSACTION_FAILURE_CODES;
export type CardFailureCode = (typeof CARD_FAILURE_CODES)[number];
const KNOWN_CODES: ReadonlySet<string> = new Set(CARD_FAILURE_CODES);

export type CardAnswer = { approved: true; authorizationCode: string } | { approved: false; failureCode: CardFailureCode };

export interface CardFacts {
  brand: string;
  /** Whether the card is eligible for fast-funds push (`domesticPushToCard: fast-funds`). */
  fastFunds: boolean;
}

export function cardFacts(row: CardRow): CardFacts {
  const { card } = loadCard(row);
  return { brand: card.brand, fastFunds: card.domesticPushToCard === 'fast-funds' };
}

/** A six-character approval code, stable per transfer (what a network returns on approval). */
export function authorizationCodeFor(transferID: string): string {
  return createHash('sha256').update(`auth:${transferID}`).digest('hex').slice(0, 6).toUpperCase();
}

export function authorize(row: CardRow, input: { transferID: string; now: Date; direction: 'pull' | 'push' }): CardAnswer {
  const decline = declineCode(row, input.now, input.direction);
  if (decline) return { approved: false, failureCode: decline };
  return { approved: true, authorizationCode: authorizationCodeFor(input.transferID) };
}

function declineCode(row: CardRow, now: Date, direction: 'pull' | 'push'): CardFailureCode | undefined {
  if (now.getTime() >= Date.parse(row.expires_on)) return 'expired-card';
  if (row.declines !== null) return KNOWN_CODES.has(row.declines) ? (row.declines as CardFailureCode) : 'do-not-honor';
  if (direction === 'push') return undefined;
  const { cardVerification } = loadCard(row).card;
  if (cardVerification.cvv === 'noMatch') return 'cvv-mismatch';
  if (cardVerification.postalCode === 'noMatch') return 'do-not-honor';
  return undefined;
}
