import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../src/store/port.ts';
import { visibleAccountIDs } from '../../src/store/repos/account-visibility.ts';
import { findTransferPartyRow } from '../../src/store/repos/transfer-parties.ts';
import { create, individual } from '../support/accounts.ts';
import { serverPerSuite } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';
import { bankMethod } from '../support/parties.ts';
import { walletParty } from '../support/transfers.ts';

/**
 * The two store functions that decide what a platform may see when it names an
 * account or a payment method (issue 15, mutation testing: the `visibility`
 * scope, docs/testing.md), called straight on the store so each case below
 * pins one condition: own account, connected, disconnected, another
 * platform's, unknown; a wallet method and one of a bank account.
 */

/** `sql` with a count of the statements run through it. */
function counting(sql: Sql): { sql: Sql; statements: () => number } {
  let statements = 0;
  const counted = new Proxy(sql, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { sql: counted, statements: () => statements };
}

for (const kind of await storeKinds()) {
  describe(`store visibility of accounts and transfer parties (${kind})`, () => {
    const s = serverPerSuite(kind);
    let connected: string;
    let disconnected: string;
    let foreign: string;

    before(async () => {
      connected = (await create(s, individual())).accountID;
      disconnected = (await create(s, individual())).accountID;
      const gone = await s.request('DELETE', `/accounts/${disconnected}`);
      assert.equal(gone.status, 204, gone.text);
      foreign = (await create(s, individual(), s.otherPlatform.basic)).accountID;
    });

    const visible = (platformID: string, ids: readonly string[]) => s.services.store.read((sql) => visibleAccountIDs(sql, platformID, ids));

    it('sees its own account and the connected one, not a disconnected, foreign or unknown one, all in one call', async () => {
      const named = [foreign, connected, randomUUID(), s.platform.accountID, disconnected, s.otherPlatform.accountID];
      const seen = await visible(s.platform.accountID, named);
      assert.deepEqual([...seen].sort(), [connected, s.platform.accountID].sort());
      const other = await visible(s.otherPlatform.accountID, named);
      assert.deepEqual([...other].sort(), [foreign, s.otherPlatform.accountID].sort());
    });

    it('an empty list is answered without a statement (PostgreSQL refuses `IN ()`)', async () => {
      const seen = await s.services.store.read(async (sql) => {
        const probe = counting(sql);
        const answer = await visibleAccountIDs(probe.sql, s.platform.accountID, []);
        assert.equal(probe.statements(), 0, 'no statement for an empty list');
        return answer;
      });
      assert.equal(seen.size, 0);
    });

    it('a wallet method carries its wallet; a bank account method carries none', async () => {
      const wallet = await walletParty(s);
      const bank = await bankMethod(s, 'ach-credit-standard');
      const walletRow = await s.services.store.read((sql) => findTransferPartyRow(sql, s.platform.accountID, wallet.paymentMethodID));
      assert.ok(walletRow, 'the wallet method is found');
      assert.equal(walletRow.payment_method_type, 'moov-wallet');
      assert.equal(walletRow.source_kind, 'wallet');
      assert.equal(walletRow.account_id, wallet.accountID);
      assert.equal(walletRow.visible, 1);
      assert.equal(walletRow.wallet?.wallet_id, wallet.walletID, 'the wallet of the method');
      assert.equal(walletRow.wallet?.account_id, wallet.accountID);

      const bankRow = await s.services.store.read((sql) => findTransferPartyRow(sql, s.platform.accountID, bank.paymentMethodID));
      assert.ok(bankRow, 'the bank account method is found');
      assert.equal(bankRow.payment_method_type, 'ach-credit-standard');
      assert.equal(bankRow.source_id, bank.sourceID);
      assert.equal(bankRow.wallet, undefined, 'a bank account method has no wallet');
    });

    it('another platform reads the same method as not visible; an unknown method is not found', async () => {
      const wallet = await walletParty(s);
      const asOther = await s.services.store.read((sql) => findTransferPartyRow(sql, s.otherPlatform.accountID, wallet.paymentMethodID));
      assert.ok(asOther, 'the row is read whoever asks; `visible` says whether the caller may use it');
      assert.equal(asOther.visible, 0);
      const unknown = await s.services.store.read((sql) => findTransferPartyRow(sql, s.platform.accountID, randomUUID()));
      assert.equal(unknown, undefined);
    });
  });
}
