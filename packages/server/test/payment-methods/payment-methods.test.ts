import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { findPaymentMethod } from '../../src/domain/payment-methods/find.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { completeIndividual, create } from '../support/accounts.ts';
import { requestV2026 } from '../support/versions.ts';

for (const kind of await storeKinds()) {
  describe(`payment methods (${kind})`, () => {
    const s = serverPerSuite(kind);
    let accountID: string;
    let walletID: string;
    let methodID: string;
    before(async () => {
      accountID = (await create(s, completeIndividual(['wallet.balance']))).accountID;
      const list = await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods`);
      walletID = list.json[0].wallet.walletID;
      methodID = list.json[0].paymentMethodID;
    });

    it('lists and gets the moov-wallet method of the default wallet, in both versions', async () => {
      const list = await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods`);
      assert.equal(list.status, 200);
      assert.deepEqual(list.json, [
        { paymentMethodID: methodID, paymentMethodType: 'moov-wallet', wallet: { walletID, partnerAccountID: s.platform.accountID, walletType: 'default' } },
      ]);
      const one = await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods/${methodID}`);
      assert.deepEqual(one.json, list.json[0]);
      const old = await s.request('GET', `/accounts/${accountID}/payment-methods/${methodID}`);
      assert.deepEqual(old.json, { paymentMethodID: methodID, paymentMethodType: 'moov-wallet', wallet: { walletID } });
      const oldList = await s.request('GET', `/accounts/${accountID}/payment-methods`);
      assert.deepEqual(oldList.json, [old.json]);
    });

    it('filters by sourceID and paymentMethodType', async () => {
      const path = `/accounts/${accountID}/payment-methods`;
      assert.equal((await requestV2026(s, 'GET', `${path}?sourceID=${walletID}`)).json.length, 1);
      assert.equal((await requestV2026(s, 'GET', `${path}?sourceID=${walletID.toUpperCase()}`)).json.length, 1);
      assert.deepEqual((await requestV2026(s, 'GET', `${path}?sourceID=${randomUUID()}`)).json, []);
      assert.equal((await requestV2026(s, 'GET', `${path}?paymentMethodType=moov-wallet`)).json.length, 1);
      assert.deepEqual((await requestV2026(s, 'GET', `${path}?paymentMethodType=card-payment`)).json, []);
      assert.deepEqual((await s.request('GET', `${path}?paymentMethodType=instant-bank-credit`)).json, []);
      const bad = await requestV2026(s, 'GET', `${path}?paymentMethodType=teleport`);
      assert.equal(bad.status, 400);
      assert.equal(typeof bad.json.error, 'string');
      assert.equal((await requestV2026(s, 'GET', `${path}?sourceID=${'x'.repeat(65)}`)).status, 400);
    });

    it('404s for missing methods and other platforms; resolves IDs for transfers within the platform only', async () => {
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods/${randomUUID()}`)).status, 404);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods/nope`)).status, 404);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods`, undefined, s.otherPlatform.basic)).status, 404);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${accountID}/payment-methods/${methodID}`, undefined, s.otherPlatform.basic)).status, 404);
      const other = (await create(s, completeIndividual(['wallet']))).accountID;
      assert.equal((await requestV2026(s, 'GET', `/accounts/${other}/payment-methods/${methodID}`)).status, 404);

      const resolved = await s.testStore.store.read((sql) => findPaymentMethod(sql, s.platform.accountID, methodID.toUpperCase()));
      assert.deepEqual(resolved, { paymentMethodID: methodID, paymentMethodType: 'moov-wallet', accountID, sourceKind: 'wallet', sourceID: walletID });
      assert.equal(await s.testStore.store.read((sql) => findPaymentMethod(sql, s.otherPlatform.accountID, methodID)), undefined);
      assert.equal(await s.testStore.store.read((sql) => findPaymentMethod(sql, s.platform.accountID, randomUUID())), undefined);
    });

    it('a disabled method is neither listed, gettable nor resolvable', async () => {
      const account = (await create(s, completeIndividual(['wallet']))).accountID;
      const method = (await requestV2026(s, 'GET', `/accounts/${account}/payment-methods`)).json[0].paymentMethodID;
      assert.equal((await requestV2026(s, 'DELETE', `/accounts/${account}/capabilities/wallet`)).status, 204);
      assert.deepEqual((await requestV2026(s, 'GET', `/accounts/${account}/payment-methods`)).json, []);
      assert.equal((await requestV2026(s, 'GET', `/accounts/${account}/payment-methods/${method}`)).status, 404);
      assert.equal(await s.testStore.store.read((sql) => findPaymentMethod(sql, s.platform.accountID, method)), undefined);
    });
  });
}
