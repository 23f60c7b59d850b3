import type { TestServer } from '../support/server.ts';
import { business, create, manualTerms } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import type { WalletParty } from '../support/transfers.ts';
import { capabilityStatuses, submitUnderwriting } from '../support/onboarding.ts';

// Shared with every feature's tests: test/support/ (import from there).
export { bankParty, type BankParty } from '../support/parties.ts';
export { methodTransferBody as achBody, getTransfer, updateStatuses } from '../support/transfers.ts';

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

/** Moves the platform's clock forward and runs what fell due (what `POST /railyard/clock/advance` does). */
export async function advance(s: TestServer, request: { seconds?: number; until?: string }): Promise<void> {
  await s.services.platformClock.advance(s.platform.accountID, request);
  await s.services.jobs.runDueJobs({ platformID: s.platform.accountID });
}
