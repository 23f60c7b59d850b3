import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { completeIndividual, eventTypes, fundWallet, v2026 } from './helpers.ts';
import { create, individual } from '../support/accounts.ts';

for (const kind of await storeKinds()) {
  describe(`wallets (${kind})`, () => {
    const s = serverPerSuite(kind);
    let accountID: string;
    let defaultWalletID: string;
    before(async () => {
      accountID = (await create(s, completeIndividual(['wallet.balance']))).accountID;
      defaultWalletID = (await v2026(s, 'GET', `/accounts/${accountID}/wallets`)).json[0].walletID;
    });

    it('the platform’s own account gets its default wallet at platform creation', async () => {
      const own = await v2026(s, 'GET', `/accounts/${s.platform.accountID}/wallets`);
      assert.equal(own.status, 200);
      assert.equal(own.json.length, 1);
      assert.equal(own.json[0].walletType, 'default');
      assert.equal(own.json[0].partnerAccountID, s.platform.accountID);
    });

    it('answers the default wallet with its balance from the ledger, in both versions', async () => {
      await fundWallet(s, accountID, defaultWalletID, 12_345);
      const wallet = await v2026(s, 'GET', `/accounts/${accountID}/wallets/${defaultWalletID}`);
      assert.equal(wallet.status, 200);
      assert.deepEqual(wallet.json.availableBalance, { currency: 'USD', value: 12_345, valueDecimal: '123.45' });
      assert.equal(wallet.json.status, 'active');
      assert.equal(wallet.json.name, 'Default wallet');
      assert.equal(wallet.json.description, '');
      assert.equal(wallet.json.partnerAccountID, s.platform.accountID);
      const old = await s.request('GET', `/accounts/${accountID}/wallets/${defaultWalletID}`);
      assert.deepEqual(old.json, { walletID: defaultWalletID, availableBalance: wallet.json.availableBalance });
      const oldList = await s.request('GET', `/accounts/${accountID}/wallets`);
      assert.deepEqual(Object.keys(oldList.json[0]).sort(), ['availableBalance', 'walletID']);
    });

    it('an account without an enabled wallet capability has no wallet and cannot create one', async () => {
      const bare = await create(s, individual({ capabilities: ['wallet'] }));
      assert.deepEqual((await v2026(s, 'GET', `/accounts/${bare.accountID}/wallets`)).json, []);
      const refused = await v2026(s, 'POST', `/accounts/${bare.accountID}/wallets`, { name: 'Savings' });
      assert.equal(refused.status, 409);
      assert.match(refused.json.error, /wallet capability/);
    });

    it('creates general wallets (v2026.01.00 only), at most ten active, with events and a payment method each', async () => {
      const other = (await create(s, completeIndividual(['wallet']))).accountID;
      assert.equal((await s.request('POST', `/accounts/${other}/wallets`, { body: { name: 'Old version' } })).status, 404);
      const first = await v2026(s, 'POST', `/accounts/${other}/wallets`, { name: 'Savings', description: 'rainy days', metadata: { goal: 'car' } });
      assert.equal(first.status, 200);
      assert.equal(first.json.walletType, 'general');
      assert.deepEqual(first.json.metadata, { goal: 'car' });
      assert.equal(first.json.availableBalance.valueDecimal, '0.00');
      for (let i = 2; i <= 10; i++) assert.equal((await v2026(s, 'POST', `/accounts/${other}/wallets`, { name: `Pot ${i}` })).status, 200);
      const eleventh = await v2026(s, 'POST', `/accounts/${other}/wallets`, { name: 'One too many' });
      assert.equal(eleventh.status, 409);
      assert.match(eleventh.json.error, /at most 10/);
      const all = await v2026(s, 'GET', `/accounts/${other}/wallets`);
      assert.equal(all.json.length, 11);
      const methods = await v2026(s, 'GET', `/accounts/${other}/payment-methods?paymentMethodType=moov-wallet`);
      assert.equal(methods.json.length, 11);
      const created = (await eventTypes(s, 'wallet.created')).filter((e) => e.data.accountID === other);
      assert.equal(created.length, 11);
      // Closing one frees a place.
      assert.equal((await v2026(s, 'PATCH', `/accounts/${other}/wallets/${first.json.walletID}`, { status: 'closed' })).status, 200);
      assert.equal((await v2026(s, 'POST', `/accounts/${other}/wallets`, { name: 'Replacement' })).status, 200);
    });

    it('refuses invalid wallet fields with the SDK’s keys', async () => {
      const path = `/accounts/${accountID}/wallets`;
      const cases: Array<[unknown, string[]]> = [
        [{}, ['name']],
        [{ name: '' }, ['name']],
        [{ name: 'x'.repeat(65) }, ['name']],
        [{ name: 'ok', description: 'd'.repeat(256) }, ['description']],
        [{ name: 'ok', metadata: { k: 5 } }, ['metadata']],
      ];
      for (const [body, keys] of cases) {
        const response = await v2026(s, 'POST', path, body);
        assert.equal(response.status, 422, JSON.stringify(body));
        assert.deepEqual(Object.keys(response.json), keys);
        assert.equal(typeof response.json[keys[0]!], 'string');
      }
      const patch = await v2026(s, 'PATCH', `${path}/${defaultWalletID}`, { status: 'frozen' });
      assert.equal(patch.status, 422);
      assert.deepEqual(Object.keys(patch.json), ['status']);
    });

    it('closes a wallet only at zero balance, never the default one, and a closed wallet is read-only', async () => {
      const path = `/accounts/${accountID}/wallets`;
      const refusedDefault = await v2026(s, 'PATCH', `${path}/${defaultWalletID}`, { status: 'closed' });
      assert.equal(refusedDefault.status, 409);
      assert.match(refusedDefault.json.error, /default wallet/);
      const pot = (await v2026(s, 'POST', path, { name: 'Pot' })).json;
      await fundWallet(s, accountID, pot.walletID, 100);
      const refusedBalance = await v2026(s, 'PATCH', `${path}/${pot.walletID}`, { status: 'closed' });
      assert.equal(refusedBalance.status, 409);
      assert.match(refusedBalance.json.error, /balance is zero/);
      assert.equal((await v2026(s, 'GET', `${path}/${pot.walletID}`)).json.status, 'active');

      const empty = (await v2026(s, 'POST', path, { name: 'Empty' })).json;
      const renamed = await v2026(s, 'PATCH', `${path}/${empty.walletID}`, { name: 'Renamed', metadata: { a: 'b' } });
      assert.equal(renamed.json.name, 'Renamed');
      const closed = await v2026(s, 'PATCH', `${path}/${empty.walletID}`, { status: 'closed' });
      assert.equal(closed.status, 200);
      assert.equal(closed.json.status, 'closed');
      assert.ok(closed.json.closedOn);
      assert.equal((await v2026(s, 'PATCH', `${path}/${empty.walletID}`, { status: 'closed' })).status, 200);
      assert.equal((await v2026(s, 'PATCH', `${path}/${empty.walletID}`, { name: 'Again' })).status, 409);
      assert.equal((await v2026(s, 'PATCH', `${path}/${empty.walletID}`, { status: 'active' })).status, 409);
      const methods = await v2026(s, 'GET', `/accounts/${accountID}/payment-methods?sourceID=${empty.walletID}`);
      assert.deepEqual(methods.json, []);
      const updates = (await eventTypes(s, 'wallet.updated')).filter((e) => e.data.walletID === empty.walletID);
      assert.deepEqual(updates.map((e) => e.data.status), ['active', 'closed']);
    });

    it('lists with filters and paging, refusing bad queries with 422', async () => {
      const path = `/accounts/${accountID}/wallets`;
      const defaults = await v2026(s, 'GET', `${path}?walletType=default`);
      assert.deepEqual(defaults.json.map((w: any) => w.walletID), [defaultWalletID]);
      const closed = await v2026(s, 'GET', `${path}?status=closed`);
      assert.ok(closed.json.length >= 1 && closed.json.every((w: any) => w.status === 'closed'));
      const all = (await v2026(s, 'GET', path)).json;
      const page = await v2026(s, 'GET', `${path}?skip=1&count=1`);
      assert.deepEqual(page.json.map((w: any) => w.walletID), [all[1].walletID]);
      for (const [query, key] of [['status=open', 'status'], ['walletType=x', 'walletType'], ['count=201', 'count'], ['count=0', 'count'], ['skip=-1', 'skip']]) {
        const bad = await v2026(s, 'GET', `${path}?${query}`);
        assert.equal(bad.status, 422, query);
        assert.equal(typeof bad.json[key!], 'string', query);
      }
    });

    it('keeps wallets inside their account and platform', async () => {
      const other = (await create(s, completeIndividual(['wallet']))).accountID;
      assert.equal((await v2026(s, 'GET', `/accounts/${other}/wallets/${defaultWalletID}`)).status, 404);
      assert.equal((await v2026(s, 'GET', `/accounts/${accountID}/wallets`, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await v2026(s, 'GET', `/accounts/${accountID}/wallets/${defaultWalletID}`, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await v2026(s, 'PATCH', `/accounts/${accountID}/wallets/${defaultWalletID}`, { name: 'x' }, s.otherPlatform.basic)).status, 404);
      assert.equal((await v2026(s, 'GET', `/accounts/${accountID}/wallets/nope`)).status, 404);
    });
  });
}
