import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiError, type Exercises } from './context.ts';
import { completedTransfer } from './parties.ts';

/** The dashboard's Railyard-only reads, through the client. */
export const railyardInsightExercises: Exercises = {
  'sandbox.listTransferLedgerEntries': async ({ server, client }) => {
    const { transferID } = await completedTransfer(server, client, 5_000, 1_200);
    const ledger = await client.sandbox.listTransferLedgerEntries({ transferID });
    assert.equal(ledger.transferID, transferID);
    assert.ok(ledger.entries.length >= 1);
    for (const entry of ledger.entries) assert.equal(entry.postings.reduce((sum, p) => sum + p.amount, 0), 0);
    await assert.rejects(client.sandbox.listTransferLedgerEntries({ transferID: randomUUID() }), apiError(404));
  },

  'sandbox.listTransferEvents': async ({ server, client }) => {
    const { transferID } = await completedTransfer(server, client, 5_000, 1_300);
    const page = await client.sandbox.listTransferEvents({ transferID });
    assert.equal(page.events[0]?.type, 'transfer.created');
    assert.ok(page.events.every((event) => event.data['transferID'] === transferID));
  },

  'sandbox.listJobs': async ({ client }) => {
    const list = await client.sandbox.listJobs({ count: 5 });
    assert.ok(list.jobs.length <= 5);
    assert.deepEqual(Object.keys(list.counts).sort(), ['claimed', 'completed', 'failed', 'pending']);
    await assert.rejects(client.sandbox.listJobs({ count: 0 }), apiError(422, (e) => e.fields?.['count'] !== undefined));
  },
};
