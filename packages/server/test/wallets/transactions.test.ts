import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { holdFunds, releaseHold, settleHold } from '../../src/ledger/index.ts';
import { findWalletRow } from '../../src/store/repos/wallets.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { completeIndividual, fundWallet, v2026 } from './helpers.ts';
import { create } from '../support/accounts.ts';

for (const kind of await storeKinds()) {
  describe(`wallet transactions (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: string;
    let aliceWallet: string;
    let bob: string;
    let bobWallet: string;
    let funding: string;
    let settled: string;
    let canceled: string;
    let pending: string;
    const path = () => `/accounts/${alice}/wallets/${aliceWallet}/transactions`;

    /** Hold, then settle or release, as a wallet-funded transfer will (docs/ledger.md). */
    async function transfer(amount: number, end: 'settle' | 'release' | 'none'): Promise<string> {
      const referenceID = randomUUID();
      await s.testStore.store.write(async (sql) => {
        const from = (await findWalletRow(sql, alice, aliceWallet))!;
        const to = (await findWalletRow(sql, bob, bobWallet))!;
        const ref = { platformID: from.platform_id, referenceType: 'transfer', referenceID, description: `transfer of ${amount}` };
        const clock = s.services.clock;
        await holdFunds(sql, { ...ref, ledgerAccountID: from.ledger_account_id, amount, currency: 'USD' }, clock);
        if (end === 'settle') {
          await settleHold(sql, { ...ref, ledgerAccountID: from.ledger_account_id, amount, currency: 'USD', credits: [{ ledgerAccountID: to.ledger_account_id, amount }] }, clock);
        } else if (end === 'release') {
          await releaseHold(sql, { ...ref, ledgerAccountID: from.ledger_account_id, amount, currency: 'USD' }, clock);
        }
      });
      return referenceID;
    }

    before(async () => {
      alice = (await create(s, completeIndividual(['wallet.balance']))).accountID;
      bob = (await create(s, completeIndividual(['wallet.balance']))).accountID;
      aliceWallet = (await v2026(s, 'GET', `/accounts/${alice}/wallets`)).json[0].walletID;
      bobWallet = (await v2026(s, 'GET', `/accounts/${bob}/wallets`)).json[0].walletID;
      funding = await fundWallet(s, alice, aliceWallet, 10_000);
      settled = await transfer(2_500, 'settle');
      canceled = await transfer(1_000, 'release');
      pending = await transfer(500, 'none');
    });

    it('derives one transaction per source, newest first, with amounts and balances', async () => {
      const list = await v2026(s, 'GET', path());
      assert.equal(list.status, 200);
      assert.deepEqual(list.json.map((t: any) => t.sourceID), [pending, canceled, settled, funding]);
      const [p, c, st, f] = list.json;
      assert.equal(f.transactionType, 'account-funding');
      assert.equal(f.sourceType, 'transfer');
      assert.equal(f.status, 'completed');
      assert.equal(f.netAmount, 10_000);
      assert.equal(f.grossAmountDecimal, '100.00');
      assert.equal(f.fee, 0);
      assert.equal(f.availableBalance, 10_000);
      assert.ok(f.completedOn);
      assert.equal(st.transactionType, 'wallet-transfer');
      assert.equal(st.status, 'completed');
      assert.equal(st.netAmount, -2_500);
      assert.equal(st.netAmountDecimal, '-25.00');
      assert.equal(st.availableBalance, 7_500);
      assert.equal(st.memo, 'transfer of 2500');
      assert.equal(c.status, 'canceled');
      assert.equal(c.netAmount, -1_000);
      assert.equal(c.availableBalance, undefined);
      assert.equal(p.status, 'pending');
      assert.equal(p.netAmount, -500);
      assert.equal(p.completedOn, undefined);
      const bobs = await v2026(s, 'GET', `/accounts/${bob}/wallets/${bobWallet}/transactions`);
      assert.equal(bobs.json.length, 1);
      assert.equal(bobs.json[0].netAmount, 2_500);
      assert.equal(bobs.json[0].transactionType, 'wallet-transfer');
      const wallet = await v2026(s, 'GET', `/accounts/${alice}/wallets/${aliceWallet}`);
      assert.equal(wallet.json.availableBalance.value, 10_000 - 2_500 - 500);
    });

    it('filters by every documented parameter and pages', async () => {
      const ids = async (query: string) => (await v2026(s, 'GET', `${path()}?${query}`)).json.map((t: any) => t.sourceID);
      assert.deepEqual(await ids('status=completed'), [settled, funding]);
      assert.deepEqual(await ids('status=pending'), [pending]);
      assert.deepEqual(await ids('transactionType=account-funding'), [funding]);
      assert.deepEqual(await ids('transactionTypes=account-funding,wallet-transfer'), [settled, funding]);
      // Until money reaches the other side, an outgoing hold knows no counterpart: it shows as a payout.
      assert.deepEqual(await ids('transactionType=payout'), [pending, canceled]);
      assert.deepEqual(await ids('transactionType=payout&transactionTypes=account-funding'), [pending, canceled, funding]);
      assert.deepEqual(await ids('sourceType=transfer&sourceID=' + settled), [settled]);
      assert.deepEqual(await ids('sourceType=fee'), []);
      assert.deepEqual(await ids('sweepID=' + randomUUID()), []);
      assert.deepEqual(await ids('createdStartDateTime=2000-01-01T00:00:00Z&createdEndDateTime=2999-01-01T00:00:00%2B02:00'), [pending, canceled, settled, funding]);
      assert.deepEqual(await ids('createdEndDateTime=2000-01-01T00:00:00Z'), []);
      assert.deepEqual(await ids('completedStartDateTime=2000-01-01T00:00:00Z'), [settled, funding]);
      assert.deepEqual(await ids('completedEndDateTime=2000-01-01T00:00:00Z'), []);
      assert.deepEqual(await ids('skip=1&count=2'), [canceled, settled]);
    });

    it('refuses bad filters with ListWalletTransactionsValidationError keys', async () => {
      const cases: Array<[string, string]> = [
        ['transactionType=teleport', 'transactionType'],
        ['transactionTypes=payout,teleport', 'transactionTypes'],
        ['transactionTypes=', 'transactionTypes'],
        ['sourceType=bank', 'sourceType'],
        ['status=done', 'status'],
        ['createdStartDateTime=yesterday', 'createdStartDateTime'],
        ['createdEndDateTime=2024-13-01T00:00:00Z', 'createdEndDateTime'],
        ['completedStartDateTime=2024-01-01', 'completedStartDateTime'],
        ['completedEndDateTime=1', 'completedEndDateTime'],
        ['createdStartDateTime=2024-02-01T00:00:00Z&createdEndDateTime=2024-01-01T00:00:00Z', 'createdEndDateTime'],
        ['sourceID=' + 'x'.repeat(65), 'sourceID'],
        ['sweepID=', 'sweepID'],
        ['count=201', 'count'],
        ['skip=abc', 'skip'],
      ];
      for (const [query, key] of cases) {
        const response = await v2026(s, 'GET', `${path()}?${query}`);
        assert.equal(response.status, 422, query);
        assert.equal(typeof response.json[key], 'string', `${query} → ${JSON.stringify(response.json)}`);
      }
    });

    it('gets one transaction, only through its own wallet and platform', async () => {
      const list = (await v2026(s, 'GET', path())).json;
      const one = await v2026(s, 'GET', `${path()}/${list[2].transactionID}`);
      assert.equal(one.status, 200);
      assert.deepEqual(one.json, list[2]);
      assert.equal((await v2026(s, 'GET', `${path()}/${randomUUID()}`)).status, 404);
      assert.equal((await v2026(s, 'GET', `${path()}/not-a-uuid`)).status, 404);
      assert.equal((await v2026(s, 'GET', `/accounts/${bob}/wallets/${bobWallet}/transactions/${list[3].transactionID}`)).status, 404);
      assert.equal((await v2026(s, 'GET', `${path()}/${list[2].transactionID}`, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await v2026(s, 'GET', path(), undefined, s.otherPlatform.basic)).status, 404);
    });
  });
}
