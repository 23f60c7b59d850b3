// Setup of the transfer scenarios, through Railyard's HTTP API as a platform
// would do it. `transfers.create`: the bootstrapped platform's own default
// wallet is the one source, a second account owns the one destination (every
// create takes the same two wallets: the hot-account case). `transfers.spread`:
// W pairs of accounts, each with its own source and destination wallet, so
// concurrent creates take different wallets. Every account but the platform has
// the `wallet.balance` capability (which brings `transfers` and `wallet`).
// Funding a source has no API yet, so it is a bench-only ledger entry
// (tools/fund-wallet.ts).

const V2026 = { 'x-moov-version': 'v2026.01.00', 'content-type': 'application/json' };

/** An account's default wallet and its `moov-wallet` payment method. */
export interface WalletEnd {
  accountID: string;
  walletID: string;
  paymentMethodID: string;
}

/** Where one transfer of a scenario goes: source wallet → destination wallet. */
export interface TransferPair {
  source: WalletEnd;
  destination: WalletEnd;
}

/** How many account creations the spread setup runs at once. */
const SETUP_CONCURRENCY = 8;

async function call(url: string, auth: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await fetch(url + path, {
    method,
    headers: { ...V2026, authorization: auth },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench setup: ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** The default wallet and its `moov-wallet` payment method of `accountID`. */
async function walletOf(url: string, auth: string, accountID: string): Promise<WalletEnd> {
  const wallets = await call(url, auth, 'GET', `/accounts/${accountID}/wallets`);
  const methods = await call(url, auth, 'GET', `/accounts/${accountID}/payment-methods?paymentMethodType=moov-wallet`);
  if (!wallets[0] || !methods[0]) throw new Error(`bench setup: account ${accountID} has no wallet`);
  return { accountID, walletID: wallets[0].walletID as string, paymentMethodID: methods[0].paymentMethodID as string };
}

/** A new individual account with the `wallet.balance` capability (complete profile, accepted terms), and its wallet. */
async function walletAccount(url: string, auth: string, firstName: string): Promise<WalletEnd> {
  const account = await call(url, auth, 'POST', '/accounts', {
    accountType: 'individual',
    profile: {
      individual: {
        name: { firstName, lastName: 'Payee' },
        email: 'payee@example.com',
        address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
        birthDate: { day: 9, month: 11, year: 1989 },
        governmentID: { ssn: { full: '123-45-6789' } },
      },
    },
    termsOfService: {
      manual: {
        acceptedDate: new Date(Date.now() - 86_400_000).toISOString(),
        acceptedIP: '203.0.113.7',
        acceptedUserAgent: 'railyard-bench',
        acceptedDomain: 'https://bench.example.com',
      },
    },
    capabilities: ['wallet.balance'],
  });
  return walletOf(url, auth, account.accountID as string);
}

/** `transfers.create`: the platform's own wallet → one new account's wallet. */
export async function setUpHotPair(url: string, auth: string, platformID: string): Promise<TransferPair[]> {
  return [{ source: await walletOf(url, auth, platformID), destination: await walletAccount(url, auth, 'Bench') }];
}

/** `transfers.spread`: `count` pairs of new accounts, no wallet in two pairs. */
export async function setUpSpreadPairs(url: string, auth: string, count: number): Promise<TransferPair[]> {
  const ends: WalletEnd[] = new Array(count * 2);
  let next = 0;
  const worker = async () => {
    while (next < ends.length) {
      const i = next++;
      ends[i] = await walletAccount(url, auth, `${i % 2 === 0 ? 'Source' : 'Destination'}${i >> 1}`);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  return Array.from({ length: count }, (_, i) => ({ source: ends[2 * i]!, destination: ends[2 * i + 1]! }));
}
