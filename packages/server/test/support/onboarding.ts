import type { TestServer } from './server.ts';

/*
 * Underwriting that meets every `underwriting.*` requirement of every
 * capability (decision 1703): US-only, not yet taking cards, a modest volume,
 * so no documents are due. Tests that need a business able to move money
 * submit it after creating the account, as an integrator does.
 */

const activity = { estimatedActivity: { averageTransactionAmount: 2_500, maximumTransactionAmount: 100_000, monthlyVolumeRange: '10k-50k' } };

export const COMPLETE_UNDERWRITING = {
  geographicReach: 'us-only',
  businessPresence: 'commercial-office',
  collectFunds: {
    ach: activity,
    cardPayments: {
      cardAcceptanceMethods: { inPersonPercentage: 0, mailOrPhonePercentage: 0, onlinePercentage: 100 },
      currentlyAcceptsCards: false,
      ...activity,
      fulfillment: { method: 'shipped-physical-goods', timeframe: 'within-7-days' },
      refundPolicy: 'full-refund-within-30-days',
    },
  },
  sendFunds: { ach: activity, rtp: activity, pushToCard: activity, instantBank: activity },
  moneyTransfer: { pullFromCard: activity, pushToCard: activity },
};

/** POSTs COMPLETE_UNDERWRITING for a business account; throws unless it is saved. */
export async function submitUnderwriting(s: TestServer, accountID: string): Promise<void> {
  const saved = await s.request('POST', `/accounts/${accountID}/underwriting`, { body: COMPLETE_UNDERWRITING, headers: { 'x-moov-version': 'v2026.01.00' } });
  if (saved.status !== 200) throw new Error(`underwriting answered ${saved.status}: ${saved.text}`);
}

/** The account's capability statuses by ID, read again (after the underwriting changed them). */
export async function capabilityStatuses(s: TestServer, accountID: string): Promise<Record<string, string>> {
  const got = await s.request('GET', `/accounts/${accountID}/capabilities`, { headers: { 'x-moov-version': 'v2026.01.00' } });
  if (got.status !== 200) throw new Error(`capabilities answered ${got.status}: ${got.text}`);
  return Object.fromEntries((got.json as Array<{ capability: string; status: string }>).map((c) => [c.capability, c.status]));
}
