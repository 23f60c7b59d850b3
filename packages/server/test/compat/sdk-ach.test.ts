import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk } from '../support/transfers.ts';
import { bankParty } from '../support/parties.ts';

// The official SDK (v2026.01.00) walks ACH transfers: a debit that funds a
// wallet and a same-day credit out of one. Every answer — the create, the gets
// while pending and after completion, the list — must parse with the SDK's own
// schemas (an unknown enum value or a missing required field would throw).
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk ACH transfers compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    /** Moves the platform clock with the Railyard endpoint, as an SDK user would (the SDK has no method for it). */
    const advanceClock = async (seconds: number) => {
      const moved = await s.request('POST', '/railyard/clock/advance', { body: { seconds }, headers: { 'x-moov-version': 'v2026.01.00' } });
      assert.equal(moved.status, 200, moved.text);
    };

    it('creates, gets (pending and completed) and lists ACH debits and credits', async () => {
      const accountID = s.platform.accountID;
      const owner = await bankParty(s, { verified: true, walletCents: 5_503 });
      const payee = await bankParty(s, { verified: false });

      const debit = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        xWaitFor: 'rail-response',
        createTransfer: {
          source: { paymentMethodID: owner.methods['ach-debit-fund']!, achDetails: { debitHoldPeriod: 'no-hold', companyEntryDescription: 'TOPUP' } },
          destination: { paymentMethodID: owner.paymentMethodID },
          amount: { currency: 'USD', value: 2_000 },
          description: 'fund wallet',
        },
      });
      assert.ok('status' in debit.result, 'rail-response answers the full transfer');
      const debitID = debit.result.transferID;
      assert.equal(debit.result.status, 'pending');
      assert.equal(debit.result.source?.achDetails?.status, 'initiated');
      assert.equal(debit.result.source?.achDetails?.debitHoldPeriod, 'no-hold');
      assert.equal(debit.result.source?.bankAccount?.bankAccountID, owner.bankAccountID);

      await advanceClock(1);
      const originated = await moov.transfers.get({ accountID, transferID: debitID });
      assert.equal(originated.result.status, 'pending');
      assert.equal(originated.result.source.achDetails?.status, 'originated');
      assert.ok(originated.result.source.achDetails?.originatedOn instanceof Date);

      await advanceClock(3);
      const fundedWallet = await moov.transfers.get({ accountID, transferID: debitID });
      assert.equal(fundedWallet.result.status, 'completed');
      assert.ok(fundedWallet.result.completedOn instanceof Date);
      assert.ok(fundedWallet.result.source.achDetails?.completedOn instanceof Date);

      // Started without waiting: the SDK gets the short `{transferID, createdOn}` answer.
      const credit = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        createTransfer: {
          source: { paymentMethodID: owner.paymentMethodID },
          destination: { paymentMethodID: payee.methods['ach-credit-same-day']!, achDetails: { originatingCompanyName: 'Acme Payroll' } },
          amount: { currency: 'USD', value: 1_500 },
        },
      });
      const creditID = credit.result.transferID;
      assert.ok(credit.result.createdOn instanceof Date);
      const pending = await moov.transfers.get({ accountID, transferID: creditID });
      assert.equal(pending.result.status, 'pending');
      assert.equal(pending.result.destination.achDetails?.status, 'initiated');
      assert.match(pending.result.destination.achDetails?.traceNumber ?? '', /^\d{15}$/);
      assert.equal(pending.result.destination.paymentMethodType, 'ach-credit-same-day');

      await advanceClock(3);
      const paid = await moov.transfers.get({ accountID, transferID: creditID });
      assert.equal(paid.result.status, 'completed');
      assert.equal(paid.result.destination.achDetails?.status, 'completed');
      assert.equal(paid.result.destination.achDetails?.originatingCompanyName, 'Acme Payroll');

      const listed = await moov.transfers.list({ accountID, accountIDs: [owner.accountID], count: 10 });
      assert.deepEqual(new Set(listed.result.map((t) => t.transferID)), new Set([debitID, creditID]));
      for (const transfer of listed.result) {
        assert.equal(transfer.status, 'completed');
        assert.ok(transfer.source.achDetails ?? transfer.destination.achDetails, 'each listed ACH transfer carries its achDetails');
      }
      const completedDebits = await moov.transfers.list({ accountID, accountIDs: [owner.accountID], status: 'completed', count: 1 });
      assert.equal(completedDebits.result.length, 1);

      // A late return (R03, $55.03) parses too: `returned` with its code, the transfer `reversed`.
      const late = await moov.transfers.create({
        accountID,
        xIdempotencyKey: randomUUID(),
        createTransfer: { source: { paymentMethodID: owner.paymentMethodID }, destination: { paymentMethodID: payee.methods['ach-credit-standard']! }, amount: { currency: 'USD', value: 5_503 } },
      });
      await advanceClock(10);
      const reversed = await moov.transfers.get({ accountID, transferID: late.result.transferID });
      assert.equal(reversed.result.status, 'reversed');
      assert.equal(reversed.result.destination.achDetails?.status, 'returned');
      assert.equal(reversed.result.destination.achDetails?.return?.code, 'R03');
      assert.ok(reversed.result.destination.achDetails?.returnedOn instanceof Date);
      await assertLedgerOk(s);
    });
  });
}
