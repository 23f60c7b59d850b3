import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { achBody, advance, bankParty, getTransfer, updateStatuses } from './ach-helpers.ts';

// The ACH rail with the default `fast` pacing: every leg walks initiated →
// originated → completed within seconds of platform time.
for (const kind of await storeKinds()) {
  describe(`ACH rail, fast pacing (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    it('wallet → ach-credit-standard: held at create, paid out at completion', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      const created = await postTransfer(s, achBody(payer.paymentMethodID, payee.methods['ach-credit-standard']!, 2_500, {
        destination: { paymentMethodID: payee.methods['ach-credit-standard'], achDetails: { companyEntryDescription: 'PAYROLL', originatingCompanyName: 'Acme Payroll' } },
      }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'pending');
      const ach = created.json.destination.achDetails;
      assert.equal(ach.status, 'initiated');
      assert.match(ach.traceNumber, /^\d{15}$/);
      assert.equal(ach.secCode, 'PPD');
      assert.equal(ach.companyEntryDescription, 'PAYROLL');
      assert.equal(ach.originatingCompanyName, 'Acme Payroll');
      assert.equal(await balance(s, payer), 7_500);

      await advance(s, { seconds: 1 });
      assert.equal((await getTransfer(s, created.json.transferID)).destination.achDetails.status, 'originated');
      await advance(s, { seconds: 2 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.ok(done.completedOn);
      assert.equal(done.destination.achDetails.status, 'completed');
      assert.ok(done.destination.achDetails.originatedOn && done.destination.achDetails.completedOn);
      assert.equal(await balance(s, payer), 7_500);
      assert.deepEqual(await updateStatuses(s, done.transferID), ['destination.initiated', 'pending', 'destination.originated', 'destination.completed', 'completed']);
      await assertLedgerOk(s);
    });

    it('wallet → ach-credit-same-day completes sooner than standard', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 1_000 });
      const payee = await bankParty(s, { verified: false });
      const created = await postTransfer(s, achBody(payer.paymentMethodID, payee.methods['ach-credit-same-day']!, 1_000), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 2 });
      assert.equal((await getTransfer(s, created.json.transferID)).status, 'completed');
      await assertLedgerOk(s);
    });

    it('ach-debit-fund → wallet: credits the wallet only after the hold (1-day: one scaled second)', async () => {
      const owner = await bankParty(s, { verified: true });
      const created = await postTransfer(s, {
        source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: '1-day', secCode: 'PPD' } },
        destination: { paymentMethodID: owner.paymentMethodID },
        amount: { currency: 'USD', value: 4_000 },
      }, { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.source.achDetails.status, 'initiated');
      assert.equal(created.json.source.achDetails.debitHoldPeriod, '1-day');
      assert.equal(created.json.source.achDetails.secCode, 'PPD');
      await advance(s, { seconds: 3 }); // originated at +1, settled at +3
      const settled = await getTransfer(s, created.json.transferID);
      assert.equal(settled.status, 'pending');
      assert.equal(settled.source.achDetails.status, 'originated');
      assert.equal(await balance(s, owner), 0);
      await advance(s, { seconds: 1 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(await balance(s, owner), 4_000);
      assert.deepEqual(await updateStatuses(s, done.transferID), ['source.initiated', 'pending', 'source.originated', 'source.completed', 'completed']);
      await assertLedgerOk(s);
    });

    it('ach-debit-fund → ach-credit-standard (bank → bank): two legs, the credit after the debit', async () => {
      const customer = await bankParty(s, { verified: true });
      const merchant = await bankParty(s, { verified: false });
      const created = await postTransfer(s, {
        source: { paymentMethodID: customer.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold' } },
        destination: { paymentMethodID: merchant.methods['ach-credit-standard'] },
        amount: { currency: 'USD', value: 3_000 },
      });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 3 });
      const middle = await getTransfer(s, created.json.transferID);
      assert.equal(middle.source.achDetails.status, 'completed');
      assert.equal(middle.destination.achDetails.status, 'initiated');
      assert.equal(middle.status, 'pending');
      await advance(s, { seconds: 3 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.deepEqual(await updateStatuses(s, done.transferID), [
        'source.initiated', 'pending', 'source.originated', 'source.completed', 'destination.initiated', 'destination.originated', 'destination.completed', 'completed',
      ]);
      await assertLedgerOk(s);
    });

    it('wallet → ACH credit without the money fails with wallet-insufficient-funds', async () => {
      const payer = await bankParty(s, { verified: false, walletCents: 100 });
      const created = await postTransfer(s, achBody(payer.paymentMethodID, payer.methods['ach-credit-standard']!, 500), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'failed');
      assert.equal(created.json.failureReason, 'wallet-insufficient-funds');
      await assertLedgerOk(s);
    });

    it('refuses bad achDetails with 422 on the reference keys, moving nothing', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 1_000 });
      const bad = await postTransfer(s, {
        source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { companyEntryDescription: 'abc', originatingCompanyName: 'x'.repeat(17), debitHoldPeriod: '3-days', secCode: 'XYZ' } },
        destination: { paymentMethodID: owner.paymentMethodID },
        amount: { currency: 'USD', value: 100 },
      });
      assert.equal(bad.status, 422, bad.text);
      for (const field of ['companyEntryDescription', 'originatingCompanyName', 'debitHoldPeriod', 'secCode']) assert.match(bad.json.source, new RegExp(field));
      const badDestination = await postTransfer(s, {
        source: { paymentMethodID: owner.paymentMethodID },
        destination: { paymentMethodID: owner.methods['ach-credit-standard'], achDetails: { companyEntryDescription: 'toolongdescription', addenda: [{ record: 'a' }, { record: 'b' }] } },
        amount: { currency: 'USD', value: 100 },
      });
      assert.equal(badDestination.status, 422, badDestination.text);
      assert.match(badDestination.json.destinationPaymentMethodID, /companyEntryDescription/);
      assert.match(badDestination.json.destinationPaymentMethodID, /addenda/);
      assert.equal(await balance(s, owner), 1_000);
      await assertLedgerOk(s);
    });

    it('an unverified bank account has no debit method: a debit is refused', async () => {
      const owner = await bankParty(s, { verified: false });
      assert.equal(owner.methods['ach-debit-fund'], undefined);
      assert.ok(owner.methods['ach-credit-standard']);
      const refused = await postTransfer(s, achBody(owner.methods['ach-credit-standard']!, owner.paymentMethodID, 100));
      assert.equal(refused.status, 400, refused.text);
    });
  });
}
