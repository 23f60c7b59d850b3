import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { holdFunds, releaseHold, type PostResult } from '../../src/ledger/index.ts';
import { findWalletRow } from '../../src/store/repos/wallets.ts';
import { listEventsAfter, MAX_EVENTS_PER_READ } from '../../src/store/repos/events.ts';
import { noteWalletPostings, walletTransactionStatus, withWalletEvents } from '../../src/domain/wallets/movement-events.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { walletParty } from '../support/transfers.ts';

// domain/wallets/movement-events.ts on its own: the status rule it shares with
// the wallet transactions query, one balance.updated per wallet per unit of
// work, and notes made outside any scope written at once.

describe('walletTransactionStatus', () => {
  it('derives what GET answers: completed once money moved, canceled once released, else pending', () => {
    assert.equal(walletTransactionStatus([]), undefined);
    assert.equal(walletTransactionStatus(['hold']), 'pending');
    assert.equal(walletTransactionStatus(['hold', 'release']), 'canceled');
    assert.equal(walletTransactionStatus(['hold', 'settle']), 'completed');
    assert.equal(walletTransactionStatus(['movement']), 'completed');
    assert.equal(walletTransactionStatus(['movement', 'reversal']), 'completed');
  });
});

for (const kind of await storeKinds()) {
  describe(`wallet movement events (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));

    let seen = 0;
    async function events(): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
      const rows = await s.testStore.store.read((sql) => listEventsAfter(sql, s.platform.accountID, seen, MAX_EVENTS_PER_READ));
      if (rows.length > 0) seen = Number(rows[rows.length - 1]!.event_seq);
      return rows.map((row) => ({ type: row.event_type, data: JSON.parse(row.data) }));
    }

    /** Holds (and maybe releases) 100 of the party's wallet under a fresh reference; answers the hold's entry ID. */
    async function holdAndMaybeRelease(party: { accountID: string; walletID: string }, options: { scoped: boolean; release: boolean }): Promise<string> {
      const referenceID = randomUUID();
      let holdEntry = '';
      await s.testStore.store.write(async (sql) => {
        const wallet = (await findWalletRow(sql, party.accountID, party.walletID))!;
        const clock = s.services.clock;
        const ref = { platformID: wallet.platform_id, referenceType: 'transfer', referenceID, description: 'test', ledgerAccountID: wallet.ledger_account_id, amount: 100, currency: 'USD' };
        const work = async () => {
          const held: PostResult = await holdFunds(sql, { ...ref, idempotencyRef: `${referenceID}:hold` }, clock);
          holdEntry = held.entry.entryID;
          await noteWalletPostings(sql, clock, held, [wallet, undefined]);
          if (options.release) await noteWalletPostings(sql, clock, await releaseHold(sql, { ...ref, idempotencyRef: `${referenceID}:release` }, clock), [wallet]);
          // A replayed entry moved nothing: no note.
          await noteWalletPostings(sql, clock, await holdFunds(sql, { ...ref, idempotencyRef: `${referenceID}:hold` }, clock), [wallet]);
        };
        if (options.scoped) await withWalletEvents(sql, work);
        else await work();
      });
      return holdEntry;
    }

    it('in a scope: hold and release net to nothing (no balance.updated); the transaction appears canceled', async () => {
      const party = await walletParty(s, 1_000);
      await events();
      const transactionID = await holdAndMaybeRelease(party, { scoped: true, release: true });
      assert.deepEqual(await events(), [{ type: 'walletTransaction.updated', data: { accountID: party.accountID, walletID: party.walletID, transactionID, status: 'canceled' } }]);
    });

    it('without a scope each note is written at once (never lost, only not merged)', async () => {
      const party = await walletParty(s, 1_000);
      await events();
      const transactionID = await holdAndMaybeRelease(party, { scoped: false, release: true });
      const wallet = { accountID: party.accountID, walletID: party.walletID };
      assert.deepEqual(await events(), [
        { type: 'walletTransaction.updated', data: { ...wallet, transactionID, status: 'pending' } },
        { type: 'balance.updated', data: wallet },
        { type: 'walletTransaction.updated', data: { ...wallet, transactionID, status: 'canceled' } },
        { type: 'balance.updated', data: wallet },
      ]);
    });

    it('a unit of work that throws writes no wallet event', async () => {
      const party = await walletParty(s, 1_000);
      await events();
      await assert.rejects(
        s.testStore.store.write(async (sql) => {
          const wallet = (await findWalletRow(sql, party.accountID, party.walletID))!;
          await withWalletEvents(sql, async () => {
            const referenceID = randomUUID();
            const held = await holdFunds(sql, { platformID: wallet.platform_id, referenceType: 'transfer', referenceID, description: 'test', ledgerAccountID: wallet.ledger_account_id, amount: 100, currency: 'USD' }, s.services.clock);
            await noteWalletPostings(sql, s.services.clock, held, [wallet]);
            throw new Error('refused');
          });
        }),
        /refused/,
      );
      assert.deepEqual(await events(), []);
      // The next unit of work on the same connection starts clean.
      const transactionID = await holdAndMaybeRelease(party, { scoped: true, release: false });
      assert.deepEqual(await events(), [
        { type: 'walletTransaction.updated', data: { accountID: party.accountID, walletID: party.walletID, transactionID, status: 'pending' } },
        { type: 'balance.updated', data: { accountID: party.accountID, walletID: party.walletID } },
      ]);
    });
  });
}
