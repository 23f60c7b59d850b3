import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PACING, REALISTIC_PACING } from '../../src/domain/transfers/pacing.ts';
import { transitionTransfer } from '../../src/domain/transfers/transitions.ts';
import type { TransferRecord } from '../../src/domain/transfers/model.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock, type TestServer } from '../support/server.ts';
import { bankMethod, moneyWallet } from '../support/parties.ts';
import { createWithPacing, methodTransferBody } from '../support/transfers.ts';

/**
 * `transitionTransfer` (docs/transfers.md "State machine"; docs/webhooks.md
 * "Events"), where the transfers mutation scope (docs/testing.md) found it
 * unpinned: rail details merged key by key, the rail's first answer stamped
 * once, `completedOn` only when the status becomes `completed`, one
 * `transfer.updated` per leg and one for a new status (with the foreignID), a
 * stale copy refused without writing.
 */

const T0 = Date.parse('2026-05-04T15:00:00.000Z');

/** The transfer as stored now, through the service's own read of the record. */
async function stored(s: TestServer, transferID: string): Promise<TransferRecord> {
  const record = await s.services.transfers.record(s.platform.accountID, transferID);
  assert.ok(record, 'the transfer is stored');
  return record;
}

async function updatesOf(s: TestServer, transferID: string): Promise<Array<Record<string, unknown>>> {
  const rows = await s.testStore.store.read((sql) =>
    sql.all<{ data: string }>("SELECT data FROM events WHERE platform_id = ? AND event_type = 'transfer.updated' ORDER BY event_seq", [s.platform.accountID]),
  );
  return rows.map((row) => JSON.parse(row.data) as Record<string, unknown>).filter((data) => data['transferID'] === transferID);
}

for (const kind of await storeKinds()) {
  describe(`transitionTransfer, pinned (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    /** An RTP credit waiting for the bank's answer (realistic pacing): pending, destination initiated, no rail answer yet. */
    async function waitingCredit(foreignID?: string): Promise<TransferRecord> {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      const transferID = await createWithPacing(s, REALISTIC_PACING, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500, foreignID === undefined ? {} : { foreignID }));
      const transfer = await stored(s, transferID);
      assert.deepEqual([transfer.status, transfer.railAnsweredOn, transfer.completedOn], ['pending', undefined, undefined]);
      return transfer;
    }

    const at = (ms: number) => ({ now: () => new Date(ms) });
    const apply = (transfer: TransferRecord, change: Parameters<typeof transitionTransfer>[3], ms: number) =>
      s.testStore.store.write((sql) => transitionTransfer(sql, at(ms), transfer, change));

    it('merges rail details key by key, stamps the first answer once and completedOn only on the change to completed', async () => {
      const waiting = await waitingCredit();
      const initiatedOn = waiting.destination.details.rtpDetails?.['initiatedOn'];
      assert.equal(typeof initiatedOn, 'string');
      // A detail without a status change: no completedOn, the first answer stamped.
      const answered = await apply(waiting, { destination: { rtpDetails: { networkResponseCode: 'X' } }, railAnswered: true }, T0);
      assert.deepEqual(answered.destination.details, { rtpDetails: { status: 'initiated', initiatedOn, networkResponseCode: 'X' } });
      assert.deepEqual(answered.source.details, {}, 'the other side untouched');
      assert.deepEqual([answered.status, answered.railAnsweredOn, answered.completedOn, answered.updatedOn, answered.rowVersion], [
        'pending',
        new Date(T0).toISOString(),
        undefined,
        new Date(T0).toISOString(),
        waiting.rowVersion + 1,
      ]);
      const completed = await apply(answered, { status: 'completed', destination: { rtpDetails: { status: 'completed', completedOn: 'c' } }, railAnswered: true, legEvents: ['destination.completed'] }, T0 + 1_000);
      assert.deepEqual([completed.railAnsweredOn, completed.completedOn], [new Date(T0).toISOString(), new Date(T0 + 1_000).toISOString()], 'the first answer kept; completed now');
      assert.deepEqual(completed.destination.details, { rtpDetails: { status: 'completed', initiatedOn, networkResponseCode: 'X', completedOn: 'c' } });
      // The same status again is no change: completedOn stays, no status event.
      const again = await apply(completed, { status: 'completed', railState: { step: 'done' } }, T0 + 2_000);
      assert.deepEqual([again.completedOn, again.railState, again.updatedOn], [new Date(T0 + 1_000).toISOString(), { step: 'done' }, new Date(T0 + 2_000).toISOString()]);
      assert.deepEqual(await stored(s, waiting.transferID), again, 'what it answers is what it stored');
      assert.deepEqual(
        (await updatesOf(s, waiting.transferID)).map((data) => data['status']),
        ['destination.initiated', 'pending', 'destination.completed', 'completed'],
        'one event per leg, then one for the new status, none for an unchanged one',
      );
    });

    it('events carry the parties and the foreignID; a failure sets its reason', async () => {
      const waiting = await waitingCredit('order-77');
      const failed = await apply(waiting, { status: 'failed', failureReason: 'destination-payment-error', destination: { rtpDetails: { status: 'failed' } }, legEvents: ['destination.failed'] }, T0);
      assert.equal(failed.failureReason, 'destination-payment-error');
      const last = (await updatesOf(s, waiting.transferID)).at(-1);
      assert.deepEqual(last, {
        accountID: s.platform.accountID,
        transferID: waiting.transferID,
        status: 'failed',
        source: { accountID: waiting.source.accountID, paymentMethodID: waiting.source.paymentMethodID },
        destination: { accountID: waiting.destination.accountID, paymentMethodID: waiting.destination.paymentMethodID },
        foreignID: 'order-77',
      });
    });

    it('a patch of one details kind keeps the side’s other kinds (details on a wallet transfer are not checked)', async () => {
      const alice = await moneyWallet(s, 1_000);
      const bob = await moneyWallet(s, 0);
      const done = await stored(s, await createWithPacing(s, FAST_PACING, methodTransferBody(alice.paymentMethodID, bob.paymentMethodID, 100)));
      const first = await apply(done, { source: { achDetails: { note: 'a' } } }, T0);
      const second = await apply(first, { source: { cardDetails: { note: 'c' } }, destination: { rtpDetails: { note: 'r' } } }, T0 + 1);
      assert.deepEqual(second.source.details, { achDetails: { note: 'a' }, cardDetails: { note: 'c' } });
      assert.deepEqual(second.destination.details, { rtpDetails: { note: 'r' } });
    });

    it('a stale copy (another writer changed the transfer) is refused and writes nothing', async () => {
      const waiting = await waitingCredit();
      await apply(waiting, { railState: { step: 'initiated', note: 'first' } }, T0);
      const before = await stored(s, waiting.transferID);
      const eventsBefore = (await updatesOf(s, waiting.transferID)).length;
      await assert.rejects(apply(waiting, { status: 'completed', destination: { rtpDetails: { status: 'completed' } }, legEvents: ['destination.completed'] }, T0 + 1_000), {
        name: 'TransferChangedConcurrently',
        message: `transfer ${waiting.transferID} changed concurrently`,
      });
      assert.deepEqual(await stored(s, waiting.transferID), before);
      assert.equal((await updatesOf(s, waiting.transferID)).length, eventsBefore);
    });
  });
}
