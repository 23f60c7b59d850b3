import { randomUUID } from 'node:crypto';
import type { TestPlatform, TestServer } from './server.ts';
import { fundWalletFromOutside } from './funding.ts';

/**
 * Resources the authorization and isolation matrix (test/matrix/) fills path
 * parameters with, one table keyed by path-parameter name. For every operation
 * of the registry the matrix needs, per platform, a real value for each
 * `{name}` in its path; a new operation whose path names a parameter missing
 * here fails the matrix's coverage test, naming the parameter.
 *
 * To add one: an entry `fooID: { owner: …, create: async (p) => … }` that
 * makes the resource for platform `p` through the public API (`p.call`, as
 * that platform, with its API key and `X-Moov-Version: v2026.01.00`) and
 * answers its ID. Other seeds are available through `p.need('walletID')`
 * (created once per platform, shared by every caller). Keep seeds cheap and
 * independent of one another's later fate: the matrix never deletes them
 * until its last phase.
 */

/** The API as one platform: answers the JSON of a 2xx, throws with the answer otherwise. */
export type PlatformCall = (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => Promise<any>;

export interface SeedPlatform {
  /** The platform's own (facilitator) account: the partner account of transfer paths. */
  platformAccountID: string;
  platform: TestPlatform;
  server: TestServer;
  call: PlatformCall;
  /** Another seed's value for this platform, created on first use. */
  need(name: string): Promise<string>;
}

export interface Seed {
  /**
   * The account whose path the resource lives under (`/accounts/{accountID}/…`):
   * `customer` for the seeded customer account (the `accountID` seed),
   * `platform` for the platform's own account (transfers and what hangs off
   * them name the partner account), `none` when no account path holds it.
   */
  owner: 'customer' | 'platform' | 'none';
  /**
   * True when the value names a kind of thing rather than one platform's
   * resource (a capability name): the same value is valid for every
   * platform, so the matrix never sends it as "another platform's ID".
   */
  shared?: boolean;
  /** A well-formed value that names nothing (default: a fresh UUID). */
  unknown?: () => string;
  /**
   * Other path parameters this one depends on, by the seed that fills them in
   * a path holding this parameter: a cancellation's path must name the
   * transfer it cancels (`{ transferID: 'canceledTransferID' }`).
   */
  context?: Record<string, string>;
  create(p: SeedPlatform): Promise<string>;
}

const TERMS = {
  manual: {
    acceptedDate: '2025-01-02T03:04:05.000Z',
    acceptedIP: '203.0.113.7',
    acceptedUserAgent: 'Mozilla/5.0',
    acceptedDomain: 'https://app.example.com',
  },
};

/** Capabilities the seeded accounts hold: wallets, card payments and pulls, pushes (docs/capabilities.md). */
export const SEED_CAPABILITIES = [
  'wallet.balance',
  'collect-funds.card-payments',
  'money-transfer.pull-from-card',
  'send-funds.push-to-card',
  'send-funds.rtp',
  'send-funds.instant-bank',
];

/** A business meeting every requirement of SEED_CAPABILITIES, so each is enabled at creation. */
export function seedBusiness(name: string) {
  return {
    accountType: 'business',
    profile: {
      business: {
        legalBusinessName: name,
        businessType: 'soleProprietorship',
        phone: { number: '3035551234', countryCode: '1' },
        address: { addressLine1: '9 Elm St', city: 'Denver', stateOrProvince: 'CO', postalCode: '80202', country: 'US' },
        taxID: { ein: { number: '12-3456789' } },
        website: 'https://shop.example.com',
        industryCodes: { mcc: '5812' },
      },
    },
    termsOfService: TERMS,
    capabilities: SEED_CAPABILITIES,
  };
}

const activity = { averageTransactionAmount: 2_500, maximumTransactionAmount: 50_000, monthlyVolumeRange: '10k-50k' };

/**
 * Underwriting that meets every requirement of SEED_CAPABILITIES for a sole
 * proprietorship (docs/onboarding.md): US only, not yet taking cards, so no
 * processing statements are due.
 */
export const SEED_UNDERWRITING = {
  geographicReach: 'us-only',
  businessPresence: 'retail-storefront',
  collectFunds: {
    cardPayments: {
      cardAcceptanceMethods: { inPersonPercentage: 70, mailOrPhonePercentage: 0, onlinePercentage: 30 },
      currentlyAcceptsCards: false,
      estimatedActivity: activity,
      fulfillment: { method: 'local-pickup-or-delivery', timeframe: 'immediate' },
      refundPolicy: 'full-refund-within-30-days',
    },
  },
  moneyTransfer: { pullFromCard: { estimatedActivity: activity } },
  sendFunds: { pushToCard: { estimatedActivity: activity }, rtp: { estimatedActivity: activity } },
};

/** A complete controller, for a business's representatives. */
export function seedRepresentative() {
  return {
    name: { firstName: 'Dana', lastName: 'Reyes' },
    email: 'dana@matrix.example.com',
    phone: { number: '3035550100', countryCode: '1' },
    address: { addressLine1: '12 Oak Ave', city: 'Denver', stateOrProvince: 'CO', postalCode: '80203', country: 'US' },
    birthDate: { day: 14, month: 2, year: 1980 },
    governmentID: { ssn: { full: '123-45-6789' } },
    responsibilities: { isController: true, isOwner: false, jobTitle: 'CEO' },
  };
}

/** The smallest PDF the file upload accepts (its signature is what the server checks). */
export const SEED_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A `multipart/form-data` body by hand (light-my-request takes bytes), with one file part and text parts. */
export function multipartBody(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }): { contentType: string; payload: Buffer } {
  const boundary = `matrix-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

/** The documented sandbox Visa (docs/sandbox.md). */
export const SEED_CARD = {
  cardNumber: '4111111111111111',
  cardCvv: '123',
  expiration: { month: '09', year: '35' },
  billingAddress: { addressLine1: '123 Main Street', postalCode: '80301' },
};

/** A Chase routing number from the built-in directory (RTP and FedNow capable). */
export function seedBankAccount(accountNumber: string) {
  return {
    account: { holderName: 'Jules Jackson', holderType: 'individual', accountNumber, bankAccountType: 'checking', routingNumber: '021000021' },
  };
}

export function seedWebhook() {
  // Port 9 (discard) is closed on a test machine: a send fails at once, and never leaves the machine.
  return { url: 'http://127.0.0.1:9/matrix', status: 'enabled', eventTypes: ['transfer.created'], description: 'matrix' };
}

/** A business of the platform with every SEED_CAPABILITIES capability enabled: created, then underwritten. */
async function onboardedBusiness(p: SeedPlatform, name: string): Promise<string> {
  const accountID = (await p.call('POST', '/accounts', { body: seedBusiness(name) })).accountID as string;
  await p.call('POST', `/accounts/${accountID}/underwriting`, { body: SEED_UNDERWRITING });
  return accountID;
}

async function walletOf(p: SeedPlatform, accountID: string): Promise<string> {
  const wallets = await p.call('GET', `/accounts/${accountID}/wallets`);
  return wallets[0].walletID as string;
}

async function methodOf(p: SeedPlatform, accountID: string, type: string, sourceID?: string): Promise<string> {
  const methods = (await p.call('GET', `/accounts/${accountID}/payment-methods?paymentMethodType=${type}`)) as any[];
  const found = methods.find((m) => sourceID === undefined || (m.card?.cardID ?? m.bankAccount?.bankAccountID ?? m.wallet?.walletID) === sourceID);
  if (!found) throw new Error(`no ${type} payment method${sourceID ? ` for ${sourceID}` : ''} on ${accountID}: ${JSON.stringify(methods)}`);
  return found.paymentMethodID as string;
}

async function transfer(p: SeedPlatform, sourcePM: string, destinationPM: string, cents: number): Promise<any> {
  return p.call('POST', `/accounts/${p.platformAccountID}/transfers`, {
    body: { source: { paymentMethodID: sourcePM }, destination: { paymentMethodID: destinationPM }, amount: { currency: 'USD', value: cents }, description: 'matrix' },
    headers: { 'x-idempotency-key': randomUUID(), 'x-wait-for': 'rail-response' },
  });
}

/** POSTs a PDF as `multipart/form-data` with text `fields`, as the platform; answers the JSON of a 200. */
async function upload(p: SeedPlatform, path: string, fields: Record<string, string>, name: string): Promise<any> {
  const { contentType, payload } = multipartBody(fields, { name, type: 'application/pdf', bytes: SEED_PDF });
  const response = await p.server.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: p.platform.basic, 'x-moov-version': 'v2026.01.00', 'content-type': contentType },
    payload,
  });
  if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`seeding POST ${path} (multipart) answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  return response.json();
}

/** A card payment of $66.01, disputed once the clock has moved 7 s (docs/disputes.md): answers the dispute's ID. */
async function disputedPayment(p: SeedPlatform): Promise<string> {
  await p.need('cancellationID');
  const accountID = await p.need('accountID');
  const cardMethod = await methodOf(p, accountID, 'card-payment', await p.need('cardID'));
  const payment = await transfer(p, cardMethod, await p.need('payeePaymentMethodID'), 6_601);
  await p.call('POST', '/railyard/clock/advance', { body: { seconds: 7 } });
  const disputes = (await p.call('GET', `/accounts/${p.platformAccountID}/disputes?transferIDs=${payment.transferID}`)) as any[];
  if (disputes.length !== 1) throw new Error(`the $66.01 payment ${payment.transferID} was not disputed: ${JSON.stringify(disputes)}`);
  return disputes[0].disputeID as string;
}

/**
 * The table. Names that are not path parameters (`payeeAccountID`,
 * `eventID`, …) are helpers other seeds and request bodies use.
 */
export const SEEDS: Record<string, Seed> = {
  /** The customer account every account-bound resource hangs off: a complete business connected to the platform. */
  accountID: {
    owner: 'customer',
    create: async (p) => onboardedBusiness(p, 'Matrix Customer LLC'),
  },
  /** A second account of the platform, the other side of transfers. */
  payeeAccountID: {
    owner: 'none',
    create: async (p) => onboardedBusiness(p, 'Matrix Payee LLC'),
  },
  capabilityID: {
    owner: 'customer',
    shared: true,
    unknown: () => 'wallet.balance',
    create: async (p) => {
      await p.need('accountID');
      return 'wallet.balance';
    },
  },
  walletID: {
    owner: 'customer',
    create: async (p) => walletOf(p, await p.need('accountID')),
  },
  /** The customer wallet's `moov-wallet` payment method, funded so transfers from it complete. */
  paymentMethodID: {
    owner: 'customer',
    create: async (p) => methodOf(p, await p.need('accountID'), 'moov-wallet'),
  },
  /** A wallet transaction: the sandbox funding of the customer's wallet (no API moves money in from outside yet). */
  transactionID: {
    owner: 'customer',
    create: async (p) => {
      const accountID = await p.need('accountID');
      const walletID = await p.need('walletID');
      await p.need('fundedWallet');
      const transactions = (await p.call('GET', `/accounts/${accountID}/wallets/${walletID}/transactions`)) as any[];
      if (transactions.length === 0) throw new Error('the funded wallet lists no transaction');
      return transactions[transactions.length - 1].transactionID as string;
    },
  },
  fundedWallet: {
    owner: 'none',
    create: async (p) => {
      const accountID = await p.need('accountID');
      const walletID = await p.need('walletID');
      return fundWalletFromOutside(p.server.testStore.store, p.server.services.clock, { accountID, walletID, cents: 100_000 });
    },
  },
  payeePaymentMethodID: {
    owner: 'none',
    create: async (p) => methodOf(p, await p.need('payeeAccountID'), 'moov-wallet'),
  },
  cardID: {
    owner: 'customer',
    create: async (p) => (await p.call('POST', `/accounts/${await p.need('accountID')}/cards`, { body: SEED_CARD })).cardID,
  },
  bankAccountID: {
    owner: 'customer',
    create: async (p) => (await p.call('POST', `/accounts/${await p.need('accountID')}/bank-accounts`, { body: seedBankAccount('0004321567000') })).bankAccountID,
  },
  /** A bank account of its own for the micro-deposit operations. */
  microDepositBankAccountID: {
    owner: 'customer',
    create: async (p) => (await p.call('POST', `/accounts/${await p.need('accountID')}/bank-accounts`, { body: seedBankAccount('0004321567001') })).bankAccountID,
  },
  /** A bank account of its own for the instant verification operations, its verification started (so there is one to read). */
  verifiedBankAccountID: {
    owner: 'customer',
    create: async (p) => {
      const accountID = await p.need('accountID');
      const bankAccountID = (await p.call('POST', `/accounts/${accountID}/bank-accounts`, { body: seedBankAccount('0004321567002') })).bankAccountID;
      await p.call('POST', `/accounts/${accountID}/bank-accounts/${bankAccountID}/verify`);
      return bankAccountID as string;
    },
  },
  /** A completed wallet-to-wallet transfer, customer → payee. */
  transferID: {
    owner: 'platform',
    create: async (p) => {
      await p.need('fundedWallet');
      const created = await transfer(p, await p.need('paymentMethodID'), await p.need('payeePaymentMethodID'), 1_000);
      return created.transferID as string;
    },
  },
  /**
   * A card payment (customer's card → payee's wallet), canceled: it stays
   * `confirmed` while the platform clock stands still (the matrix's server
   * uses a standing clock), so the cancellation completes at once.
   */
  canceledTransferID: {
    owner: 'platform',
    create: async (p) => {
      const accountID = await p.need('accountID');
      const cardMethod = await methodOf(p, accountID, 'card-payment', await p.need('cardID'));
      const payment = await transfer(p, cardMethod, await p.need('payeePaymentMethodID'), 2_500);
      return payment.transferID as string;
    },
  },
  cancellationID: {
    owner: 'platform',
    context: { transferID: 'canceledTransferID' },
    create: async (p) => {
      const transferID = await p.need('canceledTransferID');
      const cancellation = await p.call('POST', `/accounts/${p.platformAccountID}/transfers/${transferID}/cancellations`);
      return cancellation.cancellationID as string;
    },
  },
  /**
   * A card payment (customer's card → payee's wallet) that settled and was
   * credited: refundable. The platform clock is advanced 2 s for it, after the
   * canceled payment's cancellation, which needs the clock standing.
   */
  refundedTransferID: {
    owner: 'platform',
    create: async (p) => {
      await p.need('cancellationID');
      const accountID = await p.need('accountID');
      const cardMethod = await methodOf(p, accountID, 'card-payment', await p.need('cardID'));
      const payment = await transfer(p, cardMethod, await p.need('payeePaymentMethodID'), 3_000);
      await p.call('POST', '/railyard/clock/advance', { body: { seconds: 2 } });
      return payment.transferID as string;
    },
  },
  /** A partial refund of the refunded card payment (docs/refunds.md). */
  refundID: {
    owner: 'platform',
    context: { transferID: 'refundedTransferID' },
    create: async (p) => {
      const transferID = await p.need('refundedTransferID');
      const refund = await p.call('POST', `/accounts/${p.platformAccountID}/transfers/${transferID}/refunds`, {
        body: { amount: 100 },
        headers: { 'x-idempotency-key': randomUUID() },
      });
      return refund.refundID as string;
    },
  },
  /** A Railyard-only adjustment of the customer's wallet (docs/refunds.md "Adjustments"). */
  adjustmentID: {
    owner: 'customer',
    create: async (p) => {
      const accountID = await p.need('accountID');
      const adjusted = await p.call('POST', `/railyard/accounts/${accountID}/adjustments`, { body: { walletID: await p.need('walletID'), amount: { currency: 'USD', value: 100 } } });
      return adjusted.adjustmentID as string;
    },
  },
  /**
   * A dispute: a card payment of $66.01 (the sandbox's chargeback amount,
   * docs/disputes.md) that completes and is disputed 5 s later, the clock
   * advanced 7 s for it, after the cancellation seed, which needs it standing.
   * Its account is the platform's own, which sees every dispute.
   */
  disputeID: {
    owner: 'platform',
    create: async (p) => disputedPayment(p),
  },
  /** A dispute of its own for `disputes.accept`, which closes it. */
  acceptedDisputeID: {
    owner: 'platform',
    create: async (p) => disputedPayment(p),
  },
  /** Text evidence on the dispute. */
  evidenceID: {
    owner: 'platform',
    create: async (p) => {
      const disputeID = await p.need('disputeID');
      const evidence = await p.call('POST', `/accounts/${p.platformAccountID}/disputes/${disputeID}/evidence-text`, {
        body: { text: 'Delivered to the customer in store.', evidenceType: 'customer-communication' },
      });
      return evidence.evidenceID as string;
    },
  },
  /** File evidence on the dispute (a PDF, multipart): the kind whose data can be read back. */
  fileEvidenceID: {
    owner: 'platform',
    create: async (p) => {
      const disputeID = await p.need('disputeID');
      const evidence = await upload(p, `/accounts/${p.platformAccountID}/disputes/${disputeID}/evidence-file`, { evidenceType: 'receipt' }, 'receipt.pdf');
      return evidence.evidenceID as string;
    },
  },
  receiptID: {
    owner: 'none',
    create: async (p) => {
      const sent = (await p.call('POST', '/receipts', {
        body: [{ kind: 'sale.customer.v1', email: 'buyer@example.com', forTransferID: await p.need('transferID') }],
      })) as any[];
      return sent[0].receiptID as string;
    },
  },
  representativeID: {
    owner: 'customer',
    create: async (p) => (await p.call('POST', `/accounts/${await p.need('accountID')}/representatives`, { body: seedRepresentative() })).representativeID,
  },
  /** A PDF uploaded to the customer account (multipart, so not through `p.call`). */
  fileID: {
    owner: 'customer',
    create: async (p) => {
      const file = await upload(p, `/accounts/${await p.need('accountID')}/files`, { filePurpose: 'identity_verification' }, 'matrix.pdf');
      return file.fileID as string;
    },
  },
  /** An onboarding invite's code (ten letters and digits, not a UUID). */
  code: {
    owner: 'none',
    unknown: () => 'Zz0Zz0Zz0Z',
    create: async (p) => (await p.call('POST', '/onboarding-invites', { body: { scopes: ['accounts.read'], capabilities: ['wallet.balance'], feePlanCodes: [] } })).code,
  },
  /** Avatars are drawn for any string: nothing a platform owns. */
  uniqueID: {
    owner: 'none',
    shared: true,
    unknown: () => 'matrix-avatar',
    create: async () => 'matrix-avatar',
  },
  /** A webhook pinged once (refused at once by the closed local port), so its delivery log shows an attempt. */
  webhookID: {
    owner: 'none',
    create: async (p) => {
      const webhookID = (await p.call('POST', '/webhooks', { body: seedWebhook() })).webhookID as string;
      await p.call('POST', `/webhooks/${webhookID}/ping`);
      return webhookID;
    },
  },
  /** One of the platform's recorded events (the seeds above record many). */
  eventID: {
    owner: 'none',
    create: async (p) => {
      await p.need('transferID');
      const events = (await p.call('GET', '/railyard/events')) as any;
      const list = (Array.isArray(events) ? events : events.events) as any[];
      // A transfer.created event: one the seeded webhook subscribes to, so it can be redelivered to it.
      const created = list?.find((event) => event.type === 'transfer.created' || event.eventType === 'transfer.created');
      if (!created) throw new Error(`no transfer.created event: ${JSON.stringify(events).slice(0, 500)}`);
      return created.eventID as string;
    },
  },
};

/** Seeds for a path parameter, or undefined: the matrix's coverage test names what is missing. */
export function seedFor(name: string): Seed | undefined {
  return Object.hasOwn(SEEDS, name) ? SEEDS[name] : undefined;
}

/** Every seed of one platform, created on demand and memoised, so concurrent callers share one creation. */
export class PlatformSeeds {
  private readonly made = new Map<string, Promise<string>>();
  /** Every JSON answer the platform got while seeding: the raw material of the leak check. */
  readonly answers: unknown[] = [];
  readonly p: SeedPlatform;

  constructor(server: TestServer, platform: TestPlatform) {
    const call: PlatformCall = async (method, path, options = {}) => {
      const response = await server.request(method, path, {
        auth: platform.basic,
        headers: { 'x-moov-version': 'v2026.01.00', ...(options.headers ?? {}) },
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
      if (response.status < 200 || response.status > 299) {
        throw new Error(`seeding ${method} ${path} as ${platform.accountID} answered ${response.status}: ${response.text.slice(0, 500)}`);
      }
      if (response.json !== undefined) this.answers.push(response.json);
      return response.json;
    };
    this.p = { platformAccountID: platform.accountID, platform, server, call, need: (name) => this.value(name) };
  }

  value(name: string): Promise<string> {
    let made = this.made.get(name);
    if (!made) {
      const seed = seedFor(name);
      if (!seed) return Promise.reject(new Error(`no seed named ${name} in test/support/matrix-seeds.ts`));
      made = seed.create(this.p);
      this.made.set(name, made);
    }
    return made;
  }

  /** The account a seeded resource's path names. */
  async accountOf(name: string): Promise<string | undefined> {
    const owner = seedFor(name)?.owner;
    if (owner === 'customer') return this.value('accountID');
    if (owner === 'platform') return this.p.platformAccountID;
    return undefined;
  }

  /**
   * Creates every seed of the table, one after another: on PostgreSQL, a card
   * and a bank account linked at once to one account once left the card
   * without its payment methods (each link's payment-method sync saw the
   * other's uncommitted state), and seeds are not the place to find that out.
   */
  async all(): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    for (const name of Object.keys(SEEDS)) values[name] = await this.value(name);
    return values;
  }
}
