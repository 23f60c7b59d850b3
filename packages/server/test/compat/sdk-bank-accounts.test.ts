import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { BankAccountValidationError, GenericError, MicroDepositValidationError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { createAccountHolder } from '../support/bank-accounts.ts';

// The official SDK (v2026.01.00) against a running server: every bank-account
// operation answers shapes the SDK's own schemas accept, errors included.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk bank accounts compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    const account = { holderName: 'Jules Jackson', holderType: 'individual', accountNumber: '0004321567000', bankAccountType: 'checking', routingNumber: '021000021' } as const;

    it('runs every bank-account operation through the SDK', async () => {
      const accountID = await createAccountHolder(s);
      const linked = await moov.bankAccounts.link({ accountID, xWaitFor: 'payment-method', linkBankAccount: { account } });
      const bankAccountID = linked.result.bankAccountID;
      assert.equal(linked.result.lastFourAccountNumber, '7000');
      assert.ok(linked.result.updatedOn instanceof Date);
      assert.ok((linked.result.paymentMethods ?? []).length >= 2);

      const listed = await moov.bankAccounts.list({ accountID });
      assert.deepEqual(listed.result.map((b) => b.bankAccountID), [bankAccountID]);
      assert.equal((await moov.bankAccounts.get({ accountID, bankAccountID })).result.status, 'new');

      await moov.bankAccounts.initiateMicroDeposits({ accountID, bankAccountID });
      const completed = await moov.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, completeMicroDeposits: { amounts: [0, 0] } });
      assert.equal(completed.result.status, 'verified');

      const second = await moov.bankAccounts.link({ accountID, linkBankAccount: { account: { ...account, accountNumber: '55501234' } } });
      const secondID = second.result.bankAccountID;
      const started = await moov.bankAccounts.initiateVerification({ accountID, bankAccountID: secondID, xWaitFor: 'rail-response' });
      assert.deepEqual(started.result, { verificationMethod: 'instant', status: 'sent-credit' });
      const got = await moov.bankAccounts.getVerification({ accountID, bankAccountID: secondID });
      assert.equal(got.result.status, 'sent-credit');
      const done = await moov.bankAccounts.completeVerification({ accountID, bankAccountID: secondID, completeBankAccountVerification: { code: 'MV0000' } });
      assert.equal(done.result.status, 'successful');

      await moov.bankAccounts.disable({ accountID, bankAccountID: secondID });
      assert.deepEqual((await moov.bankAccounts.list({ accountID })).result.map((b) => b.bankAccountID), [bankAccountID]);
    });

    it('parses the error bodies as the SDK’s error types', async () => {
      const accountID = await createAccountHolder(s);
      await assert.rejects(
        moov.bankAccounts.link({ accountID, linkBankAccount: { account: { ...account, routingNumber: '123456789' } } }),
        (error: unknown) => error instanceof BankAccountValidationError && /routingNumber/.test(error.account ?? ''),
      );
      await assert.rejects(
        moov.bankAccounts.link({ accountID, linkBankAccount: { mx: { authorizationCode: 'abc' } } }),
        (error: unknown) => error instanceof BankAccountValidationError && /MX is not available/.test(error.mx ?? ''),
      );
      const linked = await moov.bankAccounts.link({ accountID, linkBankAccount: { account } });
      const bankAccountID = linked.result.bankAccountID;
      await assert.rejects(
        moov.bankAccounts.link({ accountID, linkBankAccount: { account } }),
        (error: unknown) => error instanceof GenericError && error.error.includes(bankAccountID),
      );
      await assert.rejects(
        moov.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, completeMicroDeposits: { amounts: [0, 0] } }),
        (error: unknown) => error instanceof GenericError,
      );
      await moov.bankAccounts.initiateMicroDeposits({ accountID, bankAccountID });
      await assert.rejects(
        moov.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, completeMicroDeposits: { amounts: [60, 1] } }),
        (error: unknown) => error instanceof MicroDepositValidationError && typeof error.amounts === 'string',
      );
      await assert.rejects(
        moov.bankAccounts.completeMicroDeposits({ accountID, bankAccountID, completeMicroDeposits: { amounts: [3, 4] } }),
        (error: unknown) => error instanceof GenericError && /tries left/.test(error.error),
      );
      const other = await moov.bankAccounts.link({ accountID, linkBankAccount: { account: { ...account, accountNumber: '77778888' } } });
      await moov.bankAccounts.initiateVerification({ accountID, bankAccountID: other.result.bankAccountID });
      await assert.rejects(
        moov.bankAccounts.completeVerification({ accountID, bankAccountID: other.result.bankAccountID, completeBankAccountVerification: { code: 'nope' } }),
        (error: unknown) => error instanceof GenericError && error.statusCode === 422,
      );
    });
  });
}
