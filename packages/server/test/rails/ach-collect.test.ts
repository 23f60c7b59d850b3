import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { advance, bankParty, collectingBusiness, getTransfer, updateStatuses } from './ach-helpers.ts';

// `ach-debit-collect`: a business collects from a customer's verified bank
// account into its own wallet. The business needs `collect-funds` or
// `collect-funds.ach` (§7.2); a late return takes the money back from the
// *destination* wallet (docs/api-behaviour.md §6.2 table), the customer's own wallet is
// not touched. Fast pacing.
for (const kind of await storeKinds()) {
  describe(`ACH collect debits (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    const collect = (customerMethod: string, merchantWallet: string, cents: number) =>
      postTransfer(s, { source: { paymentMethodID: customerMethod, achDetails: { secCode: 'WEB' } }, destination: { paymentMethodID: merchantWallet }, amount: { currency: 'USD', value: cents } });

    it('collect-funds needs an MCC, collect-funds.ach does not; without either the collection is refused', async () => {
      const customer = await bankParty(s, { verified: true });
      const withoutMcc = await collectingBusiness(s, ['collect-funds', 'collect-funds.ach']);
      assert.equal(withoutMcc.capabilityStatus['collect-funds.ach'], 'enabled');
      assert.equal(withoutMcc.capabilityStatus['collect-funds'], 'pending');
      const withMcc = await collectingBusiness(s, ['collect-funds'], { mcc: '7997' });
      assert.equal(withMcc.capabilityStatus['collect-funds'], 'enabled');
      const neither = await collectingBusiness(s, []);
      const refused = await collect(customer.methods['ach-debit-collect']!, neither.party.paymentMethodID, 1_000);
      assert.equal(refused.status, 400, refused.text);
      assert.match(refused.json.error, /collect-funds/);
      for (const merchant of [withoutMcc, withMcc]) {
        const accepted = await collect(customer.methods['ach-debit-collect']!, merchant.party.paymentMethodID, 1_000);
        assert.equal(accepted.status, 200, accepted.text);
      }
    });

    it('walks a collection to completion: the merchant wallet is credited after the default two-day hold', async () => {
      const customer = await bankParty(s, { verified: true, walletCents: 700 });
      const { party: merchant } = await collectingBusiness(s, ['collect-funds.ach']);
      const created = await collect(customer.methods['ach-debit-collect']!, merchant.paymentMethodID, 3_000);
      assert.equal(created.status, 200, created.text);
      const pending = await getTransfer(s, created.json.transferID);
      assert.equal(pending.status, 'pending');
      assert.equal(pending.source.paymentMethodType, 'ach-debit-collect');
      assert.equal(pending.source.achDetails.status, 'initiated');
      assert.equal(pending.source.achDetails.debitHoldPeriod, '2-days');
      assert.equal(pending.source.achDetails.secCode, 'WEB');
      await advance(s, { seconds: 4 }); // originated at +1, settled at +3, hold until +5
      assert.equal((await getTransfer(s, created.json.transferID)).source.achDetails.status, 'originated');
      assert.equal(await balance(s, merchant), 0);
      await advance(s, { seconds: 1 });
      const done = await getTransfer(s, created.json.transferID);
      assert.equal(done.status, 'completed');
      assert.equal(done.source.achDetails.status, 'completed');
      assert.equal(await balance(s, merchant), 3_000);
      assert.equal(await balance(s, customer), 700, "the customer's wallet is not part of a collection");
      assert.deepEqual(await updateStatuses(s, done.transferID), ['source.initiated', 'pending', 'source.originated', 'source.completed', 'completed']);
      await assertLedgerOk(s);
    });

    it('a late return (R05, $55.05) takes the money back from the merchant wallet, never the customer wallet', async () => {
      const customer = await bankParty(s, { verified: true, walletCents: 10_000 });
      const { party: merchant } = await collectingBusiness(s, ['collect-funds.ach']);
      const created = await collect(customer.methods['ach-debit-collect']!, merchant.paymentMethodID, 5_505);
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 5 });
      assert.equal((await getTransfer(s, created.json.transferID)).status, 'completed');
      assert.equal(await balance(s, merchant), 5_505);
      await advance(s, { seconds: 10 });
      const reversed = await getTransfer(s, created.json.transferID);
      assert.equal(reversed.status, 'reversed');
      assert.equal(reversed.source.achDetails.status, 'returned');
      assert.equal(reversed.source.achDetails.return.code, 'R05');
      assert.equal(await balance(s, merchant), 0);
      assert.equal(await balance(s, customer), 10_000);
      assert.deepEqual((await updateStatuses(s, reversed.transferID)).slice(-3), ['completed', 'source.returned', 'reversed']);
      // R05 is not an unusable-account code: the customer's bank account can still be collected from.
      const again = await collect(customer.methods['ach-debit-collect']!, merchant.paymentMethodID, 100);
      assert.equal(again.status, 200, again.text);
      await assertLedgerOk(s);
    });
  });
}
