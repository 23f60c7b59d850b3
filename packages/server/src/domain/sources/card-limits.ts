/**
 * Bounds on cards (Moov documents none). An account links a handful of cards
 * in practice; 100 live ones keeps a list and a payment-method refresh small.
 */
export const MAX_LIVE_CARDS_PER_ACCOUNT = 100;
