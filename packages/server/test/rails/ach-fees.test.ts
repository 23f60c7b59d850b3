import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findLedgerAccountByOwner, type LedgerAccountKind } from '../../src/ledger/index.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { advance, bankParty, getTransfer } from './ach-helpers.ts';

// A facilitator fee on ACH transfers (docs/transfers.md: the fee comes out of
// what the destination receives and lands in the platform's `fees` ledger
// account, at completion; a return gives it back). Fast pacing.
for (const kind of await storeKinds()) {
  describe(`ACH facilitator fees (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    /** Available balance of a ledger account found by owner; 0 before it is opened. */
    const ledgerBalance = async (accountKind: LedgerAccountKind, ownerID: string) => {
      const account = await s.testStore.store.read((sql) => findLedgerAccountByOwner(sql, s.platform.accountID, accountKind, ownerID, 'USD'));
      return account?.available ?? 0;
    };
    const platformFees = () => ledgerBalance('fees', s.platform.accountID);
    const bankMirror = (bankAccountID: string) => ledgerBalance('bank-account', bankAccountID);

    it('wallet → ACH credit: the wallet pays the amount, the bank account gets it net, the platform the fee', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const feesBefore = await platformFees();
      const created = await postTransfer(
        s,
        { source: { paymentMethodID: payer.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-standard'] }, amount: { currency: 'USD', value: 4_000 }, facilitatorFee: { total: 125 } },
        { waitFor: 'rail-response' },
      );
      assert.equal(created.status, 200, created.text);
      assert.deepEqual(created.json.facilitatorFee, { total: 125 });
      assert.equal(await balance(s, payer), 6_000, 'the whole amount is held at creation');
      assert.equal(await platformFees(), feesBefore, 'no fee before completion');
      await advance(s, { seconds: 3 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.deepEqual(done.facilitatorFee, { total: 125 });
      assert.equal(await balance(s, payer), 6_000);
      assert.equal(await bankMirror(payee.bankAccountID), 3_875);
      assert.equal(await platformFees(), feesBefore + 125);
      await assertLedgerOk(s);
    });

    it('ACH debit → wallet: the wallet gets the amount net of the fee once the hold ends', async () => {
      const owner = await bankParty(s, { verified: true });
      const feesBefore = await platformFees();
      const created = await postTransfer(s, {
        source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } },
        destination: { paymentMethodID: owner.paymentMethodID },
        amount: { currency: 'USD', value: 2_000 },
        facilitatorFee: { totalDecimal: '50.75' },
      });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 1 });
      assert.equal(await bankMirror(owner.bankAccountID), -2_000, 'originated: the bank account is debited into clearing');
      assert.equal(await balance(s, owner), 0);
      await advance(s, { seconds: 2 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      // totalDecimal is in cents: 50.75 moves 50 whole cents (the fraction is shown, not moved).
      assert.deepEqual(done.facilitatorFee, { totalDecimal: '50.75' });
      assert.equal(await balance(s, owner), 1_950);
      assert.equal(await platformFees(), feesBefore + 50);
      await assertLedgerOk(s);
    });

    it('late returns give the fee back: a reversed debit and a reversed credit leave every balance where it started', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const feesBefore = await platformFees();
      const debit = await postTransfer(s, {
        source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } },
        destination: { paymentMethodID: owner.paymentMethodID },
        amount: { currency: 'USD', value: 5_507 },
        facilitatorFee: { total: 7 },
      });
      const credit = await postTransfer(s, {
        source: { paymentMethodID: owner.paymentMethodID },
        destination: { paymentMethodID: payee.methods['ach-credit-standard'] },
        amount: { currency: 'USD', value: 5_503 },
        facilitatorFee: { total: 3 },
      });
      assert.equal(debit.status, 200, debit.text);
      assert.equal(credit.status, 200, credit.text);
      await advance(s, { seconds: 3 });
      assert.equal((await getTransfer(s, debit.json.transferID)).status, 'completed');
      assert.equal((await getTransfer(s, credit.json.transferID)).status, 'completed');
      assert.equal(await platformFees(), feesBefore + 10);
      assert.equal(await balance(s, owner), 10_000 - 5_503 + 5_500);
      await advance(s, { seconds: 10 });
      assert.equal((await getTransfer(s, debit.json.transferID)).status, 'reversed');
      assert.equal((await getTransfer(s, credit.json.transferID)).status, 'reversed');
      assert.equal(await platformFees(), feesBefore);
      assert.equal(await balance(s, owner), 10_000);
      assert.equal(await bankMirror(owner.bankAccountID), 0);
      assert.equal(await bankMirror(payee.bankAccountID), 0);
      await assertLedgerOk(s);
    });
  });
}
