import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { insertCancellation } from '../../src/store/repos/cancellations.ts';
import { settleCancellationsOnStatus } from '../../src/domain/transfers/cancellation-settle.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { LATER } from '../support/test-rail.ts';
import { V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { bankMethod, moneyWallet } from '../support/parties.ts';
import { createWithPacing, methodTransferBody, postTransfer, transferBody, type WalletParty, walletParty } from '../support/transfers.ts';

/**
 * The cancellation service's own rules (docs/transfers-more.md
 * "Cancellations"), where the transfers mutation scope (docs/testing.md) found
 * them unpinned: the exact refusal for each final status, for a cancellation
 * already in progress, for 20 cancellations, for a rail that cannot cancel;
 * a queued transfer canceled without its rail; the cancellation events' data;
 * and a pending cancellation failed when the transfer fails or is reversed.
 */

for (const kind of await storeKinds()) {
  describe(`cancellation rules, pinned (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: () => restore() });
    let alice: WalletParty;
    let bob: WalletParty;
    let restore: () => void = () => {};
    before(async () => {
      alice = await walletParty(s, 100_000);
      bob = await walletParty(s);
      restore = s.useTestRail();
    });

    const cancel = (transferID: string) => s.request('POST', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations`, { headers: V2026 });
    const pending = async (cents = 500) => {
      const created = await postTransfer(s, transferBody(alice, bob, cents), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'pending', created.text);
      return created.json.transferID as string;
    };
    const setStatus = (transferID: string, status: string) =>
      s.testStore.store.write((sql) => sql.run('UPDATE transfers SET status = ? WHERE transfer_id = ?', [status, transferID]));
    /** `count` earlier cancellations of the transfer that failed, written straight into the table. */
    const failedCancellations = (transferID: string, count: number) =>
      s.testStore.store.write(async (sql) => {
        for (let i = 0; i < count; i++) {
          const on = '2026-05-01T00:00:00.000Z';
          await insertCancellation(sql, { cancellation_id: randomUUID(), platform_id: s.platform.accountID, transfer_id: transferID, status: 'failed', created_on: on, updated_on: on });
        }
      });
    const refusedWith = async (transferID: string, error: string) => {
      const answer = await cancel(transferID);
      assert.deepEqual([answer.status, answer.json], [400, { error }], transferID);
    };

    it('a transfer in a final status: one exact 400 per status, nothing written', async () => {
      const messages: Record<string, string> = {
        completed: 'the transfer has already completed and cannot be canceled',
        failed: 'the transfer has failed and cannot be canceled',
        canceled: 'the transfer has already been canceled',
        reversed: 'the transfer has been reversed and cannot be canceled',
      };
      for (const [status, error] of Object.entries(messages)) {
        const transferID = await pending();
        await setStatus(transferID, status);
        await refusedWith(transferID, error);
        const rows = await s.testStore.store.read((sql) => sql.all('SELECT cancellation_id FROM transfer_cancellations WHERE transfer_id = ?', [transferID]));
        assert.equal(rows.length, 0, `${status}: no cancellation recorded`);
      }
    });

    it('one cancellation at a time, and at most 20 per transfer', async () => {
      const later = await pending(LATER);
      const first = await cancel(later);
      assert.equal(first.status, 202, first.text);
      await refusedWith(later, 'a cancellation of this transfer is already in progress');

      const busy = await pending();
      await failedCancellations(busy, 19);
      // 19 before: the 20th is taken (and completes: the test rail cancels at once).
      assert.equal((await cancel(busy)).status, 200);
      const again = await pending();
      await failedCancellations(again, 20);
      await refusedWith(again, 'the transfer has too many cancellations');
    });

    it('a queued transfer is canceled without its rail: 200 completed, the transfer canceled', async () => {
      const transferID = await pending();
      await setStatus(transferID, 'queued');
      const answer = await cancel(transferID);
      assert.deepEqual([answer.status, answer.json.status], [200, 'completed'], answer.text);
      const row = await s.testStore.store.read((sql) => sql.get<{ status: string }>('SELECT status FROM transfers WHERE transfer_id = ?', [transferID]));
      assert.equal(row?.status, 'canceled');
      const railSteps = await s.testStore.store.read((sql) => sql.all('SELECT entry_id FROM ledger_entries WHERE idempotency_ref = ?', [`transfer:${transferID}:cancel`]));
      assert.equal(railSteps.length, 0, 'the rail’s cancel step did not run');
    });

    it('cancellation events carry the cancellation, the transfer and the status', async () => {
      const transferID = await pending();
      const answer = await cancel(transferID);
      const cancellationID = answer.json.cancellationID as string;
      const events = [...(await eventTypes(s, 'cancellation.created')), ...(await eventTypes(s, 'cancellation.updated'))].filter((e) => e.data.transferID === transferID);
      assert.deepEqual(
        events.map((e) => [e.type, e.data]),
        [
          ['cancellation.created', { cancellationID, transferID, status: 'pending' }],
          ['cancellation.updated', { cancellationID, transferID, status: 'completed' }],
        ],
      );
    });

    it('a rail without a cancel step: the wallet rail and RTP are refused by name', async () => {
      restore();
      try {
        const done = await postTransfer(s, transferBody(alice, bob, 100), { waitFor: 'rail-response' });
        await setStatus(done.json.transferID, 'pending');
        await refusedWith(done.json.transferID, 'wallet-to-wallet transfers complete at once and cannot be canceled');
        const payer = await moneyWallet(s, 10_000);
        const bank = await bankMethod(s, 'rtp-credit');
        const rtp = await createWithPacing(s, REALISTIC_PACING, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500));
        await refusedWith(rtp, 'rtp transfers cannot be canceled');
      } finally {
        restore = s.useTestRail();
      }
    });

    it('a pending cancellation fails when the transfer fails or is reversed instead', async () => {
      for (const status of ['failed', 'reversed'] as const) {
        const transferID = await pending(LATER);
        const created = await cancel(transferID);
        assert.equal(created.status, 202);
        await s.testStore.store.write((sql) => settleCancellationsOnStatus(sql, s.services.clock, { platformID: s.platform.accountID, transferID, status }));
        const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations/${created.json.cancellationID}`, { headers: V2026 });
        assert.equal(got.json.status, 'failed', status);
      }
      // A status that settles nothing (pending) leaves it pending.
      const transferID = await pending(LATER);
      const created = await cancel(transferID);
      await s.testStore.store.write((sql) => settleCancellationsOnStatus(sql, s.services.clock, { platformID: s.platform.accountID, transferID, status: 'pending' }));
      const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${transferID}/cancellations/${created.json.cancellationID}`, { headers: V2026 });
      assert.equal(got.json.status, 'pending');
    });
  });
}
