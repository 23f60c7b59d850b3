import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { Moov } from '@moovio/sdk';
import { FileUploadValidationError, GenericError } from '@moovio/sdk/models/errors/index.js';
import { storeKinds } from '../support/stores.ts';
import { serverPerSuite, standingClock } from '../support/server.ts';
import { advance, assertLedgerOk, balance } from '../support/transfers.ts';
import { disputedPayment } from '../support/disputes.ts';

// The official SDK (v2026.01.00) calls every disputes.* method against a real
// server and parses every answer and error with its own schemas (closed enums,
// exact success codes, the evidence file as a multipart upload and a byte
// stream back): docs/disputes.md.

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

for (const kind of await storeKinds()) {
  describe(`@moovio/sdk disputes (${kind})`, () => {
    const s = serverPerSuite(kind, () => ({ clock: standingClock() }), { beforeClose: assertLedgerOk });
    let moov: Moov;
    before(async () => {
      moov = new Moov({ security: { username: s.platform.publicKey, password: s.platform.secret }, serverURL: s.url });
    });

    it('lists, gets, adds, reads, changes, deletes and downloads evidence, submits, and the dispute is won', async () => {
      const accountID = s.platform.accountID;
      const { merchant, transferID, cardholderAccountID, disputes } = await disputedPayment(s, 66_01);
      const disputeID = disputes[0].disputeID as string;

      const listed = await moov.disputes.list({
        accountID,
        transferIDs: [transferID],
        disputeIDs: [disputeID],
        status: 'response-needed',
        merchantAccountID: merchant.accountID,
        cardholderAccountID,
        startDateTime: new Date(Date.parse(disputes[0].createdOn) - 1_000),
        endDateTime: new Date(Date.parse(disputes[0].createdOn)),
        respondStartDateTime: new Date(disputes[0].respondBy),
        orderBy: 'createdOn:desc',
        skip: 0,
        count: 10,
      });
      assert.deepEqual(listed.result.map((d) => d.disputeID), [disputeID]);
      const dispute = (await moov.disputes.get({ accountID, disputeID })).result;
      assert.equal(dispute.status, 'response-needed');
      assert.equal(dispute.phase, 'chargeback');
      assert.ok(dispute.respondBy instanceof Date);
      assert.deepEqual(dispute.amount, { currency: 'USD', value: 66_01 });

      const text = (await moov.disputes.uploadEvidenceText({ accountID, disputeID, createEvidenceText: { text: 'Signed for on 3 May.', evidenceType: 'proof-of-delivery' } })).result;
      assert.equal(text.text, 'Signed for on 3 May.');
      const pdf = new TextEncoder().encode('%PDF-1.4\n% receipt\n');
      const file = (
        await moov.disputes.uploadEvidenceFile({ accountID, disputeID, createEvidenceFileMultiPart: { evidenceType: 'receipt', file: { fileName: 'receipt.pdf', content: pdf } } })
      ).result;
      assert.equal(file.mimeType, 'application/pdf');
      assert.equal(file.size, pdf.byteLength);
      const jpeg = (
        await moov.disputes.uploadEvidenceFile({
          accountID,
          disputeID,
          createEvidenceFileMultiPart: { evidenceType: 'other', file: { fileName: 'photo.jpg', content: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) } },
        })
      ).result;

      const evidence = (await moov.disputes.listEvidence({ accountID, disputeID })).result;
      assert.deepEqual(evidence.map((e) => e.evidenceID), [text.evidenceID, file.evidenceID, jpeg.evidenceID]);
      assert.ok(evidence[0]!.createdOn instanceof Date);
      assert.equal((await moov.disputes.getEvidence({ accountID, disputeID, evidenceID: file.evidenceID })).result.filename, 'receipt.pdf');
      const changed = (await moov.disputes.updateEvidence({ accountID, disputeID, evidenceID: text.evidenceID, updateEvidence: { evidenceType: 'customer-communication' } })).result;
      assert.equal(changed.evidenceType, 'customer-communication');

      const data = await moov.disputes.getEvidenceData({ accountID, disputeID, evidenceID: file.evidenceID });
      assert.deepEqual(await readAll(data.result), pdf);
      const photo = await moov.disputes.getEvidenceData({ accountID, disputeID, evidenceID: jpeg.evidenceID });
      assert.deepEqual([...(await readAll(photo.result))], [0xff, 0xd8, 0xff, 0xe0]);

      const deleted = await moov.disputes.deleteEvidence({ accountID, disputeID, evidenceID: jpeg.evidenceID });
      assert.deepEqual(Object.keys(deleted ?? {}), ['headers']);

      const submitted = (await moov.disputes.submitEvidence({ accountID, disputeID })).result;
      assert.equal(submitted.status, 'under-review');
      assert.ok(submitted.submittedOn instanceof Date);
      await advance(s, { seconds: 5 });
      assert.equal((await moov.disputes.get({ accountID, disputeID })).result.status, 'won');
      assert.equal(await balance(s, merchant), 66_01);
      const transfer = (await moov.transfers.get({ accountID, transferID })).result;
      assert.equal(transfer.status, 'completed');
      assert.deepEqual(transfer.disputedAmount, { currency: 'USD', value: 66_01 });
      assert.deepEqual(transfer.disputes?.map((d) => [d.disputeID, d.amount.value, d.createdOn instanceof Date]), [[disputeID, 66_01, true]]);
    });

    it('accepts; refusals are the SDK’s typed errors', async () => {
      const accountID = s.platform.accountID;
      const { disputes } = await disputedPayment(s, 66_02);
      const disputeID = disputes[0].disputeID as string;

      const png = moov.disputes.uploadEvidenceFile({ accountID, disputeID, createEvidenceFileMultiPart: { evidenceType: 'receipt', file: { fileName: 'shot.png', content: new Uint8Array([0x89, 0x50]) } } });
      await assert.rejects(png, (error: unknown) => error instanceof FileUploadValidationError && /image\/jpeg/.test(error.file?.mimeType ?? ''));
      const big = moov.disputes.uploadEvidenceFile({
        accountID,
        disputeID,
        createEvidenceFileMultiPart: { evidenceType: 'receipt', file: { fileName: 'big.pdf', content: new Uint8Array(4 * 1024 * 1024 + 1) } },
      });
      await assert.rejects(big, (error: unknown) => error instanceof FileUploadValidationError && /4 MB/.test(error.file?.filename ?? ''));
      await assert.rejects(moov.disputes.submitEvidence({ accountID, disputeID }), (error: unknown) => error instanceof GenericError && error.statusCode === 400);

      const accepted = (await moov.disputes.accept({ accountID, disputeID })).result;
      assert.equal(accepted.status, 'accepted');
      await assert.rejects(moov.disputes.accept({ accountID, disputeID }), (error: unknown) => error instanceof GenericError && error.statusCode === 409);
      await assert.rejects(
        moov.disputes.uploadEvidenceText({ accountID, disputeID, createEvidenceText: { text: 'late', evidenceType: 'other' } }),
        (error: unknown) => error instanceof GenericError && error.statusCode === 409,
      );
      await assert.rejects(moov.disputes.get({ accountID: s.otherPlatform.accountID, disputeID }), (error: unknown) => (error as { statusCode?: number }).statusCode === 404);
    });
  });
}
