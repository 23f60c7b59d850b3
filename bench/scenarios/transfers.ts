// Setup of the `transfers.create` scenario, through Railyard's HTTP API as a
// platform would do it: the bootstrapped platform's own default wallet is the
// source, a second account (with the `wallet.balance` capability, which brings
// `transfers` and `wallet`) owns the destination wallet. Funding the source has
// no API yet, so it is a bench-only ledger entry (tools/fund-wallet.ts).

const V2026 = { 'x-moov-version': 'v2026.01.00', 'content-type': 'application/json' };

export interface TransferParties {
  platformID: string;
  sourceWalletID: string;
  sourcePaymentMethodID: string;
  destinationPaymentMethodID: string;
}

async function call(url: string, auth: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await fetch(url + path, {
    method,
    headers: { ...V2026, authorization: auth },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`bench setup: ${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A wallet and its `moov-wallet` payment method for `accountID` (the account's default wallet). */
async function walletOf(url: string, auth: string, accountID: string): Promise<{ walletID: string; paymentMethodID: string }> {
  const wallets = await call(url, auth, 'GET', `/accounts/${accountID}/wallets`);
  const methods = await call(url, auth, 'GET', `/accounts/${accountID}/payment-methods?paymentMethodType=moov-wallet`);
  if (!wallets[0] || !methods[0]) throw new Error(`bench setup: account ${accountID} has no wallet`);
  return { walletID: wallets[0].walletID as string, paymentMethodID: methods[0].paymentMethodID as string };
}

export async function setUpTransferParties(url: string, auth: string, platformID: string): Promise<TransferParties> {
  const source = await walletOf(url, auth, platformID);
  const account = await call(url, auth, 'POST', '/accounts', {
    accountType: 'individual',
    profile: {
      individual: {
        name: { firstName: 'Bench', lastName: 'Payee' },
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
  const destination = await walletOf(url, auth, account.accountID as string);
  return {
    platformID,
    sourceWalletID: source.walletID,
    sourcePaymentMethodID: source.paymentMethodID,
    destinationPaymentMethodID: destination.paymentMethodID,
  };
}
