import { cardsByID, listLiveCards } from '../../store/repos/cards.ts';
import type { PaymentMethodProvider } from './provider.ts';
import { paymentMethodTypesFor } from '../sources/payment-method-types.ts';
import { MAX_LIVE_CARDS_PER_ACCOUNT } from '../sources/card-limits.ts';
import { cardIsExpired, loadCard, renderPaymentMethodsCard } from '../sources/stored-card.ts';

/**
 * Cards as a source of payment methods (docs/api-behaviour.md §5.8, §7.2): every live,
 * unexpired card yields `card-payment`; `push-to-card` and `pull-from-card`
 * follow the card's eligibility and the owner's capabilities
 * (`paymentMethodTypesFor`). Disabled cards yield nothing, so a disable
 * disables their methods.
 */
export const cardPaymentMethods: PaymentMethodProvider = {
  sourceKind: 'card',
  field: 'card',
  async desired(sql, { accountID, enabledCapabilities, now }) {
    const rows = await listLiveCards(sql, accountID, MAX_LIVE_CARDS_PER_ACCOUNT);
    return rows.map((row) => {
      const { card } = loadCard(row);
      const types = paymentMethodTypesFor(
        {
          kind: 'card',
          expired: cardIsExpired(card, now),
          domesticPushToCard: card.domesticPushToCard,
          domesticPullFromCard: card.domesticPullFromCard,
        },
        enabledCapabilities,
      );
      return { sourceID: row.card_id, types };
    });
  },
  // Disabled cards render too: a disabled payment method still names its card.
  async render(sql, { accountID, sourceIDs }) {
    const rows = await cardsByID(sql, accountID, sourceIDs, true);
    return new Map(rows.map((row) => [row.card_id, renderPaymentMethodsCard(loadCard(row))]));
  },
};
