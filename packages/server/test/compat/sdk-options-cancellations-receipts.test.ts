import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { GenericError, TransferOptionsValidationError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite } from '../support/server.ts';
import { postTransfer, transferBody, walletParty } from '../support/transfers.ts';

// The official SDK (v2026.01.00) generates transfer options, creates and gets
// cancellations, and creates and lists receipts against a running server; every
// answer must parse with the SDK's own schemas. The old `POST /transfer-options`
// path is not in SDK 26.2.0, so it is called raw and parsed with the same schema.
for (const kind of await storeKinds()) {
  describe(`@moovio/sdk options, cancellations and receipts compatibility (${kind})`, () => {
    const s = serverPerSuite(kind, undefined, { beforeClose: () => restore() });
    let moov: Moov;
    let restore: () => void = () => {};
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('generates transfer options on both paths', async () => {
      const accountID = s.platform.accountID;
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const createTransferOptions = { source: { accountID: alice.accountID }, destination: { accountID: bob.accountID }, amount: { currency: 'USD', value: 100 } };
      const options = await moov.transfers.generateOptions({ accountID, createTransferOptions });
      assert.equal(options.result.sourceOptions?.[0]?.paymentMethodID, alice.paymentMethodID);
      assert.equal(options.result.destinationOptions?.[0]?.paymentMethodID, bob.paymentMethodID);

      const { TransferOptions$inboundSchema } = await import('@moovio/sdk/models/components/transferoptions.js');
      const legacy = await s.request('POST', '/transfer-options', { body: createTransferOptions, headers: { 'x-moov-version': 'v2026.01.00' } });
      assert.equal(legacy.status, 200);
      assert.deepEqual(TransferOptions$inboundSchema.parse(legacy.json), options.result);

      await assert.rejects(
        moov.transfers.generateOptions({ accountID, createTransferOptions: { ...createTransferOptions, amount: { currency: 'EUR', value: 1 } } }),
        (error: unknown) => error instanceof TransferOptionsValidationError && typeof error.data$.amount === 'string',
      );
    });

    it('creates and gets cancellations; a refusal is a GenericError', async () => {
      const accountID = s.platform.accountID;
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      const completed = await postTransfer(s, transferBody(alice, bob, 100), { waitFor: 'rail-response' });
      await assert.rejects(moov.transfers.createCancellation({ accountID, transferID: completed.json.transferID }), (error: unknown) => error instanceof GenericError);

      restore = s.useTestRail();
      const pending = await postTransfer(s, transferBody(alice, bob, 250), { waitFor: 'rail-response' });
      const created = await moov.transfers.createCancellation({ accountID, transferID: pending.json.transferID });
      assert.equal(created.result.status, 'completed');
      assert.ok(created.result.createdOn instanceof Date);
      const got = await moov.transfers.getCancellation({ accountID, transferID: pending.json.transferID, cancellationID: created.result.cancellationID });
      assert.deepEqual(got.result, created.result);
      const transfer = await moov.transfers.get({ accountID, transferID: pending.json.transferID });
      assert.equal(transfer.result.status, 'canceled');
      assert.deepEqual(transfer.result.cancellations, [created.result]);
    });

    it('creates and lists receipts', async () => {
      const alice = await walletParty(s, 1_000);
      const bob = await walletParty(s);
      restore();
      const done = await postTransfer(s, transferBody(alice, bob, 100), { waitFor: 'rail-response' });
      assert.equal(done.json.status, 'completed');
      const created = await moov.receipts.create([
        { kind: 'sale.customer.v1', email: 'buyer@example.com', forTransferID: done.json.transferID },
        { kind: 'sale.customer.v1', emailAccountID: bob.accountID, forTransferID: done.json.transferID },
      ]);
      assert.equal(created.result.length, 2);
      assert.ok(created.result[0]!.sentFor?.[0]?.sentOn instanceof Date);
      const listed = await moov.receipts.list({ id: done.json.transferID });
      assert.deepEqual(
        listed.result.map((r) => r.receiptID).sort(),
        created.result.map((r) => r.receiptID).sort(),
      );
    });
  });
}
