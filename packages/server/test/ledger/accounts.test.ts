import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds, storePerSuite } from '../support/stores.ts';
import { createPlatform, outsideWorld, refusedWith, steppingClock } from './fixtures.ts';
import {
  availableBalance,
  ensureLedgerAccount,
  findLedgerAccountByOwner,
  getLedgerAccount,
  openLedgerAccount,
  pendingBalance,
  type LedgerAccountKind,
} from '../../src/ledger/index.ts';

for (const kind of await storeKinds()) {
  describe(`ledger accounts (${kind})`, () => {
    const t = storePerSuite(kind);
    let platformID: string;
    let otherPlatformID: string;
    const clock = steppingClock();
    before(async () => {
      platformID = await createPlatform(t.store, clock);
      otherPlatformID = await createPlatform(t.store, clock);
    });

    it('opens a wallet account with zero balances that may never go negative', async () => {
      const ownerID = randomUUID();
      const opened = await t.store.write((sql) =>
        openLedgerAccount(sql, { platformID, kind: 'wallet', ownerID, accountID: 'acct-1', currency: 'USD' }, clock),
      );
      assert.equal(opened.kind, 'wallet');
      assert.equal(opened.allowNegative, false);
      assert.equal(opened.available, 0);
      assert.equal(opened.pending, 0);
      assert.equal(opened.accountID, 'acct-1');
      const read = await t.store.read((sql) => getLedgerAccount(sql, platformID, opened.ledgerAccountID));
      assert.deepEqual(read, opened);
      const byOwner = await t.store.read((sql) => findLedgerAccountByOwner(sql, platformID, 'wallet', ownerID, 'USD'));
      assert.deepEqual(byOwner, opened);
    });

    it('lets every non-wallet kind go negative', async () => {
      for (const accountKind of ['bank-account', 'card', 'card-network', 'rail-clearing', 'fees', 'outside-world'] as const) {
        const opened = await t.store.write((sql) =>
          openLedgerAccount(sql, { platformID, kind: accountKind, ownerID: randomUUID(), currency: 'USD' }, clock),
        );
        assert.equal(opened.allowNegative, true, accountKind);
      }
    });

    it('refuses a second account for the same owner, kind and currency', async () => {
      const ownerID = randomUUID();
      await t.store.write((sql) => openLedgerAccount(sql, { platformID, kind: 'wallet', ownerID, currency: 'USD' }, clock));
      await assert.rejects(
        t.store.write((sql) => openLedgerAccount(sql, { platformID, kind: 'wallet', ownerID, currency: 'USD' }, clock)),
        refusedWith('duplicate-account'),
      );
      // Another currency is another account.
      const eur = await t.store.write((sql) => openLedgerAccount(sql, { platformID, kind: 'wallet', ownerID, currency: 'EUR' }, clock));
      assert.equal(eur.currency, 'EUR');
    });

    it('ensures a system account once, even when asked concurrently', async () => {
      const ask = () => outsideWorld(t.store, clock, platformID, 'GBP');
      const results = await Promise.all([ask(), ask(), ask(), ask()]);
      const ids = new Set(results.map((account) => account.ledgerAccountID));
      assert.equal(ids.size, 1);
      const again = await ask();
      assert.equal(again.ledgerAccountID, results[0]!.ledgerAccountID);
    });

    it('refuses bad kinds, owners and currencies', async () => {
      const open = (input: { kind?: string; ownerID?: string; currency?: string }) =>
        t.store.write((sql) =>
          openLedgerAccount(
            sql,
            {
              platformID,
              kind: (input.kind ?? 'wallet') as LedgerAccountKind,
              ownerID: input.ownerID ?? randomUUID(),
              currency: input.currency ?? 'USD',
            },
            clock,
          ),
        );
      await assert.rejects(open({ kind: 'piggy-bank' }), refusedWith('invalid-entry'));
      await assert.rejects(open({ ownerID: '' }), refusedWith('invalid-entry'));
      await assert.rejects(open({ ownerID: 'x'.repeat(129) }), refusedWith('invalid-entry'));
      await assert.rejects(open({ currency: 'usd' }), refusedWith('invalid-entry'));
      await assert.rejects(open({ currency: 'US' }), refusedWith('invalid-entry'));
      await assert.rejects(
        t.store.write((sql) => ensureLedgerAccount(sql, { platformID, kind: 'fees', ownerID: platformID, currency: '' }, clock)),
        refusedWith('invalid-entry'),
      );
    });

    it('reads balances, and treats another platform’s account as unknown', async () => {
      const opened = await t.store.write((sql) =>
        openLedgerAccount(sql, { platformID, kind: 'wallet', ownerID: randomUUID(), currency: 'USD' }, clock),
      );
      assert.deepEqual(await t.store.read((sql) => availableBalance(sql, platformID, opened.ledgerAccountID)), { currency: 'USD', value: 0 });
      assert.deepEqual(await t.store.read((sql) => pendingBalance(sql, platformID, opened.ledgerAccountID)), { currency: 'USD', value: 0 });
      await assert.rejects(t.store.read((sql) => availableBalance(sql, otherPlatformID, opened.ledgerAccountID)), refusedWith('unknown-account'));
      await assert.rejects(t.store.read((sql) => pendingBalance(sql, platformID, randomUUID())), refusedWith('unknown-account'));
      assert.equal(await t.store.read((sql) => findLedgerAccountByOwner(sql, otherPlatformID, 'wallet', opened.ownerID, 'USD')), undefined);
    });
  });
}
