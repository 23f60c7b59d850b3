import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { MAX_RECEIPTS_PER_REQUEST } from '@railyard/contract';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { postTransfer, transferBody, walletParty, type WalletParty } from '../support/transfers.ts';

const KIND = 'sale.customer.v1';

for (const kind of await storeKinds()) {
  describe(`receipts (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: WalletParty;
    let bob: WalletParty;
    let completedID: string;
    before(async () => {
      alice = await walletParty(s, 10_000);
      bob = await walletParty(s);
      completedID = (await postTransfer(s, transferBody(alice, bob, 100), { waitFor: 'rail-response' })).json.transferID;
    });

    const post = (body: unknown, auth?: string) => s.request('POST', '/receipts', { body, headers: V2026, ...(auth ? { auth } : {}) });
    const list = (id: string, auth?: string) => s.request('GET', `/receipts?id=${id}`, { headers: V2026, ...(auth ? { auth } : {}) });

    it('records a receipt for a completed transfer as sent at once, with a receipt.sent event', async () => {
      const created = await post([
        { kind: KIND, email: 'buyer@example.com', forTransferID: completedID },
        { kind: KIND, emailAccountID: bob.accountID, forTransferID: completedID },
      ]);
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.length, 2);
      const [byEmail, byAccount] = created.json;
      assert.equal(byEmail.createdBy, s.platform.accountID);
      assert.equal(byEmail.kind, KIND);
      assert.equal(byEmail.email, 'buyer@example.com');
      assert.equal(byEmail.emailAccountID, undefined);
      assert.equal(byAccount.emailAccountID, bob.accountID);
      for (const receipt of created.json) {
        assert.equal(receipt.forTransferID, completedID);
        assert.equal(receipt.sentFor.length, 1);
        assert.ok(receipt.sentFor[0].receiptID && receipt.sentFor[0].idempotencyKey && receipt.sentFor[0].sentOn);
      }
      const sent = (await eventTypes(s, 'receipt.sent')).filter((e) => e.data.transferID === completedID);
      assert.deepEqual(sent.map((e) => e.data.receiptID).sort(), [byEmail.receiptID, byAccount.receiptID].sort());
      assert.equal(sent.find((e) => e.data.receiptID === byEmail.receiptID)!.data.email, 'buyer@example.com');

      const listed = await list(completedID);
      assert.equal(listed.status, 200);
      // Oldest first; requests made together are ordered by receiptID.
      const byID = (a: { receiptID: string }, b: { receiptID: string }) => a.receiptID.localeCompare(b.receiptID);
      assert.deepEqual(listed.json, [...created.json].sort(byID));
    });

    it('sends a receipt for a pending transfer when it completes, once', async () => {
      const paced = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: { ...FAST_PACING, walletCompleteAfterSeconds: 60 } });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const pending = await paced.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(alice, bob, 200) });
      assert.equal((pending.body as { status?: string }).status, 'pending');
      const transferID = pending.body.transferID;
      const created = await post([{ kind: KIND, email: 'later@example.com', forTransferID: transferID }]);
      assert.equal(created.status, 201);
      assert.equal(created.json[0].sentFor, undefined);
      assert.equal((await eventTypes(s, 'receipt.sent')).filter((e) => e.data.transferID === transferID).length, 0);

      await s.services.platformClock.advance(caller.platformID, { seconds: 61 });
      await s.services.jobs.runDueJobs({ platformID: caller.platformID });
      const listed = await list(transferID);
      assert.equal(listed.json[0].sentFor.length, 1);
      assert.equal((await eventTypes(s, 'receipt.sent')).filter((e) => e.data.transferID === transferID).length, 1);
    });

    it('refuses bad requests: 400 for non-arrays and wrong counts, 422 by index for bad items', async () => {
      assert.equal((await post({ kind: KIND })).status, 400);
      assert.equal((await post([])).status, 400);
      const tooMany = Array.from({ length: MAX_RECEIPTS_PER_REQUEST + 1 }, () => ({ kind: KIND, email: 'a@example.com', forTransferID: completedID }));
      assert.equal((await post(tooMany)).status, 400);
      const bad = await post([
        { kind: KIND, email: 'ok@example.com', forTransferID: completedID },
        { kind: 'sale.merchant.v9', email: 'ok@example.com', forTransferID: completedID },
        { kind: KIND, email: 'a@example.com', emailAccountID: bob.accountID, forTransferID: completedID },
        { kind: KIND, forTransferID: completedID },
        { kind: KIND, email: 'not-an-email', forTransferID: completedID },
        { kind: KIND, email: 'a@example.com', forScheduleID: randomUUID() },
        { kind: KIND, email: 'a@example.com', forOccurrenceID: randomUUID() },
        { kind: KIND, email: 'a@example.com', forTransferID: completedID, forScheduleID: randomUUID() },
        { kind: KIND, email: 'a@example.com' },
        { kind: KIND, email: 'a@example.com', forTransferID: 'nope' },
        'string',
      ]);
      assert.equal(bad.status, 422, bad.text);
      assert.deepEqual(Object.keys(bad.json).sort((a, b) => Number(a) - Number(b)), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      assert.match(bad.json['5'].forScheduleID, /do not exist in Railyard/);
      assert.match(bad.json['6'].forOccurrenceID, /do not exist in Railyard/);
      // Nothing of a refused request is recorded, not even its good items.
      const before = (await list(completedID)).json.length;
      const missing = await post([
        { kind: KIND, email: 'ok@example.com', forTransferID: completedID },
        { kind: KIND, email: 'a@example.com', forTransferID: randomUUID() },
      ]);
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.json, { '1': { forTransferID: 'no such transfer' } });
      assert.equal((await list(completedID)).json.length, before);
    });

    it('keeps platforms apart: another platform’s transfer or account is missing, and lists nothing', async () => {
      const foreignAccount = await walletParty(s, 0, s.otherPlatform.basic);
      const asOther = await post([{ kind: KIND, email: 'x@example.com', forTransferID: completedID }], s.otherPlatform.basic);
      assert.equal(asOther.status, 422);
      assert.deepEqual(asOther.json, { '0': { forTransferID: 'no such transfer' } });
      const foreignRecipient = await post([{ kind: KIND, emailAccountID: foreignAccount.accountID, forTransferID: completedID }]);
      assert.deepEqual(foreignRecipient.json, { '0': { emailAccountID: 'no such account' } });
      const listed = await list(completedID, s.otherPlatform.basic);
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.json, []);
    });

    it('requires a UUID id to list', async () => {
      assert.equal((await s.request('GET', '/receipts', { headers: V2026 })).status, 400);
      assert.equal((await list('nope')).status, 400);
      assert.deepEqual((await list(randomUUID())).json, []);
    });
  });
}
