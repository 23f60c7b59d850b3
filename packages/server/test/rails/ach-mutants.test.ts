import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, postTransfer, transferLeftovers } from '../support/transfers.ts';
import { V2026 } from '../support/versions.ts';
import { achBody, advance, bankParty, getTransfer, updateStatuses } from './ach-helpers.ts';
import { railFootprint, runJobAgain, walletNews } from './helpers.ts';
import { eventTypes } from '../support/events.ts';
import { achRail } from '../../src/domain/transfers/rails/ach/rail.ts';

/**
 * The ACH rail where the rails mutation scope (docs/testing.md, "Rails scope")
 * found it unpinned: the `achDetails` a leg starts with when the caller gives
 * no options (docs/rails.md "ACH": SEC code WEB for a debit, PPD for a credit;
 * a debit's hold 2 days; nothing else), a step's job delivered again while the
 * transfer is still pending (a retry after a crash: nothing changes), and the
 * canceled leg's events on each side.
 */

for (const kind of await storeKinds()) {
  describe(`ACH rail, what the mutants showed (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: (server) => assertLedgerOk(server) });

    const runAgain = (jobKind: string, transferID: string, leg: 'debit' | 'credit') => runJobAgain(s, achRail.jobs?.[jobKind], jobKind, { transferID, leg });

    it('a leg without options starts with WEB (debit, with a 2-day hold) or PPD (credit), and nothing the caller did not send', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 5_000 });
      const payee = await bankParty(s, { verified: false });
      const debit = await postTransfer(s, achBody(owner.methods['ach-debit-fund']!, owner.paymentMethodID, 1_000), { waitFor: 'rail-response' });
      assert.equal(debit.status, 200, debit.text);
      const debitDetails = debit.json.source.achDetails;
      assert.deepEqual(Object.keys(debitDetails).sort(), ['debitHoldPeriod', 'initiatedOn', 'secCode', 'status', 'traceNumber']);
      assert.deepEqual([debitDetails.status, debitDetails.secCode, debitDetails.debitHoldPeriod], ['initiated', 'WEB', '2-days']);
      assert.match(debitDetails.traceNumber, /^\d{15}$/);

      const credit = await postTransfer(s, achBody(owner.paymentMethodID, payee.methods['ach-credit-standard']!, 1_000), { waitFor: 'rail-response' });
      assert.equal(credit.status, 200, credit.text);
      const creditDetails = credit.json.destination.achDetails;
      assert.deepEqual(Object.keys(creditDetails).sort(), ['initiatedOn', 'secCode', 'status', 'traceNumber']);
      assert.deepEqual([creditDetails.status, creditDetails.secCode], ['initiated', 'PPD']);

      // Addenda the caller sends come back as sent, unmasked.
      const withAddenda = await postTransfer(
        s,
        achBody(owner.paymentMethodID, payee.methods['ach-credit-standard']!, 1_000, {
          destination: { paymentMethodID: payee.methods['ach-credit-standard'], achDetails: { addenda: [{ record: 'invoice 42' }] } },
        }),
        { waitFor: 'rail-response' },
      );
      assert.equal(withAddenda.status, 200, withAddenda.text);
      assert.deepEqual(withAddenda.json.destination.achDetails.addenda, [{ record: 'invoice 42', isMasked: false }]);
      await advance(s, { seconds: 30 });
    });

    it('a step delivered again while the transfer is still pending changes nothing', async () => {
      const customer = await bankParty(s, { verified: true });
      const merchant = await bankParty(s, { verified: false });
      // bank → bank: the debit originates at +1 s and completes after its hold, then the credit starts.
      const created = await postTransfer(s, {
        source: { paymentMethodID: customer.methods['ach-debit-fund'], achDetails: { debitHoldPeriod: '1-day' } },
        // The credit's options wait in the rail state until the credit starts.
        destination: {
          paymentMethodID: merchant.methods['ach-credit-standard'],
          achDetails: { companyEntryDescription: 'SETTLEMNT', originatingCompanyName: 'Acme Pay', addenda: [{ record: 'batch 7' }] },
        },
        amount: { currency: 'USD', value: 2_000 },
      }, { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      const transferID = created.json.transferID as string;
      await advance(s, { seconds: 1 });
      const originated = await getTransfer(s, transferID);
      assert.deepEqual([originated.status, originated.source.achDetails.status], ['pending', 'originated']);
      await advance(s, { seconds: 1 });
      await runAgain('rail.ach.originate', transferID, 'debit');

      // Run until the debit completed and the credit started (still pending).
      for (let i = 0; i < 10 && (await getTransfer(s, transferID)).destination.achDetails?.status !== 'initiated'; i++) await advance(s, { seconds: 1 });
      const crediting = await getTransfer(s, transferID);
      assert.deepEqual([crediting.status, crediting.source.achDetails.status, crediting.destination.achDetails.status], ['pending', 'completed', 'initiated']);
      const { companyEntryDescription, originatingCompanyName, addenda, secCode, debitHoldPeriod } = crediting.destination.achDetails;
      assert.deepEqual([companyEntryDescription, originatingCompanyName, addenda, secCode, debitHoldPeriod], ['SETTLEMNT', 'Acme Pay', [{ record: 'batch 7', isMasked: false }], 'PPD', undefined]);
      await runAgain('rail.ach.complete', transferID, 'debit');
      await runAgain('rail.ach.originate', transferID, 'debit');
      // The credit's completion, early (it has not originated): nothing either.
      await runAgain('rail.ach.complete', transferID, 'credit');

      await advance(s, { seconds: 30 });
      const done = await getTransfer(s, transferID);
      assert.equal(done.status, 'completed');
      assert.deepEqual(await updateStatuses(s, transferID), [
        'source.initiated',
        'pending',
        'source.originated',
        'source.completed',
        'destination.initiated',
        'destination.originated',
        'destination.completed',
        'completed',
      ]);
    });

    it('a canceled credit writes only the top-level canceled; a canceled debit also source.canceled', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 3_000 });
      const payee = await bankParty(s, { verified: false });
      const cancel = (transferID: string) => s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations`, { headers: V2026 });

      const credit = await postTransfer(s, achBody(owner.paymentMethodID, payee.methods['ach-credit-standard']!, 1_000), { waitFor: 'rail-response' });
      assert.equal((await cancel(credit.json.transferID)).status, 200);
      const canceledCredit = await getTransfer(s, credit.json.transferID);
      assert.deepEqual([canceledCredit.status, canceledCredit.destination.achDetails.status], ['canceled', 'canceled']);
      assert.deepEqual(await updateStatuses(s, credit.json.transferID), ['destination.initiated', 'pending', 'canceled']);
      // The wallet's hold is released under the transfer's `cancel` reference (docs/ledger.md).
      assert.deepEqual((await railFootprint(s, credit.json.transferID)).refs, ['cancel', 'hold']);

      const debit = await postTransfer(s, achBody(owner.methods['ach-debit-fund']!, owner.paymentMethodID, 1_000), { waitFor: 'rail-response' });
      assert.equal((await cancel(debit.json.transferID)).status, 200);
      const canceledDebit = await getTransfer(s, debit.json.transferID);
      assert.deepEqual([canceledDebit.status, canceledDebit.source.achDetails.status], ['canceled', 'canceled']);
      assert.deepEqual(await updateStatuses(s, debit.json.transferID), ['source.initiated', 'pending', 'source.canceled', 'canceled']);
    });

    it('each step that moves a wallet tells it: a debit paid in, a credit returned in clearing or after, a debit returned after clearing', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 20_000 });
      // A return can close or disable the bank account it names (R02, R03): each credit goes to a new one.
      const payee = async () => (await bankParty(s, { verified: false })).methods['ach-credit-standard']!;
      // The owner's wallet events, in the order written (walletNews sorts what it is given).
      const news = async () => (await eventTypes(s)).filter((event) => event.data.walletID === owner.walletID);
      const step = async (label: string, run: () => Promise<void>) => {
        const before = (await news()).length;
        await run();
        return [label, walletNews((await news()).slice(before), owner.walletID)] as const;
      };
      const created: Record<string, string> = {};
      const send = async (name: string, source: string, destination: string, cents: number) => {
        const answer = await postTransfer(s, achBody(source, destination, cents), { waitFor: 'rail-response' });
        assert.equal(answer.status, 200, answer.text);
        created[name] = answer.json.transferID as string;
      };
      // $55.02 returns in clearing (R02), $55.03 after completion (R03, a credit), $55.05 after it (R05, a debit).
      const settle = () => advance(s, { seconds: 60 });
      const steps = [
        await step('debit paid in', async () => { await send('paidIn', owner.methods['ach-debit-fund']!, owner.paymentMethodID, 1_000); await settle(); }),
        await step('credit returned in clearing', async () => { await send('r02', owner.paymentMethodID, await payee(), 5_502); await settle(); }),
        await step('credit returned after completion', async () => { await send('r03', owner.paymentMethodID, await payee(), 5_503); await settle(); }),
        await step('debit returned after clearing', async () => { await send('r05', owner.methods['ach-debit-fund']!, owner.paymentMethodID, 5_505); await settle(); }),
      ];
      // Each wallet transaction is written `transaction <status>` (created or updated); the returns after
      // completion are their own completed transactions (docs/refunds.md "ACH returns").
      assert.deepEqual(steps, [
        ['debit paid in', ['balance.updated', 'transaction completed']],
        ['credit returned in clearing', ['balance.updated', 'balance.updated', 'transaction canceled', 'transaction pending']],
        ['credit returned after completion', ['balance.updated', 'balance.updated', 'transaction completed', 'transaction completed', 'transaction pending']],
        ['debit returned after clearing', ['balance.updated', 'balance.updated', 'transaction completed', 'transaction completed']],
      ]);
      const statuses = await Promise.all(['r02', 'r03', 'r05'].map(async (name) => (await getTransfer(s, created[name]!)).status));
      assert.deepEqual(statuses, ['failed', 'reversed', 'reversed']);
      // The hold of the credit returned in clearing is released under the `return` reference.
      assert.deepEqual((await railFootprint(s, created['r02']!)).refs, ['hold', 'return']);
    });

    it('a return in clearing gives every cent back: the transfer nets to zero on every ledger account, with its return entry', async () => {
      const owner = await bankParty(s, { verified: true, walletCents: 10_000 });
      const payee = await bankParty(s, { verified: false });
      // R01 ($55.01) on a bank → wallet debit and on a bank → bank transfer (its debit); R02 ($55.02) on a wallet → bank credit.
      const cases = [
        { name: 'debit', body: achBody(owner.methods['ach-debit-fund']!, owner.paymentMethodID, 5_501), refs: ['debit-originate', 'return'] },
        { name: 'bank → bank', body: achBody(owner.methods['ach-debit-fund']!, payee.methods['ach-credit-standard']!, 5_501), refs: ['debit-originate', 'return'] },
        { name: 'credit', body: achBody(owner.paymentMethodID, payee.methods['ach-credit-standard']!, 5_502), refs: ['hold', 'return'] },
      ];
      for (const c of cases) {
        const created = await postTransfer(s, c.body, { waitFor: 'rail-response' });
        assert.equal(created.status, 200, `${c.name}: ${created.text}`);
        await advance(s, { seconds: 60 });
        const transferID = created.json.transferID as string;
        assert.equal((await getTransfer(s, transferID)).status, 'failed', c.name);
        assert.deepEqual(await transferLeftovers(s, transferID), [], `${c.name}: nothing left in clearing or anywhere`);
        assert.deepEqual((await railFootprint(s, transferID)).refs, c.refs, c.name);
      }
    });
  });
}
