import { randomUUID } from 'node:crypto';
import type { TestServer } from './server.ts';
import { V2026 } from './versions.ts';
import { advance, methodTransferBody as body, postTransfer, type WalletParty } from './transfers.ts';
import { cardMethod, moneyWallet, type SourceMethod } from './parties.ts';

// Card payments to refund or reverse, and the refund and reversal requests
// (moved here from refunds/helpers.ts, which re-exports them).

export { V2026 };

/** A merchant wallet (with `walletCents` in it) and a card payment into it of `cents`, authorized (card leg `confirmed`). */
export async function authorizedPayment(s: TestServer, cents: number, walletCents = 0): Promise<{ merchant: WalletParty; card: SourceMethod; transferID: string }> {
  const merchant = await moneyWallet(s, walletCents);
  const card = await cardMethod(s, 'card-payment');
  const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, cents), { waitFor: 'rail-response' });
  if (created.status !== 200 || created.json.source.cardDetails.status !== 'confirmed') throw new Error(`card payment answered ${created.status}: ${created.text}`);
  return { merchant, card, transferID: created.json.transferID as string };
}

/** A card payment of `cents` that completed: the merchant wallet credited (fast pacing: 2 s of platform time). */
export async function completedPayment(s: TestServer, cents: number, walletCents = 0) {
  const payment = await authorizedPayment(s, cents, walletCents);
  await advance(s, { seconds: 2 });
  return payment;
}

export function refundPath(s: TestServer, transferID: string, accountID = s.platform.accountID): string {
  return `/accounts/${accountID}/transfers/${transferID}/refunds`;
}

/** POST a refund as the first platform (or `auth`) with a fresh (or given) idempotency key. */
export async function postRefund(
  s: TestServer,
  transferID: string,
  options: { amount?: number; body?: unknown; rawBody?: string; key?: string; waitFor?: boolean; auth?: string; accountID?: string } = {},
) {
  const headers: Record<string, string> = { ...V2026, 'x-idempotency-key': options.key ?? randomUUID() };
  if (options.waitFor) headers['x-wait-for'] = 'rail-response';
  const payload = options.body ?? (options.amount === undefined ? undefined : { amount: options.amount });
  if (options.rawBody !== undefined) headers['content-type'] = 'application/json';
  return s.request('POST', refundPath(s, transferID, options.accountID), {
    headers,
    ...(payload === undefined ? {} : { body: payload }),
    ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
    ...(options.auth ? { auth: options.auth } : {}),
  });
}

export async function postReversal(s: TestServer, transferID: string, options: { amount?: number; key?: string; auth?: string } = {}) {
  const headers: Record<string, string> = { ...V2026, 'x-idempotency-key': options.key ?? randomUUID() };
  return s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/reversals`, {
    headers,
    ...(options.amount === undefined ? {} : { body: { amount: options.amount } }),
    ...(options.auth ? { auth: options.auth } : {}),
  });
}

/** The wallet's available balance as the API shows it. */
export async function walletBalance(s: TestServer, party: WalletParty): Promise<number> {
  const wallet = await s.request('GET', `/accounts/${party.accountID}/wallets/${party.walletID}`, { headers: V2026 });
  return wallet.json.availableBalance.value as number;
}

/** Events of a type for the first platform, oldest first, as their `data`. */
export async function eventsOf(s: TestServer, type: string): Promise<any[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string }>('SELECT data FROM events WHERE platform_id = ? AND event_type = ? ORDER BY event_seq', [s.platform.accountID, type]),
  );
  return rows.map((row) => JSON.parse(row.data));
}

/** What a bad request must not have written: refunds, reversals, ledger entries, events. */
export async function writtenCounts(s: TestServer): Promise<Record<string, number>> {
  return s.testStore.store.read(async (sql) => {
    const count = async (table: string) => Number((await sql.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? 0);
    return {
      refunds: await count('refunds'),
      reversals: await count('transfer_reversals'),
      cancellations: await count('transfer_cancellations'),
      entries: await count('ledger_entries'),
      events: await count('events'),
      refunded: Number((await sql.get<{ n: number | string }>('SELECT COALESCE(SUM(refunded_amount), 0) AS n FROM transfers'))?.n ?? 0),
    };
  });
}
