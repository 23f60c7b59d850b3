import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, postTransfer, v2024TransferValidator } from '../support/transfers.ts';
import { advance, bankParty, type BankParty } from './ach-helpers.ts';

// Raw v2024.01.00 answers (no X-Moov-Version header) of ACH transfers in every
// state — pending, completed, failed by a clearing return, reversed by a late
// one — validate against openapi/v2024.01.00.yaml's `Transfer`.
for (const kind of await storeKinds()) {
  describe(`ACH transfers as v2024.01.00 sees them (${kind})`, () => {
    let s: TestServer;
    let validate: ReturnType<typeof v2024TransferValidator>;
    let owner: BankParty;
    let payee: BankParty;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
      validate = v2024TransferValidator();
      owner = await bankParty(s, { verified: true, walletCents: 50_000 });
      payee = await bankParty(s, { verified: false });
    });
    after(async () => {
      await s.close();
    });

    /** GET without a version header: the server's default, v2024.01.00. */
    const getV2024 = async (transferID: string) => {
      const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`);
      assert.equal(got.status, 200, got.text);
      assert.ok(validate(got.json), `${got.json.status}: ${JSON.stringify(validate.errors)}`);
      return got.json;
    };
    const debit = (cents: number) =>
      postTransfer(s, { source: { paymentMethodID: owner.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: 'no-hold', secCode: 'PPD' } }, destination: { paymentMethodID: owner.paymentMethodID }, amount: { currency: 'USD', value: cents } });
    const credit = (cents: number) =>
      postTransfer(s, { source: { paymentMethodID: owner.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-same-day'], achDetails: { companyEntryDescription: 'PAYOUT', addenda: [{ record: 'invoice 42' }] } }, amount: { currency: 'USD', value: cents } });

    it('pending and completed debits and credits, and the returned ones ($55.01 in clearing, $55.03 late)', async () => {
      const plain = await Promise.all([debit(1_000), credit(1_000)]);
      const returned = await Promise.all([debit(5_501), credit(5_501), debit(5_503), credit(5_503)]);
      const ids = [...plain, ...returned].map((created) => {
        assert.equal(created.status, 200, created.text);
        return created.json.transferID as string;
      });

      for (const id of ids) {
        const pending = await getV2024(id);
        assert.equal(pending.status, 'pending');
        const ach = pending.source.achDetails ?? pending.destination.achDetails;
        assert.equal(ach.status, 'initiated');
        assert.equal(ach.addenda, undefined, 'addenda are v2026-only');
      }
      await advance(s, { seconds: 3 });
      for (const id of ids.slice(0, 2)) assert.equal((await getV2024(id)).status, 'completed');

      await advance(s, { seconds: 10 });
      const [failedDebit, failedCredit, reversedDebit, reversedCredit] = await Promise.all(ids.slice(2).map(getV2024));
      assert.equal(failedDebit.status, 'failed');
      assert.equal(failedDebit.source.achDetails.return.code, 'R01');
      assert.equal(failedCredit.status, 'failed');
      assert.equal(failedCredit.destination.achDetails.return.code, 'R01');
      assert.equal(reversedDebit.status, 'reversed');
      assert.equal(reversedDebit.source.achDetails.return.code, 'R03');
      assert.equal(reversedCredit.status, 'reversed');
      assert.equal(reversedCredit.destination.achDetails.status, 'returned');
      assert.ok(reversedCredit.destination.achDetails.returnedOn);

      const listed = await s.request('GET', `/accounts/${s.platform.accountID}/transfers?accountIDs=${owner.accountID}&count=50`);
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.json.length, ids.length);
      for (const transfer of listed.json) assert.ok(validate(transfer), JSON.stringify(validate.errors));
      await assertLedgerOk(s);
    });
  });
}
