import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { eventTypes } from '../support/events.ts';
import { assertLedgerOk, balance, postTransfer, transferBody, walletParty } from '../support/transfers.ts';

// The wallet rail (rails/wallet.ts; docs/api-behaviour.md §6.2) where the rails
// tests did not look, found by the mutation run of the rails scope (issue 15,
// item 6): a wallet without the money fails the transfer with
// `wallet-insufficient-funds` and moves nothing; an instant transfer writes
// `balance.updated` for both wallets; a paced one posts `hold` then `settle`
// under `transfer:<id>:<step>` (docs/transfers.md).

for (const kind of await storeKinds()) {
  describe(`wallet rail (${kind})`, () => {
    const s = serverPerSuite(kind);

    it('a wallet without the money: failed, wallet-insufficient-funds, nothing moved, answered at once', async () => {
      const alice = await walletParty(s, 300);
      const bob = await walletParty(s);
      const created = await postTransfer(s, transferBody(alice, bob, 301), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'failed');
      assert.equal(created.json.failureReason, 'wallet-insufficient-funds');
      assert.deepEqual([await balance(s, alice), await balance(s, bob)], [300, 0]);
      await assertLedgerOk(s);
    });

    it('an instant transfer writes balance.updated for the source and the destination wallet', async () => {
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const before = (await eventTypes(s, 'balance.updated')).length;
      const created = await postTransfer(s, transferBody(alice, bob, 250), { waitFor: 'rail-response' });
      assert.equal(created.json.status, 'completed', created.text);
      const updated = (await eventTypes(s, 'balance.updated')).slice(before).map((e) => e.data.walletID as string);
      assert.deepEqual(updated.sort(), [alice.walletID, bob.walletID].sort());
    });

    it('a paced transfer posts hold at creation and settle when the job runs, keyed by step', async () => {
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const paced = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: s.services.rails, pacing: { ...FAST_PACING, walletCompleteAfterSeconds: 60 } });
      const caller = { platformID: s.platform.accountID, publicKey: s.platform.publicKey };
      const outcome = await paced.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: true, body: transferBody(alice, bob, 400) });
      await s.services.platformClock.advance(caller.platformID, { seconds: 61 });
      await s.services.jobs.runDueJobs({ platformID: caller.platformID });
      const id = outcome.body.transferID;
      const refs = await s.testStore.store.read((sql) =>
        sql.all<{ entry_type: string; idempotency_ref: string }>('SELECT entry_type, idempotency_ref FROM ledger_entries WHERE platform_id = ? AND reference_id = ? ORDER BY created_on, entry_id', [
          caller.platformID,
          id,
        ]),
      );
      assert.deepEqual(refs.map((r) => [r.entry_type, r.idempotency_ref]), [['hold', `transfer:${id}:hold`], ['settle', `transfer:${id}:settle`]]);
      assert.deepEqual([await balance(s, alice), await balance(s, bob)], [600, 400]);
    });
  });
}
