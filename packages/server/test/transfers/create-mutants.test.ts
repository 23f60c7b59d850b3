import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { FAST_PACING } from '../../src/domain/transfers/pacing.ts';
import { TransferService } from '../../src/domain/transfers/service.ts';
import { BadRequest } from '../../src/kernel/errors.ts';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { V2026 } from '../support/versions.ts';
import { eventTypes } from '../support/events.ts';
import { bankMethod, cardMethod, moneyWallet } from '../support/parties.ts';
import { methodTransferBody, platformCaller, postTransfer, transferBody, type WalletParty, walletParty } from '../support/transfers.ts';

/**
 * The creation rules' exact answers (docs/transfers.md "Create", steps 2–3;
 * docs/api-behaviour.md §7), where the transfers mutation scope
 * (docs/testing.md) found create.ts's messages unpinned: unknown methods per
 * side, the same source twice, a pair that cannot pay, a rail the server does
 * not run, a missing capability, the per-method limit and the American Express
 * minimum at their edges, and `transfer.created`'s data.
 */

const UNKNOWN = 'no such payment method, or it is disabled';

for (const kind of await storeKinds()) {
  describe(`create-transfer rules, pinned (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }));
    let alice: WalletParty;
    let bob: WalletParty;
    before(async () => {
      alice = await walletParty(s, 100_000);
      bob = await walletParty(s);
    });

    it('unknown methods: one message per side, both at once', async () => {
      const destination = await postTransfer(s, { ...transferBody(alice, bob, 5), destination: { paymentMethodID: randomUUID() } });
      assert.deepEqual([destination.status, destination.json], [422, { destinationPaymentMethodID: UNKNOWN }]);
      const both = await postTransfer(s, methodTransferBody(randomUUID(), randomUUID(), 5));
      assert.deepEqual([both.status, both.json], [422, { sourcePaymentMethodID: UNKNOWN, destinationPaymentMethodID: UNKNOWN }]);
      const source = await postTransfer(s, { ...transferBody(alice, bob, 5), source: { paymentMethodID: randomUUID() } });
      assert.deepEqual([source.status, source.json], [422, { sourcePaymentMethodID: UNKNOWN }]);
    });

    it('the same source twice, a pair that cannot pay, a missing capability: exact 400s', async () => {
      const same = await postTransfer(s, transferBody(alice, alice, 5));
      assert.deepEqual([same.status, same.json], [400, { error: 'source and destination must be different' }]);

      const credit = await bankMethod(s, 'ach-credit-standard');
      const badPair = await postTransfer(s, methodTransferBody(credit.paymentMethodID, bob.paymentMethodID, 5));
      assert.deepEqual([badPair.status, badPair.json], [400, { error: 'a ach-credit-standard payment method cannot pay a moov-wallet payment method' }]);

      const carol = await walletParty(s, 0);
      assert.equal((await s.request('DELETE', `/accounts/${carol.accountID}/capabilities/transfers`, { headers: V2026 })).status, 204);
      const toCarol = await postTransfer(s, transferBody(alice, carol, 5));
      assert.deepEqual([toCarol.status, toCarol.json], [400, { error: 'the destination account needs the transfers capability enabled' }]);
      const fromCarol = await postTransfer(s, transferBody(carol, alice, 5));
      assert.deepEqual([fromCarol.status, fromCarol.json], [400, { error: 'the source account needs the transfers capability enabled' }]);
    });

    it('a requirement met by any of several capabilities names them all, joined with "or"', async () => {
      const payer = await moneyWallet(s, 10_000, ['wallet.balance']);
      const bank = await bankMethod(s, 'rtp-credit');
      const refused = await postTransfer(s, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500));
      assert.deepEqual([refused.status, refused.json], [400, { error: 'the source account needs the send-funds or send-funds.rtp or send-funds.instant-bank capability enabled' }]);
    });

    it('a payment-method type the caller’s version does not know is no payment method (v2024.01.00 and instant-bank-credit)', async () => {
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'instant-bank-credit');
      const old = await postTransfer(s, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500), { version: 'v2024.01.00' });
      assert.deepEqual([old.status, old.json], [422, { destinationPaymentMethodID: UNKNOWN }]);
      const current = await postTransfer(s, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500), { waitFor: 'rail-response' });
      assert.equal(current.status, 200, current.text);
    });

    it('a rail this server does not run: 400 naming the pair and the rail', async () => {
      const caller = platformCaller(s);
      const walletOnly = new TransferService(s.testStore.store, { platformClock: s.services.platformClock, rails: { wallet: s.services.rails.wallet! }, pacing: FAST_PACING });
      const payer = await moneyWallet(s, 10_000);
      const bank = await bankMethod(s, 'rtp-credit');
      await assert.rejects(
        walletOnly.create(caller, { accountID: caller.platformID, idempotencyKey: randomUUID(), waitForRail: false, body: methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 500) }),
        (error) => error instanceof BadRequest && error.message === 'moov-wallet to rtp-credit transfers (the rtp rail) are not available yet',
      );
    });

    it('the tighter method limit at its edge, named; American Express from $1.00', async () => {
      const payer = await moneyWallet(s, 1_000_000_001);
      const bank = await bankMethod(s, 'rtp-credit');
      const over = await postTransfer(s, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 1_000_000_001));
      assert.deepEqual([over.status, over.json], [422, { amount: 'must be no greater than $10,000,000.00 for rtp-credit' }]);
      const atLimit = await postTransfer(s, methodTransferBody(payer.paymentMethodID, bank.paymentMethodID, 1_000_000_000), { waitFor: 'rail-response' });
      assert.equal(atLimit.status, 200, atLimit.text);

      const merchant = await moneyWallet(s, 0);
      const amex = await cardMethod(s, 'card-payment', { cardNumber: '371111111111114', cardCvv: '1234' });
      const small = await postTransfer(s, methodTransferBody(amex.paymentMethodID, merchant.paymentMethodID, 99));
      assert.deepEqual([small.status, small.json], [422, { amount: 'American Express transfers must be at least $1.00' }]);
      const dollar = await postTransfer(s, methodTransferBody(amex.paymentMethodID, merchant.paymentMethodID, 100));
      assert.equal(dollar.status, 200, dollar.text);
      const visa = await cardMethod(s, 'card-payment');
      assert.equal((await postTransfer(s, methodTransferBody(visa.paymentMethodID, merchant.paymentMethodID, 99))).status, 200, 'other brands take 99 cents');
    });

    it('transfer.created carries the platform, the transfer, created and the foreignID', async () => {
      const created = await postTransfer(s, transferBody(alice, bob, 7, { foreignID: 'inv-9' }));
      assert.equal(created.status, 200, created.text);
      const transferID = created.json.transferID as string;
      const [event] = (await eventTypes(s, 'transfer.created')).filter((e) => e.data.transferID === transferID);
      assert.deepEqual(event?.data, { accountID: s.platform.accountID, transferID, status: 'created', foreignID: 'inv-9' });
      const plain = await postTransfer(s, transferBody(alice, bob, 7));
      const [plainEvent] = (await eventTypes(s, 'transfer.created')).filter((e) => e.data.transferID === plain.json.transferID);
      assert.deepEqual(Object.keys(plainEvent?.data ?? {}).sort(), ['accountID', 'status', 'transferID']);
    });

    it('a refusal writes no transfer', async () => {
      const before = await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM transfers'));
      const refused = await postTransfer(s, transferBody(alice, alice, 5));
      assert.equal(refused.status, 400);
      const after = await s.testStore.store.read((sql) => sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM transfers'));
      assert.equal(Number(after?.n), Number(before?.n));
    });
  });
}
