import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { standingClock, startTestServer, type TestServer } from '../support/server.ts';
import { assertLedgerOk, postTransfer } from '../support/transfers.ts';
import { eventTypes } from '../support/events.ts';
import { advance, bankParty, getTransfer, type BankParty } from './ach-helpers.ts';

// Sandbox ACH returns of a bank → bank transfer (docs/sandbox.md "ACH returns",
// docs/rails.md "ACH", decision 1100), which no other test walks: R01/R02 hit
// the debit during clearing (the transfer `failed`, clearing pays the debited
// account back, the credit never starts); R03 hits the credit after completion
// (`reversed`: the receiving account gives the net back, the fees account the
// fee, the debited account gets the whole amount); R05 hits the debit after
// completion (`reversed`: there is no wallet to take it from, so the net is a
// platform loss on the `fees` account owned by `ach-return-losses`). Added for
// the rails mutation scope (issue 15, item 6).

const FEE = 100;

async function ledgerBalance(s: TestServer, kind: string, ownerID: string): Promise<number> {
  const row = await s.testStore.store.read((sql) =>
    sql.get<{ available: number | string }>('SELECT available FROM ledger_accounts WHERE platform_id = ? AND kind = ? AND owner_id = ?', [s.platform.accountID, kind, ownerID]),
  );
  return Number(row?.available ?? 0);
}

async function snapshot(s: TestServer, payer: BankParty, payee: BankParty) {
  return {
    debited: await ledgerBalance(s, 'bank-account', payer.bankAccountID),
    credited: await ledgerBalance(s, 'bank-account', payee.bankAccountID),
    clearing: await ledgerBalance(s, 'rail-clearing', 'ach'),
    fees: await ledgerBalance(s, 'fees', s.platform.accountID),
    losses: await ledgerBalance(s, 'fees', 'ach-return-losses'),
  };
}

const minus = (after: Record<string, number>, before: Record<string, number>) => Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));

for (const kind of await storeKinds()) {
  describe(`ACH returns of a bank → bank transfer (${kind})`, () => {
    let s: TestServer;
    before(async () => {
      s = await startTestServer(kind, { clock: standingClock() });
    });
    after(async () => {
      await s.close();
    });

    async function walk(cents: number) {
      const payer = await bankParty(s, { verified: true });
      const payee = await bankParty(s, { verified: false });
      const before = await snapshot(s, payer, payee);
      const created = await postTransfer(s, {
        source: { paymentMethodID: payer.methods['ach-debit-fund'] },
        destination: { paymentMethodID: payee.methods['ach-credit-standard'] },
        amount: { currency: 'USD', value: cents },
        facilitatorFee: { total: FEE },
      });
      assert.equal(created.status, 200, created.text);
      await advance(s, { seconds: 20 });
      const done = await getTransfer(s, created.json.transferID);
      const moved = minus(await snapshot(s, payer, payee), before);
      const bankEvents = async (party: BankParty) => (await eventTypes(s, 'bankAccount.updated')).filter((e) => e.data.bankAccountID === party.bankAccountID).map((e) => e.data);
      return { payer, payee, done, moved, payerEvents: await bankEvents(payer), payeeEvents: await bankEvents(payee) };
    }

    for (const [cents, code] of [[5501, 'R01'], [5502, 'R02']] as const) {
      it(`$${cents / 100} (${code}): the debit returns in clearing, the transfer fails, the credit never starts, no money moved`, async () => {
        const { done, moved, payerEvents, payeeEvents } = await walk(cents);
        assert.equal(done.status, 'failed');
        assert.equal(done.failureReason, 'source-payment-error');
        assert.equal(done.source.achDetails.status, 'returned');
        assert.equal(done.source.achDetails.return.code, code);
        assert.equal(done.destination.achDetails, undefined, 'the credit leg never started');
        assert.deepEqual(moved, { debited: 0, credited: 0, clearing: 0, fees: 0, losses: 0 });
        assert.equal(payeeEvents.length, 0);
        if (code === 'R02') {
          assert.deepEqual([payerEvents.at(-1)?.status, payerEvents.at(-1)?.statusReason], ['errored', 'ach-debit-return']);
        } else {
          assert.equal(payerEvents.filter((e) => e.status === 'errored').length, 0);
        }
        await assertLedgerOk(s);
      });
    }

    it('$55.03 (R03): the credit returns after completion, reversed; the money goes back to the debited account, the fee back from fees', async () => {
      const { done, moved, payerEvents, payeeEvents } = await walk(5503);
      assert.equal(done.status, 'reversed');
      assert.equal(done.failureReason, undefined);
      assert.equal(done.source.achDetails.status, 'completed');
      assert.equal(done.destination.achDetails.status, 'returned');
      assert.equal(done.destination.achDetails.return.code, 'R03');
      assert.deepEqual(moved, { debited: 0, credited: 0, clearing: 0, fees: 0, losses: 0 });
      assert.deepEqual([payeeEvents.at(-1)?.status, payeeEvents.at(-1)?.statusReason, payeeEvents.at(-1)?.exceptionDetails?.achReturnCode], ['errored', 'ach-credit-return', 'R03']);
      assert.equal(payerEvents.filter((e) => e.status === 'errored').length, 0);
      await assertLedgerOk(s);
    });

    it('$55.05 (R05): the debit returns after completion, reversed; the net is a platform loss on ach-return-losses, the fee comes back', async () => {
      const { done, moved } = await walk(5505);
      assert.equal(done.status, 'reversed');
      assert.equal(done.source.achDetails.status, 'returned');
      assert.equal(done.source.achDetails.return.code, 'R05');
      assert.equal(done.destination.achDetails.status, 'completed');
      // The debited account has its money back, the receiver keeps the net it was paid.
      assert.deepEqual(moved, { debited: 0, credited: 5505 - FEE, clearing: 0, fees: 0, losses: -(5505 - FEE) });
      await assertLedgerOk(s);
    });

    it('a completed bank → bank transfer moved the net to the receiver and the fee to the platform, through clearing', async () => {
      const { done, moved } = await walk(2_000);
      assert.equal(done.status, 'completed');
      assert.deepEqual(moved, { debited: -2_000, credited: 2_000 - FEE, clearing: 0, fees: FEE, losses: 0 });
    });
  });
}
