import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Moov } from '@moovio/sdk';
import { ListTransfersValidationError, Transfer as TransferConflict, TransferValidationError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { assertLedgerOk, walletParty } from '../support/transfers.ts';

// The official SDK (v2026.01.00) creates, lists, gets, updates and replays
// transfers against a running server; every answer must parse with the SDK's
// own schemas, the 409 replay and the 422s included.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk transfers compatibility (${kind})`, () => {
    const s = serverPerSuite(kind);
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('runs every transfers operation through the SDK', async () => {
      const accountID = s.platform.accountID;
      const alice = await walletParty(s, 5_000);
      const bob = await walletParty(s);
      const createTransfer = {
        source: { paymentMethodID: alice.paymentMethodID },
        destination: { paymentMethodID: bob.paymentMethodID },
        amount: { currency: 'USD', value: 1_234 },
        description: 'rent',
        metadata: { unit: '4B' },
        facilitatorFee: { totalDecimal: '12.5' },
        salesTaxAmount: { currency: 'USD', value: 100 },
        foreignID: 'inv-77',
        lineItems: { items: [{ name: 'Rent', basePrice: { currency: 'USD', valueDecimal: '12.34' }, quantity: 1 }] },
      };

      const key = randomUUID();
      const started = await moov.transfers.create({ accountID, xIdempotencyKey: key, createTransfer });
      assert.ok(started.result.transferID);
      assert.ok(started.result.createdOn instanceof Date);

      const full = await moov.transfers.create({ accountID, xIdempotencyKey: randomUUID(), xWaitFor: 'rail-response', createTransfer });
      assert.ok('status' in full.result && full.result.status === 'completed');

      await assert.rejects(
        moov.transfers.create({ accountID, xIdempotencyKey: key, createTransfer }),
        (error: unknown) => {
          assert.ok(error instanceof TransferConflict, String(error));
          assert.equal(error.transferID, started.result.transferID);
          assert.equal(error.status, 'completed');
          assert.equal(error.source.wallet?.walletID, alice.walletID);
          return true;
        },
      );

      await assert.rejects(
        moov.transfers.create({ accountID, xIdempotencyKey: randomUUID(), createTransfer: { ...createTransfer, amount: { currency: 'USD', value: 0 }, facilitatorFee: { total: 1, totalDecimal: '1.0' } } }),
        (error: unknown) => {
          assert.ok(error instanceof TransferValidationError, String(error));
          assert.ok(error.data$.amount);
          assert.ok(error.data$.facilitatorFeeTotalDecimal);
          return true;
        },
      );

      const list = await moov.transfers.list({ accountID, accountIDs: [alice.accountID], status: 'completed', skip: 0, count: 10 });
      assert.equal(list.result.length, 2);
      assert.ok(list.result[0]!.createdOn instanceof Date);
      assert.ok(list.result[0]!.completedOn instanceof Date);
      await assert.rejects(moov.transfers.list({ accountID, count: 500 }), ListTransfersValidationError);

      const got = await moov.transfers.get({ accountID, transferID: started.result.transferID });
      assert.equal(got.result.foreignID, 'inv-77');
      assert.equal(got.result.lineItems?.items[0]?.name, 'Rent');
      assert.deepEqual(got.result.salesTaxAmount, { currency: 'USD', value: 100 });
      assert.equal(got.result.destination.account.accountID, bob.accountID);

      const updated = await moov.transfers.update({ accountID, transferID: started.result.transferID, patchTransfer: { metadata: { unit: '5C' }, foreignID: 'inv-78' } });
      assert.deepEqual(updated.result.metadata, { unit: '5C' });
      assert.equal(updated.result.foreignID, 'inv-78');
      await assertLedgerOk(s);
    });
  });
}
