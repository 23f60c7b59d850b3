import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { AddCapabilitiesError, ListWalletsValidationError, ListWalletTransactionsValidationError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { fundWalletAsTransfer } from '../support/funding.ts';

// The official SDK (v2026.01.00) against a running server: every capabilities,
// wallets, wallet-transactions and payment-methods operation must answer
// shapes the SDK's own response schemas accept, errors included.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk capabilities, wallets, payment methods compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('runs every operation through the SDK', async () => {
      const person = await moov.accounts.create({
        accountType: 'individual',
        profile: { individual: { name: { firstName: 'Jordan', lastName: 'Lee' } } },
      });
      const accountID = person.result.accountID;

      const requested = await moov.capabilities.request({ accountID, addCapabilities: { capabilities: ['wallet.balance', 'send-funds.ach'] } });
      assert.deepEqual(requested.result.map((c) => c.status), ['pending', 'pending']);
      assert.ok(requested.result[0]!.createdOn instanceof Date);
      assert.ok(requested.result[0]!.requirements?.currentlyDue?.includes('account.tos-acceptance'));

      await moov.accounts.update({
        accountID,
        patchAccount: {
          profile: {
            individual: {
              email: 'jordan@example.com',
              address: { addressLine1: '123 Main Street', city: 'Boulder', stateOrProvince: 'CO', postalCode: '80301', country: 'US' },
              birthDate: { day: 9, month: 11, year: 1989 },
              governmentID: { ssn: { full: '123-45-6789' } },
            },
          },
          termsOfService: {
            manual: { acceptedDate: new Date(Date.now() - 60_000), acceptedIP: '203.0.113.7', acceptedUserAgent: 'Mozilla/5.0', acceptedDomain: 'https://app.example.com' },
          },
        },
      });
      const capabilities = await moov.capabilities.list({ accountID });
      assert.ok(capabilities.result.every((c) => c.status === 'enabled'));
      const one = await moov.capabilities.get({ accountID, capabilityID: 'send-funds.ach' });
      assert.equal(one.result.status, 'enabled');
      await moov.capabilities.disable({ accountID, capabilityID: 'send-funds.ach' });
      await moov.capabilities.disable({ accountID, capabilityID: 'send-funds.ach' });
      const disabled = await moov.capabilities.get({ accountID, capabilityID: 'send-funds.ach' });
      assert.equal(disabled.result.status, 'disabled');
      assert.ok(disabled.result.disabledOn instanceof Date);

      const wallets = await moov.wallets.list({ accountID });
      assert.equal(wallets.result.length, 1);
      const defaultWallet = wallets.result[0]!;
      await fundWalletAsTransfer(s, accountID, defaultWallet.walletID, 4_200);
      const got = await moov.wallets.get({ accountID, walletID: defaultWallet.walletID });
      assert.deepEqual(got.result.availableBalance, { currency: 'USD', value: 4_200, valueDecimal: '42.00' });
      assert.ok(got.result.createdOn instanceof Date);

      const created = await moov.wallets.create({ accountID, createWallet: { name: 'Savings', description: 'rainy days', metadata: { goal: 'car' } } });
      assert.equal(created.result.walletType, 'general');
      const closed = await moov.wallets.update({ accountID, walletID: created.result.walletID, patchWallet: { status: 'closed' } });
      assert.equal(closed.result.status, 'closed');
      assert.ok(closed.result.closedOn instanceof Date);
      const filtered = await moov.wallets.list({ accountID, status: 'active', walletType: 'default', skip: 0, count: 10 });
      assert.deepEqual(filtered.result.map((w) => w.walletID), [defaultWallet.walletID]);

      const transactions = await moov.walletTransactions.list({
        accountID,
        walletID: defaultWallet.walletID,
        transactionTypes: ['account-funding', 'payout'],
        status: 'completed',
        createdStartDateTime: new Date('2000-01-01T00:00:00Z'),
        createdEndDateTime: new Date('2999-01-01T00:00:00Z'),
        skip: 0,
        count: 50,
      });
      assert.equal(transactions.result.length, 1);
      assert.equal(transactions.result[0]!.transactionType, 'account-funding');
      assert.ok(transactions.result[0]!.completedOn instanceof Date);
      const transaction = await moov.walletTransactions.get({ accountID, walletID: defaultWallet.walletID, transactionID: transactions.result[0]!.transactionID });
      assert.equal(transaction.result.netAmount, 4_200);

      const methods = await moov.paymentMethods.list({ accountID, paymentMethodType: 'moov-wallet' });
      assert.equal(methods.result.length, 1);
      const method = methods.result[0]!;
      assert.equal(method.paymentMethodType, 'moov-wallet');
      const gotMethod = await moov.paymentMethods.get({ accountID, paymentMethodID: method.paymentMethodID });
      assert.deepEqual(gotMethod.result, method);
      const bySource = await moov.paymentMethods.list({ accountID, sourceID: defaultWallet.walletID });
      assert.equal(bySource.result.length, 1);
    });

    it('422s parse as the SDK’s own error types', async () => {
      const accountID = (await moov.accounts.create({ accountType: 'individual', profile: { individual: { name: { firstName: 'A', lastName: 'B' } } } })).result.accountID;
      await assert.rejects(
        moov.capabilities.request({ accountID, addCapabilities: { capabilities: ['wallet', 'production-app'] } }),
        (error: unknown) => error instanceof AddCapabilitiesError && error.data$.capabilities?.['1'] === 'is managed by Moov and cannot be requested',
      );
      await assert.rejects(
        moov.capabilities.request({ accountID, addCapabilities: { capabilities: [] } }),
        (error: unknown) => error instanceof AddCapabilitiesError && typeof error.data$.error === 'string',
      );
      await assert.rejects(
        moov.wallets.list({ accountID, count: 500 }),
        (error: unknown) => error instanceof ListWalletsValidationError && typeof error.data$.count === 'string',
      );
      const own = s.platform.accountID;
      const walletID = (await moov.wallets.list({ accountID: own })).result[0]!.walletID;
      await assert.rejects(
        moov.walletTransactions.list({ accountID: own, walletID, count: 201 }),
        (error: unknown) => error instanceof ListWalletTransactionsValidationError && typeof error.data$.count === 'string',
      );
    });
  });
}
