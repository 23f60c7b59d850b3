import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { completeIndividual, create } from '../support/accounts.ts';
import { V2026 } from '../support/versions.ts';
import { type WalletParty, walletParty } from '../support/transfers.ts';

const usd = (value: number) => ({ currency: 'USD', value });

for (const kind of await storeKinds()) {
  describe(`transfer options (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: WalletParty;
    let bob: WalletParty;
    before(async () => {
      alice = await walletParty(s, 1_000);
      bob = await walletParty(s);
    });

    const path = () => `/accounts/${s.platform.accountID}/transfer-options`;
    const ask = (body: unknown, options: { headers?: Record<string, string>; auth?: string; legacy?: boolean } = {}) =>
      s.request('POST', options.legacy ? '/transfer-options' : path(), { body, headers: options.headers ?? V2026, ...(options.auth ? { auth: options.auth } : {}) });
    const ids = (list: Array<{ paymentMethodID: string }> | undefined) => (list ?? []).map((m) => m.paymentMethodID);

    it('answers the wallets of both accounts as payment-method objects, on both paths', async () => {
      const body = { source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: usd(500) };
      for (const legacy of [false, true]) {
        const answer = await ask(body, { legacy });
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(ids(answer.json.sourceOptions), [alice.paymentMethodID]);
        assert.deepEqual(ids(answer.json.destinationOptions), [bob.paymentMethodID]);
        const option = answer.json.sourceOptions[0];
        assert.equal(option.paymentMethodType, 'moov-wallet');
        assert.equal(option.wallet.walletID, alice.walletID);
        assert.equal(option.wallet.walletType, 'default');
      }
    });

    it('narrows to what pairs with a given payment method, and accepts a method without its account', async () => {
      const answer = await ask({ source: { paymentMethodID: alice.paymentMethodID }, destination: { accountID: bob.accountID }, amount: usd(1) });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(ids(answer.json.sourceOptions), [alice.paymentMethodID]);
      assert.deepEqual(ids(answer.json.destinationOptions), [bob.paymentMethodID]);
      // A wallet cannot pay itself.
      const self = await ask({ source: { accountID: alice.accountID, paymentMethodID: alice.paymentMethodID }, destination: { accountID: alice.accountID }, amount: usd(1) });
      assert.deepEqual(self.json, { sourceOptions: [], destinationOptions: [] });
    });

    it('leaves out pairs whose capability is missing', async () => {
      const carol = await walletParty(s);
      const removed = await s.request('DELETE', `/accounts/${carol.accountID}/capabilities/transfers`, { headers: V2026 });
      assert.equal(removed.status, 204, removed.text);
      const answer = await ask({ source: { accountID: alice.accountID }, destination: { accountID: carol.accountID }, amount: usd(5) });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { sourceOptions: [], destinationOptions: [] });
    });

    it('gives an account without payment methods no options', async () => {
      const bare = await create(s, completeIndividual([]));
      const answer = await ask({ source: { accountID: alice.accountID }, destination: { accountID: bare.accountID }, amount: usd(5) });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { sourceOptions: [], destinationOptions: [] });
    });

    it('refuses bad bodies with 422 {amount, source, destination} and non-objects with 400', async () => {
      const bad = await ask({ source: {}, destination: { accountID: 'nope' }, amount: { currency: 'EUR', value: 5 } });
      assert.equal(bad.status, 422);
      assert.deepEqual(Object.keys(bad.json).sort(), ['amount', 'destination', 'source']);
      for (const value of [0, -1, 1.5, '5']) {
        const answer = await ask({ source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: { currency: 'USD', value } });
        assert.equal(answer.status, 422);
        assert.ok(answer.json.amount);
      }
      const missing = await ask({});
      assert.equal(missing.status, 422);
      assert.deepEqual(Object.keys(missing.json).sort(), ['amount', 'destination', 'source']);
      const mismatched = await ask({ source: { accountID: bob.accountID, paymentMethodID: alice.paymentMethodID }, destination: { accountID: bob.accountID }, amount: usd(5) });
      assert.equal(mismatched.status, 422);
      assert.match(mismatched.json.source, /does not belong/);
      assert.equal((await ask([1, 2])).status, 400);
      const noBody = await s.request('POST', path(), { headers: V2026 });
      assert.equal(noBody.status, 400);
    });

    it('treats other platforms’ accounts and methods as missing; a path account other than the platform is 404', async () => {
      const foreign = await walletParty(s, 0, s.otherPlatform.basic);
      const byAccount = await ask({ source: { accountID: alice.accountID }, destination: { accountID: foreign.accountID }, amount: usd(5) });
      assert.equal(byAccount.status, 422);
      assert.equal(byAccount.json.destination, 'no such account');
      const byMethod = await ask({ source: { paymentMethodID: foreign.paymentMethodID }, destination: { accountID: bob.accountID }, amount: usd(5) });
      assert.equal(byMethod.status, 422);
      assert.match(byMethod.json.source, /no such payment method/);
      const missing = await ask({ source: { accountID: randomUUID() }, destination: { accountID: bob.accountID }, amount: usd(5) });
      assert.equal(missing.json.source, 'no such account');
      const wrongPath = await s.request('POST', `/accounts/${s.otherPlatform.accountID}/transfer-options`, {
        body: { source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: usd(5) },
      });
      assert.equal(wrongPath.status, 404);
    });

    it('answers v2024.01.00 callers with v2024 payment methods (wallet as {walletID})', async () => {
      const answer = await ask(
        { source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: usd(5) },
        { headers: { 'x-moov-version': 'v2024.01.00' }, legacy: true },
      );
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json.sourceOptions[0].wallet, { walletID: alice.walletID });
    });
  });
}
