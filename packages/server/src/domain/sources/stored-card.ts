import type { CardView, PaymentMethodsCardView } from '@railyard/contract';
import type { CardRow } from '../../store/repos/cards.ts';
import { expiresAt, isExpired } from './card-expiration.ts';
import type { VerifiedCard } from './verify-card.ts';

/**
 * What a `cards` row keeps in `document`: the card as the sandbox's $0
 * authorization described it (never the PAN or CVV), plus the merchant
 * account the authorization ran under.
 */
export interface StoredCard extends VerifiedCard {
  merchantAccountID?: string;
}

export interface LoadedCard {
  row: CardRow;
  card: StoredCard;
}

export function loadCard(row: CardRow): LoadedCard {
  return { row, card: JSON.parse(row.document) as StoredCard };
}

/** The stored form of a card's expiry: the first instant it is no longer good (RFC 3339). */
export function expiresOn(card: StoredCard, now: Date): string {
  return expiresAt(card.expiration, now).toISOString();
}

export function cardIsExpired(card: StoredCard, now: Date): boolean {
  return isExpired(card.expiration, now);
}

/** The public `Card` (v2026.01.00). Fields are listed, not spread, so nothing stored leaks by accident. */
export function renderCard(loaded: LoadedCard): CardView {
  const { row, card } = loaded;
  return {
    cardID: row.card_id,
    fingerprint: row.fingerprint,
    brand: card.brand,
    cardType: card.cardType,
    ...(card.cardCategory !== undefined ? { cardCategory: card.cardCategory } : {}),
    lastFourCardNumber: card.lastFourCardNumber,
    bin: card.bin,
    expiration: { month: card.expiration.month, year: card.expiration.year },
    ...(card.holderName !== undefined ? { holderName: card.holderName } : {}),
    billingAddress: { ...card.billingAddress },
    cardVerification: structuredClone(card.cardVerification),
    ...(card.issuer !== undefined ? { issuer: card.issuer } : {}),
    ...(card.issuerCountry !== undefined ? { issuerCountry: card.issuerCountry } : {}),
    ...(card.issuerURL !== undefined ? { issuerURL: card.issuerURL } : {}),
    ...(card.issuerPhone !== undefined ? { issuerPhone: card.issuerPhone } : {}),
    ...(card.commercial !== undefined ? { commercial: card.commercial } : {}),
    ...(card.regulated !== undefined ? { regulated: card.regulated } : {}),
    cardOnFile: card.cardOnFile,
    ...(card.merchantAccountID !== undefined ? { merchantAccountID: card.merchantAccountID } : {}),
    domesticPushToCard: card.domesticPushToCard,
    domesticPullFromCard: card.domesticPullFromCard,
  };
}

/** The card inside a PaymentMethod (`PaymentMethodsCard`): a subset of `Card`. */
export function renderPaymentMethodsCard(loaded: LoadedCard): PaymentMethodsCardView {
  const full = renderCard(loaded);
  return {
    cardID: full.cardID,
    fingerprint: full.fingerprint,
    brand: full.brand,
    cardType: full.cardType,
    lastFourCardNumber: full.lastFourCardNumber,
    bin: full.bin,
    expiration: full.expiration,
    ...(full.holderName !== undefined ? { holderName: full.holderName } : {}),
    billingAddress: full.billingAddress,
    cardVerification: full.cardVerification,
    ...(full.issuer !== undefined ? { issuer: full.issuer } : {}),
    ...(full.issuerCountry !== undefined ? { issuerCountry: full.issuerCountry } : {}),
    ...(full.cardOnFile !== undefined ? { cardOnFile: full.cardOnFile } : {}),
    ...(full.merchantAccountID !== undefined ? { merchantAccountID: full.merchantAccountID } : {}),
    ...(full.domesticPushToCard !== undefined ? { domesticPushToCard: full.domesticPushToCard } : {}),
    ...(full.domesticPullFromCard !== undefined ? { domesticPullFromCard: full.domesticPullFromCard } : {}),
  };
}
