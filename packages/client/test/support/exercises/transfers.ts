import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, UUID, type Exercises } from './context.ts';
import { completedTransfer, transferBody, walletParty } from './parties.ts';

export const transferExercises: Exercises = {
  'transfers.create': async ({ server, client }) => {
    const alice = await walletParty(server, client, 10_000);
    const bob = await walletParty(server, client);
    const key = randomUUID();
    const platformID = server.platform.accountID;
    const body = transferBody(alice, bob, 2_500, { description: 'lunch' });
    const created = await client.transfers.create({ accountID: platformID, xIdempotencyKey: key, xWaitFor: 'rail-response', body });
    assert.match(created.transferID, UUID);
    assert.ok('status' in created, 'X-Wait-For: rail-response answers the full transfer');
    assert.equal(created.status, 'completed');
    assert.deepEqual(created.amount, { currency: 'USD', value: 2_500 });
    assert.equal(created.source?.wallet?.walletID, alice.walletID);
    assert.equal((await client.wallets.get({ accountID: bob.accountID, walletID: bob.walletID })).availableBalance.value, 2_500);
    // The same key again moves no money: 409 with the stored transfer.
    await assert.rejects(
      client.transfers.create({ accountID: platformID, xIdempotencyKey: key, body }),
      apiError(409, (e) => (e.body as { transferID?: string }).transferID === created.transferID),
    );
    assert.equal((await client.wallets.get({ accountID: alice.accountID, walletID: alice.walletID })).availableBalance.value, 7_500);
    // More than the wallet holds: accepted, then failed.
    const broke = await client.transfers.create({ accountID: platformID, xIdempotencyKey: randomUUID(), xWaitFor: 'rail-response', body: transferBody(bob, alice, 1_000_000) });
    assert.ok('status' in broke);
    assert.deepEqual([broke.status, broke.failureReason], ['failed', 'wallet-insufficient-funds']);
    await assert.rejects(
      client.transfers.create({ accountID: platformID, xIdempotencyKey: randomUUID(), body: transferBody(alice, bob, -5) }),
      apiError(422, (e) => e.fields?.['amount'] !== undefined),
    );
  },

  'transfers.list': async ({ server, client }) => {
    const { alice, transferID, foreignID } = await completedTransfer(server, client, 1_000, 400);
    const platformID = server.platform.accountID;
    const byForeignID = await client.transfers.list({ accountID: platformID, foreignID });
    assert.deepEqual(byForeignID.map((t) => [t.transferID, t.status]), [[transferID, 'completed']]);
    const byAccount = await client.transfers.list({ accountID: platformID, accountIDs: alice.accountID, status: 'completed' });
    assert.deepEqual(byAccount.map((t) => t.transferID), [transferID]);
    assert.equal((await client.transfers.list({ accountID: platformID, count: 1 })).length, 1);
    await assert.rejects(client.transfers.list({ accountID: platformID, startDateTime: 'soon' }), apiError(422));
  },

  'transfers.get': async ({ server, client }) => {
    const { alice, bob, transferID, foreignID } = await completedTransfer(server, client, 900, 300);
    const transfer = await client.transfers.get({ accountID: server.platform.accountID, transferID });
    assert.deepEqual([transfer.transferID, transfer.status, transfer.foreignID], [transferID, 'completed', foreignID]);
    assert.deepEqual(transfer.amount, { currency: 'USD', value: 300 });
    assert.equal(transfer.source.account.accountID, alice.accountID);
    assert.equal(transfer.destination.paymentMethodID, bob.paymentMethodID);
    await assert.rejects(client.transfers.get({ accountID: server.platform.accountID, transferID: randomUUID() }), apiError(404));
    // Only the platform's own account holds transfers.
    await assert.rejects(client.transfers.get({ accountID: alice.accountID, transferID }), apiError(404));
  },

  'transfers.update': async ({ server, client }) => {
    const { transferID } = await completedTransfer(server, client, 500, 100);
    const platformID = server.platform.accountID;
    const updated = await client.transfers.update({ accountID: platformID, transferID, body: { metadata: { order: '42' }, foreignID: 'inv-42' } });
    assert.deepEqual([updated.metadata, updated.foreignID, updated.status], [{ order: '42' }, 'inv-42', 'completed']);
    assert.deepEqual((await client.transfers.get({ accountID: platformID, transferID })).metadata, { order: '42' });
    const cleared = await client.transfers.update({ accountID: platformID, transferID, body: { metadata: null } });
    assert.equal(cleared.metadata, undefined);
    assert.equal(cleared.foreignID, 'inv-42', 'fields not sent stay');
  },
};
