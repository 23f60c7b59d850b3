import assert from 'node:assert/strict';
import type { TestServer } from './server.ts';
import { V2026 } from './versions.ts';
import { advance, balance, getTransfer, methodTransferBody as body, postTransfer } from './transfers.ts';
import { cardMethod, moneyWallet } from './parties.ts';

// A disputed card payment (moved here from disputes/helpers.ts, which re-exports it).

/**
 * A card payment of `cents` into a fresh merchant wallet (holding `startCents`),
 * walked on the platform clock until the network's chargeback notice for a
 * trigger amount has opened its dispute (docs/sandbox.md "Disputes"): authorized
 * at creation, settled +1 s, completed +2 s, the notice +5 s after that.
 */
export async function disputedPayment(s: TestServer, cents: number, options: { startCents?: number; cardNumber?: string; cardCvv?: string } = {}) {
  const merchant = await moneyWallet(s, options.startCents ?? 0);
  const overrides: Record<string, unknown> = {};
  if (options.cardNumber) overrides['cardNumber'] = options.cardNumber;
  if (options.cardCvv) overrides['cardCvv'] = options.cardCvv;
  const card = await cardMethod(s, 'card-payment', overrides);
  const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, cents), { waitFor: 'rail-response' });
  assert.equal(created.status, 200, created.text);
  const transferID = created.json.transferID as string;
  await advance(s, { seconds: 2 });
  assert.equal((await getTransfer(s, transferID)).status, 'completed');
  const paid = await balance(s, merchant);
  await advance(s, { seconds: 5 });
  const disputes = await listDisputes(s, `transferIDs=${transferID}`);
  return { merchant, cardholderAccountID: card.accountID, transferID, paid, disputes };
}

export async function listDisputes(s: TestServer, query = '', accountID = s.platform.accountID) {
  const listed = await s.request('GET', `/accounts/${accountID}/disputes${query ? `?${query}` : ''}`, { headers: V2026 });
  assert.equal(listed.status, 200, listed.text);
  return listed.json as any[];
}

