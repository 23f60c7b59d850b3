import assert from 'node:assert/strict';
import type { BinaryBody } from '#contract';
import type { RailyardClient } from '../../../src/index.ts';
import type { TestServer } from '../../../../server/test/support/server.ts';
import { disputedPayment } from '../../../../server/test/disputes/helpers.ts';
import { apiError, UUID, type Exercises } from './context.ts';

/**
 * The disputes operations through the client (docs/disputes.md). Each case
 * opens a fresh dispute with the sandbox's $66.01 chargeback trigger, walked
 * on the platform clock by the server tests' helper.
 */
async function openDispute(server: TestServer) {
  const { disputes, transferID, merchant } = await disputedPayment(server, 66_01);
  assert.equal(disputes.length, 1);
  return { disputeID: disputes[0].disputeID as string, transferID, merchant, accountID: server.platform.accountID };
}

const pdf = () => new File([new TextEncoder().encode('%PDF-1.4\n% evidence\n')], 'receipt.pdf', { type: 'application/pdf' });

async function withText(client: RailyardClient, accountID: string, disputeID: string) {
  return client.disputes.uploadEvidenceText({ accountID, disputeID, body: { text: 'Delivered on 3 May.', evidenceType: 'proof-of-delivery' } });
}

export const disputeExercises: Exercises = {
  'disputes.list': async ({ server, client }) => {
    const { disputeID, transferID, accountID } = await openDispute(server);
    const listed = await client.disputes.list({ accountID, transferIDs: transferID, status: 'response-needed' });
    assert.deepEqual(listed.map((d) => d.disputeID), [disputeID]);
    assert.deepEqual(await client.disputes.list({ accountID, transferIDs: transferID, status: 'won' }), []);
  },

  'disputes.get': async ({ server, client }) => {
    const { disputeID, transferID, accountID } = await openDispute(server);
    const dispute = await client.disputes.get({ accountID, disputeID });
    assert.equal(dispute.transfer.transferID, transferID);
    assert.equal(dispute.status, 'response-needed');
    assert.deepEqual(dispute.amount, { currency: 'USD', value: 66_01 });
  },

  'disputes.accept': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    assert.equal((await client.disputes.accept({ accountID, disputeID })).status, 'accepted');
    await assert.rejects(client.disputes.accept({ accountID, disputeID }), apiError(409));
  },

  'disputes.uploadEvidenceFile': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await client.disputes.uploadEvidenceFile({ accountID, disputeID, body: { evidenceType: 'receipt', file: pdf() } });
    assert.match(stored.evidenceID, UUID);
    assert.equal(stored.filename, 'receipt.pdf');
    assert.equal(stored.mimeType, 'application/pdf');
    // The JSON form MCP tools send: the client makes it a file part.
    const tiff = await client.disputes.uploadEvidenceFile({
      accountID,
      disputeID,
      body: { evidenceType: 'other', file: { fileName: 'scan.tiff', contentType: 'image/tiff', contentBase64: Buffer.from([0x49, 0x49, 0x2a, 0x00]).toString('base64') } },
    });
    assert.deepEqual([tiff.filename, tiff.mimeType, tiff.size], ['scan.tiff', 'image/tiff', 4]);
    await assert.rejects(
      client.disputes.uploadEvidenceFile({ accountID, disputeID, body: { evidenceType: 'receipt', file: new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }) } }),
      apiError(422),
    );
  },

  'disputes.uploadEvidenceText': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await withText(client, accountID, disputeID);
    assert.equal(stored.text, 'Delivered on 3 May.');
    assert.equal(stored.evidenceType, 'proof-of-delivery');
  },

  'disputes.listEvidence': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await withText(client, accountID, disputeID);
    assert.deepEqual((await client.disputes.listEvidence({ accountID, disputeID })).map((e) => e.evidenceID), [stored.evidenceID]);
  },

  'disputes.getEvidence': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await withText(client, accountID, disputeID);
    assert.equal((await client.disputes.getEvidence({ accountID, disputeID, evidenceID: stored.evidenceID })).text, 'Delivered on 3 May.');
  },

  'disputes.updateEvidence': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await withText(client, accountID, disputeID);
    const changed = await client.disputes.updateEvidence({ accountID, disputeID, evidenceID: stored.evidenceID, body: { text: 'Signed for.' } });
    assert.equal(changed.text, 'Signed for.');
  },

  'disputes.deleteEvidence': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const stored = await withText(client, accountID, disputeID);
    assert.equal(await client.disputes.deleteEvidence({ accountID, disputeID, evidenceID: stored.evidenceID }), undefined);
    assert.deepEqual(await client.disputes.listEvidence({ accountID, disputeID }), []);
  },

  'disputes.getEvidenceData': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    const file = pdf();
    const stored = await client.disputes.uploadEvidenceFile({ accountID, disputeID, body: { evidenceType: 'receipt', file } });
    const data: BinaryBody = await client.disputes.getEvidenceData({ accountID, disputeID, evidenceID: stored.evidenceID });
    assert.equal(data.contentType, 'application/pdf');
    assert.deepEqual([...data.bytes], [...new Uint8Array(await file.arrayBuffer())]);
  },

  'disputes.submitEvidence': async ({ server, client }) => {
    const { disputeID, accountID } = await openDispute(server);
    await withText(client, accountID, disputeID);
    const submitted = await client.disputes.submitEvidence({ accountID, disputeID });
    assert.equal(submitted.status, 'under-review');
    assert.ok(submitted.submittedOn);
    await assert.rejects(client.disputes.submitEvidence({ accountID, disputeID }), apiError(409));
  },
};
