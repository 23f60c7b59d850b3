import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { assertLedgerOk, createWithPacing, postTransfer } from '../support/transfers.ts';
import { bankMethod, body, moneyWallet, railFootprint, walletNews } from './helpers.ts';
import { eventTypes } from '../support/events.ts';

/**
 * The RTP rail (docs/rails.md "RTP") where the rails mutation scope
 * (docs/testing.md) found it unpinned: the rail state each outcome stores (what a
 * job delivered again reads), the answer job's key and due time with a delay, the
 * ledger steps' references, the bank account's exception text, and a wallet short
 * of money answered at once.
 */

for (const kind of await storeKinds()) {
  describe(`RTP rail, pinned (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: (server) => assertLedgerOk(server) });

    it('a wallet short of money fails at once as the rail answer: 200, wallet-insufficient-funds, rail state failed, no ledger entry', async () => {
      const payer = await moneyWallet(s, 100);
      const bank = await bankMethod(s, 'rtp-credit');
      const started = Date.now();
      const poor = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, 101), { waitFor: 'rail-response' });
      assert.equal(poor.status, 200, poor.text);
      assert.ok(Date.now() - started < 2_000, 'answered without waiting for a rail');
      assert.deepEqual([poor.json.status, poor.json.failureReason], ['failed', 'wallet-insufficient-funds']);
      const row = await railFootprint(s, poor.json.transferID);
      assert.deepEqual([row.railState, row.refs, row.jobs], [{ step: 'failed' }, [], []]);
    });

    it('each answer stores its step; a failure releases the hold under its own reference and says why on the bank account', async () => {
      const payer = await moneyWallet(s, 50_000);
      const cases: Array<[number, string, string[]]> = [
        [1_000, 'completed', ['hold', 'settle']],
        [7_711, 'accepted-without-posting', ['hold', 'settle']],
        [7_701, 'failed', ['hold', 'release']],
      ];
      for (const [cents, step, refs] of cases) {
        const bank = await bankMethod(s, 'rtp-credit');
        const created = await postTransfer(s, body(payer.paymentMethodID, bank.paymentMethodID, cents), { waitFor: 'rail-response' });
        assert.equal(created.status, 200, created.text);
        const row = await railFootprint(s, created.json.transferID);
        assert.deepEqual(row.railState, { step }, `$${cents / 100}`);
        assert.deepEqual(row.refs, refs, `$${cents / 100}: the ledger steps`);
        if (step === 'failed') {
          const account = (await s.request('GET', `/accounts/${bank.accountID}/bank-accounts/${bank.sourceID}`, { headers: V2026 })).json;
          assert.equal(account.status, 'errored');
          // docs/sandbox.md "RTP failures": $77.01 is AC03, invalid-account.
          assert.deepEqual(account.exceptionDetails, { rtpRejectionCode: 'AC03', description: 'RTP credit rejected: invalid-account' });
        }
      }
    });

    it('with a delay the answer is a job keyed by the transfer and its step, due exactly that many seconds after the creation', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const transferID = await createWithPacing(s, REALISTIC_PACING, body(payer.paymentMethodID, bank.paymentMethodID, 500));
      const row = await railFootprint(s, transferID);
      assert.deepEqual(row.railState, { step: 'initiated' });
      assert.deepEqual(row.refs, ['hold']);
      assert.equal(REALISTIC_PACING.rtp.completeAfterSeconds, 2, 'docs/rails.md: the realistic pacing answers after 2 s');
      assert.deepEqual(row.jobs, [['rail.rtp.complete', 'rtp-complete', 2_000]], 'keyed transfer:<id>:rtp-complete, due 2,000 ms after the creation');
    });

    it('the hold, the payout and the release each tell the wallet: pending and a balance, then completed; or canceled and a balance', async () => {
      const payer = await moneyWallet(s, 10_000);
      const platformID = s.platform.accountID;
      // docs/webhooks.md "Events": what each unit of work writes about the payer's wallet, status by status.
      let seen = (await eventTypes(s)).length;
      const payerNews = async () => {
        const all = await eventTypes(s);
        const fresh = all.slice(seen);
        seen = all.length;
        return walletNews(fresh, payer.walletID);
      };
      for (const [cents, settled] of [[500, ['transaction completed']], [7_701, ['balance.updated', 'transaction canceled']]] as const) {
        const bank = await bankMethod(s, 'rtp-credit');
        seen = (await eventTypes(s)).length;
        await createWithPacing(s, REALISTIC_PACING, body(payer.paymentMethodID, bank.paymentMethodID, cents));
        assert.deepEqual(await payerNews(), ['balance.updated', 'transaction pending'], `$${cents / 100}: the hold`);
        await s.services.platformClock.advance(platformID, { seconds: 3 });
        await s.services.jobs.runDueJobs({ platformID });
        assert.deepEqual(await payerNews(), [...settled], `$${cents / 100}: the answer`);
      }
    });
  });
}
