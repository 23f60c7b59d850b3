import { randomUUID } from 'node:crypto';
import type { CapabilityIDValue } from '@railyard/contract';
import type { RailyardClient } from '../../../src/index.ts';
import type { TestServer } from '../../../../server/test/support/server.ts';
import { fundWalletFromOutside } from '../../../../server/test/support/funding.ts';

/*
 * State the money-moving exercises need, set up through the client wherever the
 * API can do it. Only wallet funding goes around the API (the server tests'
 * ledger helper), as no rail can fund a wallet at once.
 */

/** An individual meeting every requirement of the individual capabilities (docs/capabilities.md). */
export function completeIndividualBody(capabilities: CapabilityIDValue[] = [], tag = randomUUID().slice(0, 8)) {
  return {
    accountType: 'individual' as const,
    profile: {
      individual: {
        name: { firstName: 'Alex', lastName: 'Irwin' },
        email: `alex-${tag}@example.com`,
        address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
        birthDate: { day: 9, month: 11, year: 1989 },
        governmentID: { ssn: { full: '123-45-6789' } },
      },
    },
    termsOfService: {
      manual: {
        acceptedDate: new Date(Date.now() - 86_400_000).toISOString(),
        acceptedIP: '203.0.113.7',
        acceptedUserAgent: 'Mozilla/5.0',
        acceptedDomain: 'https://app.example.com',
      },
    },
    foreignID: `fid-${tag}`,
    capabilities,
  };
}

export interface WalletParty {
  accountID: string;
  walletID: string;
  /** The default wallet's `moov-wallet` payment method. */
  paymentMethodID: string;
}

/** An account with `wallet.balance` enabled, its default wallet (holding `cents`) and its wallet payment method. */
export async function walletParty(server: TestServer, client: RailyardClient, cents = 0): Promise<WalletParty> {
  const account = await client.accounts.create({ body: completeIndividualBody(['wallet.balance']) });
  const [wallet] = await client.wallets.list({ accountID: account.accountID, walletType: 'default' });
  if (!wallet) throw new Error('no default wallet after enabling wallet.balance');
  const [method] = await client.paymentMethods.list({ accountID: account.accountID, paymentMethodType: 'moov-wallet' });
  if (!method) throw new Error('no moov-wallet payment method');
  if (cents > 0) {
    await fundWalletFromOutside(server.testStore.store, server.services.clock, { accountID: account.accountID, walletID: wallet.walletID, cents });
  }
  return { accountID: account.accountID, walletID: wallet.walletID, paymentMethodID: method.paymentMethodID };
}

/** A Chase routing number from the built-in bank directory (reachable over RTP and FedNow). */
export const CHASE_ROUTING = '021000021';

export function bankAccountBody(accountNumber = '0004321567000') {
  return {
    account: { holderName: 'Jules Jackson', holderType: 'individual' as const, accountNumber, bankAccountType: 'checking' as const, routingNumber: CHASE_ROUTING },
  };
}

/** The documented sandbox Visa credit card, good for years. */
export function cardBody() {
  return {
    cardNumber: '4111111111111111',
    cardCvv: '123',
    expiration: { month: '09', year: '35' },
    billingAddress: { addressLine1: '123 Main Street', postalCode: '80301' },
  };
}

export function transferBody(from: WalletParty, to: WalletParty, cents: number, extra: { description?: string; foreignID?: string; metadata?: Record<string, string> } = {}) {
  return {
    source: { paymentMethodID: from.paymentMethodID },
    destination: { paymentMethodID: to.paymentMethodID },
    amount: { currency: 'USD' as const, value: cents },
    ...extra,
  };
}

/** Two wallet parties, the first holding `cents`, and a completed wallet-to-wallet transfer of `sent` between them. */
export async function completedTransfer(server: TestServer, client: RailyardClient, cents: number, sent: number, foreignID = `fid-${randomUUID()}`) {
  const alice = await walletParty(server, client, cents);
  const bob = await walletParty(server, client);
  const created = await client.transfers.create({
    accountID: server.platform.accountID,
    xIdempotencyKey: randomUUID(),
    body: transferBody(alice, bob, sent, { foreignID }),
  });
  return { alice, bob, transferID: created.transferID, foreignID };
}
