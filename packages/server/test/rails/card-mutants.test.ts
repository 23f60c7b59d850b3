import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer } from '../support/transfers.ts';
import { eventTypes } from '../support/events.ts';
import { advance, body, cardMethod, moneyWallet, railFootprint, runJobAgain, updateStatuses, walletNews } from './helpers.ts';
import { cardRail } from '../../src/domain/transfers/rails/card/index.ts';

/**
 * The card rail step by step (docs/rails.md "Cards"; docs/ledger.md "How a
 * transfer will post"), where the rails mutation scope (docs/testing.md) left
 * it unmeasured: the rail state each step stores with its schedule (fast
 * pacing: settle 1 s after the authorization, credit 1 s later; a push
 * answered 2 s after it starts), each job's key and due time, the ledger
 * steps' references, the card details each step adds, and the wallet events.
 */

const since = (createdMs: number, at: unknown) => Date.parse(at as string) - createdMs;

for (const kind of await storeKinds()) {
  describe(`card rail, step by step (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: (server) => assertLedgerOk(server) });

    it('a card payment: authorized and confirmed at once, settled after 1 s, the wallet credited 1 s later', async () => {
      const merchant = await moneyWallet(s, 0);
      const card = await cardMethod(s, 'card-payment');
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      const transferID = created.json.transferID as string;
      const first = await railFootprint(s, transferID);
      assert.deepEqual(first.railState, { step: 'confirmed', settleAt: new Date(first.createdMs + 1_000).toISOString(), completeAt: new Date(first.createdMs + 2_000).toISOString() });
      assert.deepEqual(first.refs, ['authorize']);
      assert.deepEqual(first.jobs, [['rail.card.settle', 'card-settle', 1_000]]);
      const details = created.json.source.cardDetails;
      assert.deepEqual([details.status, since(first.createdMs, details.initiatedOn), since(first.createdMs, details.confirmedOn)], ['confirmed', 0, 0]);
      assert.match(details.authorizationCode, /^[0-9A-F]{6}$/);

      await advance(s, { seconds: 1 });
      const settled = await railFootprint(s, transferID);
      assert.equal(settled.railState['step'], 'settled');
      // The settle job delivered again (a retry after a crash) while the transfer is still pending: nothing changes.
      const statusesBefore = await updateStatuses(s, transferID);
      await runJobAgain(s, cardRail.jobs?.['rail.card.settle'], 'rail.card.settle', { transferID });
      assert.deepEqual(await railFootprint(s, transferID), settled);
      assert.deepEqual(await updateStatuses(s, transferID), statusesBefore);
      assert.deepEqual(settled.jobs, [['rail.card.settle', 'card-settle', 1_000], ['rail.card.complete', 'card-complete', 2_000]]);
      await advance(s, { seconds: 1 });
      const done = await railFootprint(s, transferID);
      assert.deepEqual(done.railState, { ...first.railState, step: 'completed' });
      assert.deepEqual(done.refs, ['authorize', 'complete']);
      assert.equal(await balance(s, merchant), 1_500);
      const got = (await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}`, { headers: { 'x-moov-version': 'v2026.01.00' } })).json;
      assert.deepEqual([got.status, got.source.cardDetails.status, since(first.createdMs, got.source.cardDetails.settledOn), since(first.createdMs, got.source.cardDetails.completedOn)], ['completed', 'completed', 1_000, 2_000]);
      const merchantEvents = walletNews((await eventTypes(s)).filter((e) => e.type !== 'wallet.created'), merchant.walletID);
      assert.deepEqual(merchantEvents, ['balance.updated', 'transaction completed']);
    });

    it('a declined payment: failed at once with the failure stored, no money, no job', async () => {
      const merchant = await moneyWallet(s, 0);
      const card = await cardMethod(s, 'card-payment', { cardNumber: '4111100010002018' });
      const created = await postTransfer(s, body(card.paymentMethodID, merchant.paymentMethodID, 1_500), { waitFor: 'rail-response' });
      assert.deepEqual([created.json.status, created.json.failureReason, created.json.source.cardDetails.status, created.json.source.cardDetails.failureCode], [
        'failed',
        'source-payment-error',
        'failed',
        'do-not-honor',
      ]);
      const row = await railFootprint(s, created.json.transferID);
      assert.deepEqual([row.railState, row.refs, row.jobs], [{ step: 'failed' }, [], []]);
    });

    it('a push: held at once, paid out 2 s later; a declining card is refused then and the hold released', async () => {
      const payer = await moneyWallet(s, 10_000);
      const ok = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const declining = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002018' });
      const paid = await postTransfer(s, body(payer.paymentMethodID, ok.paymentMethodID, 1_000), { waitFor: 'rail-response' });
      const refused = await postTransfer(s, body(payer.paymentMethodID, declining.paymentMethodID, 2_000), { waitFor: 'rail-response' });
      assert.deepEqual([paid.status, paid.json.status, refused.json.status], [200, 'pending', 'pending']);
      const paidRow = await railFootprint(s, paid.json.transferID);
      const refusedRow = await railFootprint(s, refused.json.transferID);
      assert.deepEqual(paidRow.railState, { step: 'initiated', completeAt: new Date(paidRow.createdMs + 2_000).toISOString() });
      assert.deepEqual(refusedRow.railState, { step: 'initiated', completeAt: new Date(refusedRow.createdMs + 2_000).toISOString(), failureCode: 'do-not-honor' });
      assert.deepEqual(paidRow.jobs, [['rail.card.push-complete', 'push-complete', 2_000]]);
      assert.deepEqual([paidRow.refs, refusedRow.refs], [['hold'], ['hold']]);
      assert.equal(await balance(s, payer), 7_000);

      await advance(s, { seconds: 2 });
      const paidDone = await railFootprint(s, paid.json.transferID);
      const refusedDone = await railFootprint(s, refused.json.transferID);
      assert.deepEqual([paidDone.railState['step'], refusedDone.railState['step']], ['completed', 'failed']);
      assert.deepEqual([paidDone.refs, refusedDone.refs], [['hold', 'settle'], ['hold', 'release']]);
      assert.equal(await balance(s, payer), 9_000, 'the declined push’s hold came back');
      const refusedView = (await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${refused.json.transferID}`, { headers: { 'x-moov-version': 'v2026.01.00' } })).json;
      assert.deepEqual([refusedView.status, refusedView.failureReason, refusedView.destination.cardDetails.failureCode], ['failed', 'destination-payment-error', 'do-not-honor']);
    });

    it('a push from a wallet short of money: failed at once as the rail answer, nothing held', async () => {
      const payer = await moneyWallet(s, 100);
      const ok = await cardMethod(s, 'push-to-card', { cardNumber: '4111100010002000' });
      const poor = await postTransfer(s, body(payer.paymentMethodID, ok.paymentMethodID, 101), { waitFor: 'rail-response' });
      assert.deepEqual([poor.status, poor.json.status, poor.json.failureReason], [200, 'failed', 'wallet-insufficient-funds']);
      const row = await railFootprint(s, poor.json.transferID);
      assert.deepEqual([row.railState, row.refs, row.jobs], [{ step: 'failed' }, [], []]);
    });
  });
}
