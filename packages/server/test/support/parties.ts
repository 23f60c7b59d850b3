import assert from 'node:assert/strict';
import type { TestServer } from './server.ts';
import { fundWalletFromOutside } from './funding.ts';
import { business, completeIndividual, create, individual, manualTerms } from './accounts.ts';
import { accountPayload, cardBody } from './sources.ts';
import { bankAccountPath, linkBankAccount } from './bank-accounts.ts';
import type { WalletParty } from './transfers.ts';
import { capabilityStatuses, submitUnderwriting } from './onboarding.ts';
import { V2026 } from './versions.ts';

// Accounts that move money on the rails, made through the API: a business
// wallet able to take cards and send RTP, a card or bank account's payment
// method on a new account, a wallet with a bank account (moved here from
// rails/helpers.ts and rails/ach-helpers.ts).

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

/** A complete business with `capabilities` all enabled (underwriting submitted), its wallet funded with `cents` from outside. */
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

/** An account with a wallet and a bank account; `verified` adds micro-deposit verification (debit methods). */
export interface BankParty extends WalletParty {
  bankAccountID: string;
  methods: Record<string, string>;
}

const BANK_PARTY_CAPABILITIES = ['wallet.balance', 'send-funds', 'collect-funds'];

/** An individual with a wallet (funded with `walletCents`) and a linked bank account, its payment methods by type. */
export async function bankParty(s: TestServer, options: { verified: boolean; walletCents?: number }): Promise<BankParty> {
  const account = await create(s, completeIndividual(BANK_PARTY_CAPABILITIES));
  const wallets = await s.request('GET', `/accounts/${account.accountID}/wallets`, { headers: V2026 });
  const walletID = wallets.json[0].walletID as string;
  const walletMethods = await s.request('GET', `/accounts/${account.accountID}/payment-methods?paymentMethodType=moov-wallet`, { headers: V2026 });
  const wallet: WalletParty = { accountID: account.accountID, walletID, paymentMethodID: walletMethods.json[0].paymentMethodID as string };
  if (options.walletCents) await fundWalletFromOutside(s.testStore.store, s.services.clock, { accountID: account.accountID, walletID, cents: options.walletCents });
  const bank = await linkBankAccount(s, wallet.accountID);
  if (options.verified) {
    assert.equal((await s.request('POST', bankAccountPath(wallet.accountID, bank.bankAccountID, '/micro-deposits'), { headers: V2026 })).status, 204);
    assert.equal((await s.request('PUT', bankAccountPath(wallet.accountID, bank.bankAccountID, '/micro-deposits'), { headers: V2026, body: { amounts: [0, 0] } })).status, 200);
  }
  const listed = await s.request('GET', `/accounts/${wallet.accountID}/payment-methods`, { headers: V2026 });
  const methods: Record<string, string> = {};
  for (const m of listed.json as Array<{ paymentMethodID: string; paymentMethodType: string; bankAccount?: { bankAccountID: string } }>) {
    if (m.bankAccount?.bankAccountID === bank.bankAccountID) methods[m.paymentMethodType] = m.paymentMethodID;
  }
  return { ...wallet, bankAccountID: bank.bankAccountID, methods };
}
