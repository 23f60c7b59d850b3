import assert from 'node:assert/strict';
import type { TestServer } from '../support/server.ts';
import { business, create, completeIndividual, manualTerms } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { linkBankAccount as link, bankAccountPath as bankPath } from '../support/bank-accounts.ts';
import type { WalletParty } from '../support/transfers.ts';
import { fundWalletFromOutside } from '../support/funding.ts';
import { capabilityStatuses, submitUnderwriting } from '../support/onboarding.ts';

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

/**
 * A business whose wallet can receive ACH collections: `collect-funds.ach`
 * needs the wallet requirements plus EIN and a description or website
 * (docs/capabilities.md); `collect-funds` also needs an MCC, given only when
 * `mcc` is set, so a test can see the capability left pending without it.
 */
export async function collectingBusiness(s: TestServer, capabilities: string[], options: { mcc?: string } = {}): Promise<{ party: WalletParty; capabilityStatus: Record<string, string> }> {
  const account = await create(
    s,
    business(
      { termsOfService: manualTerms(), capabilities: ['wallet.balance', ...capabilities] },
      {
        businessType: 'soleProprietorship', // no owners to declare
        phone: { number: '3035550199', countryCode: '1' },
        address: { addressLine1: '1 Market St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
        taxID: { ein: { number: '12-3456789' } },
        website: 'https://gym.example.com',
        ...(options.mcc ? { industryCodes: { mcc: options.mcc } } : {}),
      },
    ),
  );
  // Money-moving capabilities of a business also need its underwriting (decision 1703).
  await submitUnderwriting(s, account.accountID);
  const capabilityStatus = await capabilityStatuses(s, account.accountID);
  const wallets = await s.request('GET', `/accounts/${account.accountID}/wallets`, { headers: V2026 });
  const walletID = wallets.json[0].walletID as string;
  const walletMethods = await s.request('GET', `/accounts/${account.accountID}/payment-methods?paymentMethodType=moov-wallet`, { headers: V2026 });
  return { party: { accountID: account.accountID, walletID, paymentMethodID: walletMethods.json[0].paymentMethodID as string }, capabilityStatus };
}

export function achBody(sourcePaymentMethodID: string, destinationPaymentMethodID: string, cents: number, extra: Record<string, unknown> = {}) {
  return { source: { paymentMethodID: sourcePaymentMethodID }, destination: { paymentMethodID: destinationPaymentMethodID }, amount: { currency: 'USD', value: cents }, ...extra };
}

export async function getTransfer(s: TestServer, transferID: string, version = 'v2026.01.00') {
  const response = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`, { headers: { 'x-moov-version': version } });
  assert.equal(response.status, 200, response.text);
  return response.json;
}

/** `transfer.updated` statuses of one transfer, in the order they were written (`event_seq`). */
export async function updateStatuses(s: TestServer, transferID: string): Promise<string[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'transfer.updated' ORDER BY event_seq", [s.platform.accountID]),
  );
  return rows
    .map((row) => JSON.parse(row.data) as { transferID: string; status: string })
    .filter((data) => data.transferID === transferID)
    .map((data) => data.status);
}

/** Moves the platform's clock forward and runs what fell due (what `POST /railyard/clock/advance` does). */
export async function advance(s: TestServer, request: { seconds?: number; until?: string }): Promise<void> {
  await s.services.platformClock.advance(s.platform.accountID, request);
  await s.services.jobs.runDueJobs({ platformID: s.platform.accountID });
}
