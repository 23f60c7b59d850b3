import assert from 'node:assert/strict';
import type { TestServer } from '../support/server.ts';
import { create, V2026 } from '../accounts/helpers.ts';
import { completeIndividual } from '../wallets/helpers.ts';
import { link, bankPath } from '../bank-accounts/helpers.ts';
import type { WalletParty } from '../transfers/helpers.ts';
import { fundWalletFromOutside } from '../support/funding.ts';

/** An account with a wallet and a bank account; `verified` adds micro-deposit verification (debit methods). */
export interface BankParty extends WalletParty {
  bankAccountID: string;
  methods: Record<string, string>;
}

const CAPABILITIES = ['wallet.balance', 'send-funds', 'collect-funds'];

export async function bankParty(s: TestServer, options: { verified: boolean; walletCents?: number }): Promise<BankParty> {
  const account = await create(s, completeIndividual(CAPABILITIES));
  const wallets = await s.request('GET', `/accounts/${account.accountID}/wallets`, { headers: V2026 });
  const walletID = wallets.json[0].walletID as string;
  const walletMethods = await s.request('GET', `/accounts/${account.accountID}/payment-methods?paymentMethodType=moov-wallet`, { headers: V2026 });
  const wallet: WalletParty = { accountID: account.accountID, walletID, paymentMethodID: walletMethods.json[0].paymentMethodID as string };
  if (options.walletCents) await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: account.accountID, walletID, cents: options.walletCents });
  const bank = await link(s, wallet.accountID);
  if (options.verified) {
    assert.equal((await s.request('POST', bankPath(wallet.accountID, bank.bankAccountID, '/micro-deposits'), { headers: V2026 })).status, 204);
    assert.equal((await s.request('PUT', bankPath(wallet.accountID, bank.bankAccountID, '/micro-deposits'), { headers: V2026, body: { amounts: [0, 0] } })).status, 200);
  }
  const listed = await s.request('GET', `/accounts/${wallet.accountID}/payment-methods`, { headers: V2026 });
  const methods: Record<string, string> = {};
  for (const m of listed.json as Array<{ paymentMethodID: string; paymentMethodType: string; bankAccount?: { bankAccountID: string } }>) {
    if (m.bankAccount?.bankAccountID === bank.bankAccountID) methods[m.paymentMethodType] = m.paymentMethodID;
  }
  return { ...wallet, bankAccountID: bank.bankAccountID, methods };
}

export function achBody(sourcePaymentMethodID: string, destinationPaymentMethodID: string, cents: number, extra: Record<string, unknown> = {}) {
  return { source: { paymentMethodID: sourcePaymentMethodID }, destination: { paymentMethodID: destinationPaymentMethodID }, amount: { currency: 'USD', value: cents }, ...extra };
}

export async function getTransfer(s: TestServer, transferID: string, version = 'v2026.01.00') {
  const response = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`, { headers: { 'x-moov-version': version } });
  assert.equal(response.status, 200, response.text);
  return response.json;
}

/**
 * `transfer.updated` statuses of one transfer, oldest first. Events of one unit
 * of work share a timestamp and their IDs are random, so ties are put in the
 * order `transitionTransfer` writes them: source legs, destination legs, then
 * the top-level status.
 */
export async function updateStatuses(s: TestServer, transferID: string): Promise<string[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string; created_on: string }>("SELECT data, created_on FROM events WHERE platform_id = ? AND event_type = 'transfer.updated'", [s.platform.accountID]),
  );
  const rank = (status: string) => (status.startsWith('source.') ? 0 : status.startsWith('destination.') ? 1 : 2);
  return rows
    .map((row) => ({ at: row.created_on, data: JSON.parse(row.data) as { transferID: string; status: string } }))
    .filter((e) => e.data.transferID === transferID)
    .sort((a, b) => a.at.localeCompare(b.at) || rank(a.data.status) - rank(b.data.status))
    .map((e) => e.data.status);
}

/** Moves the platform's clock forward and runs what fell due (what `POST /railyard/clock/advance` does). */
export async function advance(s: TestServer, request: { seconds?: number; until?: string }): Promise<void> {
  await s.services.platformClock.advance(s.platform.accountID, request);
  await s.services.jobs.runDueJobs({ platformID: s.platform.accountID });
}
