import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { finishTestTransfer, LATER, TOO_LATE } from '../support/test-rail.ts';
import { V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { assertLedgerOk, balance, postTransfer, transferBody, type WalletParty, walletParty } from '../support/transfers.ts';

for (const kind of await storeKinds()) {
  describe(`cancellations (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: () => restore() });
    let alice: WalletParty;
    let bob: WalletParty;
    let restore: () => void = () => {};
    before(async () => {
      alice = await walletParty(s, 10_000);
      bob = await walletParty(s);
    });

    const base = () => `/accounts/${s.platform.accountID}/transfers`;
    const cancel = (transferID: string, auth?: string) => s.request('POST', `${base()}/${transferID}/cancellations`, { headers: V2026, ...(auth ? { auth } : {}) });
    const pendingTransfer = async (cents: number) => {
      const created = await postTransfer(s, transferBody(alice, bob, cents), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'pending');
      return created.json.transferID as string;
    };

    it('refuses completed wallet-to-wallet transfers and paced (pending) wallet transfers with 400', async () => {
      const done = await postTransfer(s, transferBody(alice, bob, 100), { waitFor: 'rail-response' });
      assert.equal(done.json.status, 'completed');
      const refused = await cancel(done.json.transferID);
      assert.equal(refused.status, 400);
      assert.match(refused.json.error, /completed/);

      const paced = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: { ...FAST_PACING, walletCompleteAfterSeconds: 600 } });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const pending = await paced.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(alice, bob, 100) });
      assert.equal((pending.body as { status?: string }).status, 'pending');
      const wallet = await cancel(pending.body.transferID);
      assert.equal(wallet.status, 400);
      assert.match(wallet.json.error, /wallet-to-wallet/);
      await s.services.platformClock.advance(caller.platformID, { seconds: 601 });
      await s.services.jobs.runDueJobs({ platformID: caller.platformID });
    });

    it('cancels a pending transfer at once: 200 completed, transfer canceled, hold released, events written', async () => {
      restore = s.useTestRail();
      const before = await balance(s, alice);
      const transferID = await pendingTransfer(500);
      assert.equal(await balance(s, alice), before - 500);

      const created = await cancel(transferID);
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'completed');
      assert.ok(created.json.cancellationID);
      assert.ok(!Number.isNaN(Date.parse(created.json.createdOn)));
      assert.equal(await balance(s, alice), before);

      const transfer = await s.request('GET', `${base()}/${transferID}`, { headers: V2026 });
      assert.equal(transfer.json.status, 'canceled');
      assert.equal(transfer.json.source.cardDetails.status, 'canceled');
      assert.ok(transfer.json.source.cardDetails.canceledOn);
      assert.deepEqual(transfer.json.cancellations, [created.json]);
      const listed = await s.request('GET', `${base()}?status=canceled`, { headers: V2026 });
      assert.deepEqual(listed.json.find((t: { transferID: string }) => t.transferID === transferID).cancellations, [created.json]);

      const got = await s.request('GET', `${base()}/${transferID}/cancellations/${created.json.cancellationID}`, { headers: V2026 });
      assert.equal(got.status, 200);
      assert.deepEqual(got.json, created.json);

      const cancellationEvents = (await eventTypes(s)).filter((e) => e.type.startsWith('cancellation.') && e.data.transferID === transferID);
      assert.deepEqual(cancellationEvents.map((e) => `${e.type}:${e.data.status}`).sort(), ['cancellation.created:pending', 'cancellation.updated:completed']);
      const transferEvents = (await eventTypes(s, 'transfer.updated')).filter((e) => e.data.transferID === transferID).map((e) => e.data.status);
      // Events of one unit of work share a timestamp; their order among themselves is not kept.
      assert.deepEqual(transferEvents.slice(-2).sort(), ['canceled', 'source.canceled']);

      const again = await cancel(transferID);
      assert.equal(again.status, 400);
      assert.match(again.json.error, /already been canceled/);
      await assertLedgerOk(s);
    });

    it('answers 400 and writes nothing when the rail says it is too late', async () => {
      const transferID = await pendingTransfer(TOO_LATE);
      const refused = await cancel(transferID);
      assert.equal(refused.status, 400);
      assert.equal(refused.json.error, 'the transfer has already been originated');
      const transfer = await s.request('GET', `${base()}/${transferID}`, { headers: V2026 });
      assert.equal(transfer.json.status, 'pending');
      assert.equal(transfer.json.cancellations, undefined);
      assert.equal((await eventTypes(s, 'cancellation.created')).filter((e) => e.data.transferID === transferID).length, 0);
    });

    it('answers 202 pending when the rail finishes later; it completes when the transfer is canceled, or fails when it completes', async () => {
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const first = await pendingTransfer(LATER);
      const pending = await cancel(first);
      assert.equal(pending.status, 202, pending.text);
      assert.equal(pending.json.status, 'pending');
      const inProgress = await cancel(first);
      assert.equal(inProgress.status, 400);
      assert.match(inProgress.json.error, /in progress/);
      await s.testStore.store.write(async (sql) => {
        const clock = await s.services.platformClock.view(sql, caller.platformID);
        await finishTestTransfer(sql, clock, (await s.services.transfers.record(caller.platformID, first))!, 'canceled');
      });
      const completed = await s.request('GET', `${base()}/${first}/cancellations/${pending.json.cancellationID}`, { headers: V2026 });
      assert.equal(completed.json.status, 'completed');

      const second = await pendingTransfer(LATER);
      const lost = await cancel(second);
      assert.equal(lost.status, 202);
      const record = await s.services.transfers.record(caller.platformID, second);
      await s.testStore.store.write(async (sql) => {
        const clock = await s.services.platformClock.view(sql, caller.platformID);
        await finishTestTransfer(sql, clock, record!, 'completed');
      });
      const failed = await s.request('GET', `${base()}/${second}/cancellations/${lost.json.cancellationID}`, { headers: V2026 });
      assert.equal(failed.json.status, 'failed');
      const transfer = await s.request('GET', `${base()}/${second}`, { headers: V2026 });
      assert.equal(transfer.json.status, 'completed');
      assert.deepEqual(transfer.json.cancellations, [failed.json]);
      await assertLedgerOk(s);
    });

    it('reads a cancellation through the source or destination account; 404 for others, missing ones and other platforms', async () => {
      const transferID = await pendingTransfer(300);
      const created = await cancel(transferID);
      const path = (accountID: string, cancellationID = created.json.cancellationID) =>
        `/accounts/${accountID}/transfers/${transferID}/cancellations/${cancellationID}`;
      assert.equal((await s.request('GET', path(alice.accountID), { headers: V2026 })).status, 200);
      assert.equal((await s.request('GET', path(bob.accountID), { headers: V2026 })).status, 200);
      assert.equal((await s.request('GET', path(randomUUID()), { headers: V2026 })).status, 404);
      assert.equal((await s.request('GET', path(s.platform.accountID, randomUUID()), { headers: V2026 })).status, 404);
      assert.equal((await s.request('GET', path(s.platform.accountID, 'not-a-uuid'), { headers: V2026 })).status, 404);
      const other = await s.request('GET', path(s.otherPlatform.accountID), { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(other.status, 404);
      assert.equal(other.text, '');
    });

    it('answers 404 for a missing transfer, another platform’s transfer, or a path account other than the platform', async () => {
      const transferID = await pendingTransfer(200);
      assert.equal((await cancel(randomUUID())).status, 404);
      const foreign = await s.request('POST', `/accounts/${s.otherPlatform.accountID}/transfers/${transferID}/cancellations`, { auth: s.otherPlatform.basic });
      assert.equal(foreign.status, 404);
      const wrongAccount = await s.request('POST', `/accounts/${alice.accountID}/transfers/${transferID}/cancellations`);
      assert.equal(wrongAccount.status, 404);
      const stillPending = await s.request('GET', `${base()}/${transferID}`, { headers: V2026 });
      assert.equal(stillPending.json.status, 'pending');
    });
  });
}
