import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, balance, postTransfer, transferBody, walletParty, type WalletParty } from './helpers.ts';
import { V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { linkBankAccount } from '../support/bank-accounts.ts';

for (const kind of await storeKinds()) {
  describe(`create transfer, wallet rail (${kind})`, () => {
    const s = serverPerSuite(kind);
    let alice: WalletParty;
    let bob: WalletParty;
    before(async () => {
      alice = await walletParty(s, 10_000);
      bob = await walletParty(s);
    });

    it('moves money wallet to wallet at once: 200 {transferID, createdOn}, completed, balances, events', async () => {
      const created = await postTransfer(s, transferBody(alice, bob, 2_500, { description: 'lunch', metadata: { order: '42' } }));
      assert.equal(created.status, 200, created.text);
      assert.deepEqual(Object.keys(created.json).sort(), ['createdOn', 'transferID']);
      assert.equal(await balance(s, alice), 7_500);
      assert.equal(await balance(s, bob), 2_500);
      const got = await s.request('GET', `/accounts/${s.platform.accountID}/transfers/${created.json.transferID}`, { headers: V2026 });
      assert.equal(got.status, 200);
      assert.equal(got.json.status, 'completed');
      assert.ok(got.json.completedOn);
      assert.equal(got.json.description, 'lunch');
      assert.deepEqual(got.json.metadata, { order: '42' });
      assert.deepEqual(got.json.amount, { currency: 'USD', value: 2_500 });
      assert.equal(got.json.source.paymentMethodType, 'moov-wallet');
      assert.equal(got.json.source.account.accountID, alice.accountID);
      assert.equal(got.json.source.account.displayName, 'Alex Irwin');
      assert.equal(got.json.source.wallet.walletID, alice.walletID);
      assert.equal(got.json.destination.wallet.walletID, bob.walletID);
      const events = (await eventTypes(s)).filter((e) => e.type.startsWith('transfer.') && e.data.transferID === created.json.transferID);
      assert.deepEqual(events.map((e) => [e.type, e.data.status]), [['transfer.created', 'created'], ['transfer.updated', 'completed']]);
      assert.deepEqual(events[1]!.data.source, { accountID: alice.accountID, paymentMethodID: alice.paymentMethodID });
      await assertLedgerOk(s);
    });

    it('answers the full transfer with X-Wait-For: rail-response', async () => {
      const created = await postTransfer(s, transferBody(alice, bob, 100, { foreignID: 'inv-1' }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'completed');
      assert.equal(created.json.foreignID, 'inv-1');
      assert.equal(created.json.destination.account.accountID, bob.accountID);
      await assertLedgerOk(s);
    });

    it('takes the facilitator fee from what the destination receives', async () => {
      const before = [await balance(s, alice), await balance(s, bob)];
      const created = await postTransfer(s, transferBody(alice, bob, 1_000, { facilitatorFee: { total: 30 } }), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.deepEqual(created.json.facilitatorFee, { total: 30 });
      assert.equal(await balance(s, alice), before[0]! - 1_000);
      assert.equal(await balance(s, bob), before[1]! + 970);
      await assertLedgerOk(s);
    });

    it('fails a transfer the source wallet cannot pay: failed, wallet-insufficient-funds, nothing moved', async () => {
      const before = [await balance(s, alice), await balance(s, bob)];
      const created = await postTransfer(s, transferBody(alice, bob, 1_000_000), { waitFor: 'rail-response' });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.status, 'failed');
      assert.equal(created.json.failureReason, 'wallet-insufficient-funds');
      assert.deepEqual([await balance(s, alice), await balance(s, bob)], before);
      await assertLedgerOk(s);
    });

    it('replays a key: 409 with the stored transfer, no second movement', async () => {
      const key = randomUUID();
      const first = await postTransfer(s, transferBody(alice, bob, 10), { key });
      assert.equal(first.status, 200);
      const before = await balance(s, alice);
      const replay = await postTransfer(s, transferBody(alice, bob, 999), { key });
      assert.equal(replay.status, 409);
      assert.equal(replay.json.transferID, first.json.transferID);
      assert.equal(replay.json.amount.value, 10);
      assert.equal(replay.json.status, 'completed');
      assert.equal(await balance(s, alice), before);
      // Keys are per platform: the other platform may use the same key.
      const other = await walletParty(s, 0, s.otherPlatform.basic);
      const otherTo = await walletParty(s, 0, s.otherPlatform.basic);
      const elsewhere = await s.request('POST', `/accounts/${s.otherPlatform.accountID}/transfers`, {
        body: transferBody(other, otherTo, 10),
        headers: { ...V2026, 'x-idempotency-key': key },
        auth: s.otherPlatform.basic,
      });
      assert.equal(elsewhere.status, 200, elsewhere.text);
      const list = await s.request('GET', `/accounts/${s.otherPlatform.accountID}/transfers`, { headers: V2026, auth: s.otherPlatform.basic });
      assert.equal(list.json[0].status, 'failed');
      await assertLedgerOk(s);
    });

    it('a replay whose payment method is gone since still answers 409 with the stored transfer', async () => {
      const key = randomUUID();
      const payee = await walletParty(s, 0);
      const first = await postTransfer(s, transferBody(alice, payee, 3), { key });
      assert.equal(first.status, 200);
      const before = await balance(s, alice);
      // Disconnecting the payee makes its method unknown to the platform: a new request would be a 422.
      assert.equal((await s.request('DELETE', `/accounts/${payee.accountID}`)).status, 204);
      assert.equal((await postTransfer(s, transferBody(alice, payee, 3))).status, 422);
      const replay = await postTransfer(s, transferBody(alice, payee, 3), { key });
      assert.equal(replay.status, 409, replay.text);
      assert.equal(replay.json.transferID, first.json.transferID);
      assert.equal(await balance(s, alice), before);
      await assertLedgerOk(s);
    });

    it('moves money once for 20 concurrent replays of one key', async () => {
      const key = randomUUID();
      const before = [await balance(s, alice), await balance(s, bob)];
      const answers = await Promise.all(Array.from({ length: 20 }, () => postTransfer(s, transferBody(alice, bob, 7), { key })));
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [200, ...Array<number>(19).fill(409)]);
      const ids = new Set(answers.map((a) => a.json.transferID));
      assert.equal(ids.size, 1);
      assert.deepEqual([await balance(s, alice), await balance(s, bob)], [before[0]! - 7, before[1]! + 7]);
      await assertLedgerOk(s);
    });

    it('refuses bad headers: missing idempotency key, bad X-Wait-For (400, nothing written)', async () => {
      const before = await balance(s, alice);
      const missing = await s.request('POST', `/accounts/${s.platform.accountID}/transfers`, { body: transferBody(alice, bob, 5), headers: V2026 });
      assert.equal(missing.status, 400);
      assert.match(missing.json.error, /X-Idempotency-Key/);
      const badWait = await postTransfer(s, transferBody(alice, bob, 5), { waitFor: 'payment-method' });
      assert.equal(badWait.status, 400);
      assert.match(badWait.json.error, /X-Wait-For/);
      const longKey = await postTransfer(s, transferBody(alice, bob, 5), { key: 'k'.repeat(65) });
      assert.equal(longKey.status, 400);
      assert.equal(await balance(s, alice), before);
    });

    it('refuses bad amounts and fields with 422 TransferValidationError keys', async () => {
      const cases: Array<[unknown, string]> = [
        [{ currency: 'USD', value: 0 }, 'amount'],
        [{ currency: 'USD', value: -5 }, 'amount'],
        [{ currency: 'USD', value: 1.5 }, 'amount'],
        [{ currency: 'USD', value: 2 ** 60 }, 'amount'],
        [{ currency: 'EUR', value: 100 }, 'amount'],
        [undefined, 'amount'],
      ];
      for (const [amount, key] of cases) {
        const body = { ...transferBody(alice, bob, 1), amount };
        const answer = await postTransfer(s, body);
        assert.equal(answer.status, 422, `${JSON.stringify(amount)}: ${answer.text}`);
        assert.equal(typeof answer.json[key], 'string');
      }
      const fields: Array<[Record<string, unknown>, string]> = [
        [{ description: 'x'.repeat(129) }, 'description'],
        [{ metadata: { a: 1 } }, 'metadata'],
        [{ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
        [{ facilitatorFee: { total: 1, totalDecimal: '1.5' } }, 'FacilitatorFee.TotalDecimal'],
        [{ facilitatorFee: { totalDecimal: '1.' } }, 'FacilitatorFee.TotalDecimal'],
        [{ facilitatorFee: { total: 200 } }, 'FacilitatorFee.TotalDecimal'],
        [{ facilitatorFee: { markup: 1, markupDecimal: '0.5' } }, 'FacilitatorFee.MarkupDecimal'],
        [{ salesTaxAmount: { currency: 'USD', value: 500 } }, 'salesTaxAmount'],
        [{ foreignID: 'f'.repeat(65) }, 'foreignID'],
        [{ source: { paymentMethodID: 'nope' } }, 'sourcePaymentMethodID'],
        [{ source: { transferID: randomUUID() } }, 'source'],
        [{ destination: undefined }, 'destinationPaymentMethodID'],
      ];
      for (const [extra, key] of fields) {
        const answer = await postTransfer(s, { ...transferBody(alice, bob, 100), ...extra });
        assert.equal(answer.status, 422, `${JSON.stringify(extra)}: ${answer.text}`);
        assert.ok(answer.json[key], `${key} in ${answer.text}`);
      }
      const lineItems = await postTransfer(s, transferBody(alice, bob, 100, { lineItems: { items: [{ name: '', quantity: 0, basePrice: { currency: 'USD', valueDecimal: 'x' } }] } }));
      assert.equal(lineItems.status, 422);
      assert.deepEqual(Object.keys(lineItems.json.lineItems.items['0']).sort(), ['basePrice', 'name', 'quantity']);
      const notObject = await postTransfer(s, [1, 2]);
      assert.equal(notObject.status, 400);
    });

    it('refuses unknown, foreign and disabled payment methods (422), bad pairs and missing capabilities (400)', async () => {
      const unknown = await postTransfer(s, { ...transferBody(alice, bob, 5), destination: { paymentMethodID: randomUUID() } });
      assert.equal(unknown.status, 422);
      assert.ok(unknown.json.destinationPaymentMethodID);

      const foreign = await walletParty(s, 0, s.otherPlatform.basic);
      const crossPlatform = await postTransfer(s, transferBody(alice, foreign, 5));
      assert.equal(crossPlatform.status, 422);
      assert.ok(crossPlatform.json.destinationPaymentMethodID);

      const same = await postTransfer(s, transferBody(alice, alice, 5));
      assert.equal(same.status, 400);

      // An account the platform has disconnected is no longer one it sees: its methods are unknown to it.
      const dave = await walletParty(s, 0);
      assert.equal((await s.request('DELETE', `/accounts/${dave.accountID}`)).status, 204);
      const disconnected = await postTransfer(s, transferBody(alice, dave, 5));
      assert.equal(disconnected.status, 422);
      assert.ok(disconnected.json.destinationPaymentMethodID);
      const fromDisconnected = await postTransfer(s, transferBody(dave, alice, 5));
      assert.equal(fromDisconnected.status, 422);
      assert.ok(fromDisconnected.json.sourcePaymentMethodID);

      // A general wallet closed: its payment method is disabled.
      const general = await s.request('POST', `/accounts/${bob.accountID}/wallets`, { body: { name: 'Trip' }, headers: V2026 });
      const methods = await s.request('GET', `/accounts/${bob.accountID}/payment-methods?sourceID=${general.json.walletID}`, { headers: V2026 });
      const closedMethod = { ...bob, walletID: general.json.walletID, paymentMethodID: methods.json[0].paymentMethodID };
      await s.request('PATCH', `/accounts/${bob.accountID}/wallets/${general.json.walletID}`, { body: { status: 'closed' }, headers: V2026 });
      const disabled = await postTransfer(s, transferBody(alice, closedMethod, 5));
      assert.equal(disabled.status, 422);
      assert.ok(disabled.json.destinationPaymentMethodID);

      // Without the transfers capability the account cannot take part.
      const carol = await walletParty(s, 0);
      const off = await s.request('DELETE', `/accounts/${carol.accountID}/capabilities/transfers`, { headers: V2026 });
      assert.equal(off.status, 204, off.text);
      const noCapability = await postTransfer(s, transferBody(alice, carol, 5));
      assert.equal(noCapability.status, 400);
      assert.match(noCapability.json.error, /transfers capability/);

      // A bank credit method cannot pay anything; wallet → bank is valid but its rail (ACH) comes later.
      const bank = await linkBankAccount(s, alice.accountID);
      const credit = bank.paymentMethods?.find((m: any) => m.paymentMethodType === 'ach-credit-standard')
        ?? (await s.request('GET', `/accounts/${alice.accountID}/payment-methods?paymentMethodType=ach-credit-standard`, { headers: V2026 })).json[0];
      const creditParty = { ...alice, paymentMethodID: credit.paymentMethodID };
      const badPair = await postTransfer(s, transferBody(creditParty, bob, 5));
      assert.equal(badPair.status, 400);
      assert.match(badPair.json.error, /cannot pay/);
      await assertLedgerOk(s);
    });

    it('answers 404 for a path account that is not the platform', async () => {
      const answer = await s.request('POST', `/accounts/${alice.accountID}/transfers`, {
        body: transferBody(alice, bob, 5),
        headers: { ...V2026, 'x-idempotency-key': randomUUID() },
      });
      assert.equal(answer.status, 404);
      const list = await s.request('GET', `/accounts/${alice.accountID}/transfers`, { headers: V2026 });
      assert.equal(list.status, 404);
    });
  });
}
