import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RailyardClient } from '../../../src/index.ts';
import type { TestServer } from '../../../../server/test/support/server.ts';
import { apiError, UUID, type Exercises } from './context.ts';
import { completedTransfer, transferBody, walletParty } from './parties.ts';

/**
 * A `pending` transfer that can be canceled. Railyard's only rail so far (wallet
 * to wallet) completes at once and cannot be canceled, so the server tests'
 * stand-in rail holds the money instead until `restore()` puts the real one back.
 */
async function pendingTransfer(server: TestServer, client: RailyardClient) {
  const alice = await walletParty(server, client, 1_000);
  const bob = await walletParty(server, client);
  const created = await client.transfers.create({
    accountID: server.platform.accountID,
    xIdempotencyKey: randomUUID(),
    xWaitFor: 'rail-response',
    body: transferBody(alice, bob, 400),
  });
  assert.ok('status' in created);
  assert.equal(created.status, 'pending');
  return { alice, transferID: created.transferID };
}

export const cancellationExercises: Exercises = {
  'transfers.createCancellation': async ({ server, client }) => {
    const platformID = server.platform.accountID;
    const done = await completedTransfer(server, client, 500, 100);
    await assert.rejects(
      client.transfers.createCancellation({ accountID: platformID, transferID: done.transferID }),
      apiError(400, (e) => /completed/.test(JSON.stringify(e.body))),
    );
    const restore = server.useTestRail();
    try {
      const { alice, transferID } = await pendingTransfer(server, client);
      const cancellation = await client.transfers.createCancellation({ accountID: platformID, transferID });
      assert.match(cancellation.cancellationID, UUID);
      assert.equal(cancellation.status, 'completed');
      assert.equal((await client.transfers.get({ accountID: platformID, transferID })).status, 'canceled');
      assert.equal((await client.wallets.get({ accountID: alice.accountID, walletID: alice.walletID })).availableBalance.value, 1_000, 'the hold is released');
    } finally {
      restore();
    }
  },

  'transfers.getCancellation': async ({ server, client }) => {
    const platformID = server.platform.accountID;
    const restore = server.useTestRail();
    try {
      const { alice, transferID } = await pendingTransfer(server, client);
      const created = await client.transfers.createCancellation({ accountID: platformID, transferID });
      const got = await client.transfers.getCancellation({ accountID: platformID, transferID, cancellationID: created.cancellationID });
      assert.deepEqual(got, created);
      const bySource = await client.transfers.getCancellation({ accountID: alice.accountID, transferID, cancellationID: created.cancellationID });
      assert.equal(bySource.cancellationID, created.cancellationID, 'the source account may read it too');
      await assert.rejects(client.transfers.getCancellation({ accountID: platformID, transferID, cancellationID: randomUUID() }), apiError(404));
    } finally {
      restore();
    }
  },
};
