import type { TestServer } from '../support/server.ts';
import { fundWalletFromOutside } from '../support/funding.ts';
import { business, create, individual, completeIndividual, manualTerms } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { cardBody, accountPayload } from '../support/sources.ts';
import type { WalletParty } from '../support/transfers.ts';
import { capabilityStatuses, submitUnderwriting } from '../support/onboarding.ts';

/** A wallet account with the capabilities card and RTP transfers need on either side. */
export const MONEY_CAPABILITIES = ['wallet.balance', 'collect-funds.card-payments', 'money-transfer.pull-from-card', 'send-funds.push-to-card', 'send-funds.rtp', 'send-funds.instant-bank'];

/** A business that meets every requirement of the capabilities above (card acceptance needs a business and an MCC). */
export function completeBusiness(capabilities: string[]) {
  return business(
    { termsOfService: manualTerms(), capabilities },
    {
      businessType: 'soleProprietorship',
      phone: { number: '3035551234', countryCode: '1' },
      address: { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
      taxID: { ein: { number: '12-3456789' } },
      website: 'https://shop.example.com',
      industryCodes: { mcc: '5812' },
    },
  );
}

export async function moneyWallet(s: TestServer, cents = 0, capabilities = MONEY_CAPABILITIES): Promise<WalletParty> {
  const account = await create(s, completeBusiness(capabilities));
  // Money-moving capabilities of a business also need its underwriting (decision 1703).
  await submitUnderwriting(s, account.accountID);
  const statuses = await capabilityStatuses(s, account.accountID);
  const due = capabilities.filter((c) => statuses[c] !== 'enabled');
  if (due.length > 0) throw new Error(`capabilities not enabled: ${JSON.stringify(due)}`);
  const wallets = await s.request('GET', `/accounts/${account.accountID}/wallets`, { headers: V2026 });
  const walletID = wallets.json[0].walletID as string;
  const methods = await s.request('GET', `/accounts/${account.accountID}/payment-methods?paymentMethodType=moov-wallet`, { headers: V2026 });
  if (cents > 0) await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: account.accountID, walletID, cents });
  return { accountID: account.accountID, walletID, paymentMethodID: methods.json[0].paymentMethodID as string };
}

export interface SourceMethod {
  accountID: string;
  sourceID: string;
  paymentMethodID: string;
}

/** The payment method of `type` that a source of the account yields; throws when there is none. */
export async function methodOf(s: TestServer, accountID: string, sourceID: string, type: string): Promise<string> {
  const methods = await s.request('GET', `/accounts/${accountID}/payment-methods?paymentMethodType=${type}`, { headers: V2026 });
  const found = (methods.json as any[]).find((m) => (m.card?.cardID ?? m.bankAccount?.bankAccountID) === sourceID);
  if (!found) throw new Error(`no ${type} payment method for ${sourceID}: ${JSON.stringify(methods.json)}`);
  return found.paymentMethodID as string;
}

/** Links a card (overrides of docs/sandbox.md values) on a new account; answers its `type` payment method. */
export async function cardMethod(s: TestServer, type: string, overrides: Record<string, unknown> = {}): Promise<SourceMethod> {
  const account = await create(s, completeIndividual(['money-transfer.pull-from-card', 'money-transfer.push-to-card']));
  const linked = await s.request('POST', `/accounts/${account.accountID}/cards`, { body: cardBody(overrides), headers: V2026 });
  if (linked.status !== 200) throw new Error(`link card answered ${linked.status}: ${linked.text}`);
  const cardID = linked.json.cardID as string;
  return { accountID: account.accountID, sourceID: cardID, paymentMethodID: await methodOf(s, account.accountID, cardID, type) };
}

/** Links a bank account (Chase by default: RTP-eligible) on a new account; answers its `type` payment method. */
export async function bankMethod(s: TestServer, type: string, overrides: Record<string, unknown> = {}): Promise<SourceMethod> {
  const account = await create(s, individual());
  const linked = await s.request('POST', `/accounts/${account.accountID}/bank-accounts`, { body: accountPayload(overrides), headers: V2026 });
  if (linked.status !== 200) throw new Error(`link bank account answered ${linked.status}: ${linked.text}`);
  const bankAccountID = linked.json.bankAccountID as string;
  return { accountID: account.accountID, sourceID: bankAccountID, paymentMethodID: await methodOf(s, account.accountID, bankAccountID, type) };
}

export function body(sourcePM: string, destinationPM: string, cents: number, extra: Record<string, unknown> = {}) {
  return { source: { paymentMethodID: sourcePM }, destination: { paymentMethodID: destinationPM }, amount: { currency: 'USD', value: cents }, ...extra };
}

export async function getTransfer(s: TestServer, transferID: string, version = 'v2026.01.00') {
  const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`, { headers: { 'x-moov-version': version } });
  if (got.status !== 200) throw new Error(`get transfer answered ${got.status}: ${got.text}`);
  return got.json;
}

/** Moves the first platform's clock and runs the jobs that became due (the Railyard endpoint). */
export async function advance(s: TestServer, body: { seconds: number } | { until: string }): Promise<void> {
  const moved = await s.request('POST', '/railyard/clock/advance', { body, headers: V2026 });
  if (moved.status !== 200) throw new Error(`advance answered ${moved.status}: ${moved.text}`);
}

/** `transfer.updated` statuses of one transfer, oldest first. */
export async function updateStatuses(s: TestServer, transferID: string): Promise<string[]> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'transfer.updated' ORDER BY event_seq", [s.platform.accountID]),
  );
  return rows.map((r) => JSON.parse(r.data)).filter((d) => d.transferID === transferID).map((d) => d.status as string);
}

export { v2024TransferValidator } from '../support/transfers.ts';
