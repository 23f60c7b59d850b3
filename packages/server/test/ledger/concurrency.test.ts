import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { createPlatform, openAccount, outsideWorld, steppingClock } from './fixtures.ts';
import { getLedgerAccount, holdFunds, InsufficientFunds, moveFunds, verifyLedger, type LedgerAccount } from '../../src/ledger/index.ts';

const DEBITS = 200;

for (const kind of await storeKinds()) {
  // On PostgreSQL each store.write is its own transaction on a pooled connection, so these really race.
  describe(`ledger under concurrent debits (${kind})`, () => {
    const t = storePerSuite(kind);
    let platformID: string;
    let world: LedgerAccount;
    const clock = steppingClock();

    async function fundedWallet(amount: number): Promise<LedgerAccount> {
      const wallet = await openAccount(t.store, clock, platformID, 'wallet');
      await t.store.write((sql) =>
        moveFunds(
          sql,
          { platformID, referenceType: 'adjustment', referenceID: randomUUID(), description: 'funding', fromLedgerAccountID: world.ledgerAccountID, toLedgerAccountID: wallet.ledgerAccountID, amount, currency: 'USD' },
          clock,
        ),
      );
      return wallet;
    }

    before(async () => {
      platformID = await createPlatform(t.store, clock);
      world = await outsideWorld(t.store, clock, platformID);
    });

    it(`never overdraws a wallet with ${DEBITS} parallel debits`, async () => {
      const wallet = await fundedWallet(10_000);
      const debit = (amount: number) =>
        t.store.write((sql) =>
          moveFunds(
            sql,
            { platformID, referenceType: 'transfer', referenceID: randomUUID(), description: 'payout', fromLedgerAccountID: wallet.ledgerAccountID, toLedgerAccountID: world.ledgerAccountID, amount, currency: 'USD' },
            clock,
          ),
        );
      // 75 does not divide 10 000: 133 debits fit and 25 cents are left over.
      const results = await Promise.allSettled(Array.from({ length: DEBITS }, () => debit(75)));
      const succeeded = results.filter((result) => result.status === 'fulfilled').length;
      for (const result of results) {
        if (result.status === 'rejected') assert.ok(result.reason instanceof InsufficientFunds, String(result.reason));
      }
      assert.equal(succeeded, 133);
      const after = await t.store.read((sql) => getLedgerAccount(sql, platformID, wallet.ledgerAccountID));
      assert.equal(after.available, 10_000 - succeeded * 75);
      assert.equal(after.available, 25);
      assert.equal(after.postingCount, 1 + succeeded);
      assert.equal((await verifyLedger(t.store)).ok, true);
    });

    it('never overdraws with mixed amounts, holds and moves racing', async () => {
      const wallet = await fundedWallet(5_000);
      const amounts = Array.from({ length: DEBITS }, (_, i) => 1 + ((i * 37) % 90));
      const results = await Promise.allSettled(
        amounts.map((amount, i) =>
          t.store.write((sql) =>
            i % 2 === 0
              ? holdFunds(sql, { platformID, referenceType: 'transfer', referenceID: randomUUID(), description: 'pending', ledgerAccountID: wallet.ledgerAccountID, amount, currency: 'USD' }, clock)
              : moveFunds(sql, { platformID, referenceType: 'transfer', referenceID: randomUUID(), description: 'payout', fromLedgerAccountID: wallet.ledgerAccountID, toLedgerAccountID: world.ledgerAccountID, amount, currency: 'USD' }, clock),
          ),
        ),
      );
      const taken = amounts.reduce((sum, amount, i) => (results[i]!.status === 'fulfilled' ? sum + amount : sum), 0);
      const refusedAmounts = amounts.filter((_, i) => results[i]!.status === 'rejected');
      const after = await t.store.read((sql) => getLedgerAccount(sql, platformID, wallet.ledgerAccountID));
      assert.ok(after.available >= 0);
      assert.equal(after.available, 5_000 - taken);
      // A debit was refused only because what was left could not cover it.
      for (const amount of refusedAmounts) assert.ok(amount > after.available, `${amount} was refused with ${after.available} left`);
      assert.ok(refusedAmounts.length > 0, 'the wallet should run dry');
      assert.equal((await verifyLedger(t.store)).ok, true);
    });
  });
}
