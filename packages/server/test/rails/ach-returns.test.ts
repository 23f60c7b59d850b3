import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { eventTypes } from '../support/events.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { advance, bankParty, getTransfer, updateStatuses } from './ach-helpers.ts';

// Sandbox ACH returns by amount (docs/sandbox.md "ACH returns"), fast pacing.
const CLEARING = { 5501: 'R01', 5502: 'R02' } as const;
const AFTER = { 5503: 'R03', 5504: 'R04', 5505: 'R05', 5506: 'R06', 5507: 'R07' } as const;
const UNUSABLE = new Set(['R02', 'R03', 'R04']);

for (const kind of await storeKinds()) {
  describe(`ACH returns (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    for (const [cents, code] of Object.entries({ ...CLEARING, ...AFTER })) {
      const amount = Number(cents);
      const clearing = amount in CLEARING;
      it(`debit → wallet of $${amount / 100}: ${code}, ${clearing ? 'failed, no wallet effect' : 'reversed, taken back from the wallet'}`, async () => {
        const owner = await bankParty(s, { verified: true });
        const created = await postTransfer(s, {
          source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } },
          destination: { paymentMethodID: owner.paymentMethodID },
          amount: { currency: 'USD', value: amount },
        });
        assert.equal(created.status, 200, created.text);
        await advance(s, { seconds: 10 });
        const done = await getTransfer(s, created.json.transferID);
        assert.equal(done.status, clearing ? 'failed' : 'reversed');
        if (clearing) assert.equal(done.failureReason, 'source-payment-error');
        assert.equal(done.source.achDetails.status, 'returned');
        assert.equal(done.source.achDetails.return.code, code);
        assert.ok(done.source.achDetails.returnedOn);
        assert.equal(await balance(s, owner), 0);
        const statuses = await updateStatuses(s, done.transferID);
        assert.deepEqual(statuses.slice(-2), ['source.returned', clearing ? 'failed' : 'reversed']);
        const bankEvents = (await eventTypes(s, 'bankAccount.updated')).filter((e) => e.data.bankAccountID === owner.bankAccountID);
        if (UNUSABLE.has(code)) {
          assert.equal(bankEvents.at(-1)?.data.status, 'errored');
          assert.equal(bankEvents.at(-1)?.data.statusReason, 'ach-debit-return');
          assert.equal(bankEvents.at(-1)?.data.exceptionDetails.achReturnCode, code);
          // The errored account's debit method is gone: a new debit is refused.
          const again = await postTransfer(s, { source: { paymentMethodID: owner.methods['ach-debit-fund'] }, destination: { paymentMethodID: owner.paymentMethodID }, amount: { currency: 'USD', value: 100 } });
          assert.equal(again.status, 422, again.text);
          assert.ok(again.json.sourcePaymentMethodID);
        } else {
          assert.equal(bankEvents.filter((e) => e.data.status === 'errored').length, 0);
        }
        await assertLedgerOk(s);
      });

      it(`wallet → ACH credit of $${amount / 100}: ${code} returns the money to the source wallet`, async () => {
        const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
        const payee = await bankParty(s, { verified: false });
        const created = await postTransfer(s, { source: { paymentMethodID: payer.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-standard'] }, amount: { currency: 'USD', value: amount } });
        assert.equal(created.status, 200, created.text);
        await advance(s, { seconds: 10 });
        const done = await getTransfer(s, created.json.transferID);
        assert.equal(done.status, clearing ? 'failed' : 'reversed');
        if (clearing) assert.equal(done.failureReason, 'destination-payment-error');
        assert.equal(done.destination.achDetails.return.code, code);
        assert.equal(await balance(s, payer), 10_000);
        await assertLedgerOk(s);
      });
    }

    it('a late debit return takes it all back from the wallet, even below zero (an ach-return settlement); the wallet, its transactions and the events agree', async () => {
      const owner = await bankParty(s, { verified: true });
      const other = await bankParty(s, { verified: false });
      const created = await postTransfer(s, {
        source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } },
        destination: { paymentMethodID: owner.paymentMethodID },
        amount: { currency: 'USD', value: 5507 },
      });
      assert.equal(created.status, 200, created.text);
      const transferID = created.json.transferID as string;
      await advance(s, { seconds: 3 });
      assert.equal((await getTransfer(s, transferID)).status, 'completed');
      // Spend most of it before the return arrives.
      const spent = await postTransfer(s, { source: { paymentMethodID: owner.paymentMethodID }, destination: { paymentMethodID: other.methods['ach-credit-same-day'] }, amount: { currency: 'USD', value: 5000 } });
      assert.equal(spent.status, 200, spent.text);
      await advance(s, { seconds: 10 });
      const returned = await getTransfer(s, transferID);
      assert.equal(returned.status, 'reversed');
      assert.equal(returned.source.achDetails.return.code, 'R07');
      // 5,507 in, 5,000 out, 5,507 taken back: the wallet owes 5,000 (decision 1600).
      assert.equal(await balance(s, owner), -5000);
      const headers = { 'x-moov-version': 'v2026.01.00' };
      const txs = await s.request('GET', `/accounts/${owner.accountID}/wallets/${owner.walletID}/transactions?sourceID=${transferID}`, { headers });
      const byType = Object.fromEntries(txs.json.map((t: any) => [t.transactionType, t]));
      assert.deepEqual(Object.keys(byType).sort(), ['account-funding', 'ach-reversal']);
      assert.equal(byType['account-funding'].netAmount, 5507);
      assert.equal(byType['ach-reversal'].netAmount, -5507);
      assert.equal(byType['ach-reversal'].sourceType, 'transfer');
      assert.equal(byType['ach-reversal'].status, 'completed');
      assert.equal(byType['ach-reversal'].availableBalance, -5000);
      const walletEvents = (await eventTypes(s, 'walletTransaction.updated')).filter((e) => e.data.transactionID === byType['ach-reversal'].transactionID);
      assert.deepEqual(walletEvents.map((e) => [e.data.status, e.data.availableBalance.value]), [['completed', -5000]]);
      // The negative wallet cannot send until it is covered.
      const blocked = await postTransfer(s, { source: { paymentMethodID: owner.paymentMethodID }, destination: { paymentMethodID: other.methods['ach-credit-same-day'] }, amount: { currency: 'USD', value: 1 } });
      assert.equal((await getTransfer(s, blocked.json.transferID)).failureReason, 'wallet-insufficient-funds');
      await assertLedgerOk(s);
    });
  });
}
